import { createRequire } from 'node:module';
import { expect, it } from 'vitest';
import { fullDeal } from '../../contract/samples';

const require = createRequire(import.meta.url);
const pdfLibraryLoaded = () => Object.keys(require.cache).some((path) => /[\\/]node_modules[\\/](pdfmake|pdfkit|fontkit)[\\/]/.test(path));

// Its own test file: vitest runs each file in a fresh process, so nothing else loaded pdfmake.
it('loads the PDF library on the first memo, not when the reports layer is imported', async () => {
  const reports = await import('../../../../src-main/reports');
  expect(pdfLibraryLoaded()).toBe(false);
  const pdf = await reports.renderMemoPdfBuffer({
    deal: fullDeal(),
    funds: null,
    collaterals: [],
    people: [],
    companies: [],
    recommendation: '',
    notes: [],
    generatedAt: '2026-11-22T10:00:00Z',
    dataHash: 'ab'.repeat(32),
    productVersion: '0.1.0',
  });
  expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdfLibraryLoaded()).toBe(true);
});
