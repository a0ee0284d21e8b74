import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeedInfoResponseDto } from '../../../../src-main/contract';
import { renderMemoPdf, type MemoData } from '../../../../src-main/reports';
import { tempDir } from '../../../support/service';
import { fullDeal, specDeal } from '../../contract/samples';
import { pdfInfo, pdfText } from './pdf-reader';

let dir: { path: string; remove(): void };
beforeAll(() => {
  dir = tempDir('uw-memo-doc-');
});
afterAll(() => dir.remove());

const bare = (deal: SeedInfoResponseDto): MemoData => ({
  deal,
  funds: null,
  collaterals: [],
  people: [],
  companies: [],
  recommendation: 'Decline: no collateral on record yet.',
  notes: [],
  generatedAt: '2026-11-22T10:00:00Z',
  dataHash: 'ab'.repeat(32),
  productVersion: '0.1.0',
});

describe('a memo of a deal with little on record', () => {
  it('renders a deal with no funds, collateral, components or parties, each section saying so', async () => {
    const file = join(dir.path, 'bare.pdf');
    await renderMemoPdf(bare(fullDeal()), { file });
    const text = await pdfText(file);
    expect(text).toContain('Maple Court Apartments');
    expect(text).toContain('DSCR 1.28x');
    expect(text).toContain('This deal has no sources and uses of funds on record.');
    expect(text).toContain('This deal has no collateral.');
    expect(text).toContain('This deal has no component.');
    expect(text).toContain('No rent roll on record for this deal’s components.');
    expect(text).toContain('No person or company is linked to this deal.');
    const info = await pdfInfo(file);
    // Nothing landscape without a cash flow; the footer counts every page.
    expect(info.sizes.every(([w, h]) => w < h)).toBe(true);
    expect(await pdfText(file, info.pages)).toContain(`Page ${info.pages} of ${info.pages}`);
  });

  it('renders a deal read from a spec-only server, whose reads lack the extension fields', async () => {
    const file = join(dir.path, 'spec-only.pdf');
    await renderMemoPdf(bare(specDeal() as SeedInfoResponseDto), { file });
    const text = await pdfText(file);
    expect(text).toContain('Maple Court Apartments LN-1001');
    expect(text).toContain('Loan amount (current, gross) $9,800,000');
    expect(text).toContain('Project total cost —');
    expect(text).toContain('Spread 2.750%');
  });
});
