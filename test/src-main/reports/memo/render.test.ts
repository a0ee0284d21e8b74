import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { format } from '../../../../src-main/contract';
import { renderMemoPdf, renderMemoPdfBuffer, type MemoData } from '../../../../src-main/reports';
import { startTestService, tempDir, type TestService } from '../../../support/service';
import { sampleAnalysis, sampleHistory } from './fixtures';
import { demoDealIds, memoDataOverHttp } from './memo-data';
import { pdfInfo, pdfText } from './pdf-reader';

const SECTIONS = [
  '1 Summary and recommendation',
  '2 Loan terms',
  '3 Sources and uses',
  '4 Loan sizing, breakpoints and stress',
  '5 Collateral and valuation',
  '6 Components and market',
  '7 Rent roll summary',
  '8 Borrowers, sponsors and guarantors',
  '9 History summary',
];

const KINDS = {
  residential: (t: string) => t === 'Multi_Family_Apartments',
  commercial: (t: string) => t === 'Office',
  hotel: (t: string) => t === 'Hotel',
  mixed: (t: string) => t === 'Mixed',
};
type Kind = keyof typeof KINDS;

let s: TestService;
let dir: { path: string; remove(): void };
const deals = {} as Record<Kind, MemoData>;

beforeAll(async () => {
  dir = tempDir('uw-memo-');
  s = await startTestService({ demoDeals: 40 });
  for (const [kind, test] of Object.entries(KINDS) as [Kind, (t: string) => boolean][]) {
    const [id] = await demoDealIds(s, test);
    if (!id) throw new Error(`the demo portfolio has no ${kind} deal`);
    deals[kind] = await memoDataOverHttp(s, id, {
      recommendation: 'Approve as structured.\n\nCoverage and leverage are within the bank’s policy.',
      notes: [{ at: '2026-11-20T15:04:00Z', author: 'Hector Alvarez', text: 'Site visit done.' }],
      generatedAt: '2026-11-22T10:00:00Z',
      productVersion: '0.1.0',
      preparedBy: 'Dana Lee',
    });
  }
}, 120_000);
afterAll(async () => {
  await s?.stop();
  dir?.remove();
});

const memoFile = (name: string) => join(dir.path, `${name}.pdf`);

describe('the credit memo of a demo deal, read back with pdftotext', () => {
  it.each(Object.keys(KINDS) as Kind[])(
    'shows the %s deal by name with its loan terms and DSCR formatted as on the deal page, every section, and its people’s SSNs masked',
    async (kind) => {
      const data = deals[kind];
      const d = data.deal;
      const file = memoFile(kind);
      const result = await renderMemoPdf(data, { file });
      const text = await pdfText(file);

      expect(text).toContain(d.seedName);
      expect(text).toContain(`DSCR ${format.multiple(d.collateralTotals.dscr)}`);
      for (const figure of [format.usd(d.grossLoan), format.pct(d.interestRate, 3), format.months(d.loanTerm), format.pctNumber(d.collateralTotals.debtYield), format.pct(d.ltv, 1)]) {
        expect(text).toContain(figure);
      }
      expect(text).toContain(`Loan amount (current, gross) ${format.usd(d.grossLoan)}`);
      for (const title of SECTIONS) expect(text).toContain(title);
      expect(text).toContain('Approve as structured.');
      expect(text).toContain('Site visit done.');

      expect(data.people.length).toBeGreaterThan(0);
      for (const { info } of data.people) {
        const ssn = info.socialSecurityNumber!;
        expect(ssn).toMatch(/^\d{3}-\d{2}-\d{4}$/);
        expect(text).toContain(`Social security number ${format.maskSsn(ssn)}`);
        expect(text).not.toContain(ssn);
        expect(text).not.toContain(ssn.replace(/\D/g, ''));
      }

      const info = await pdfInfo(file);
      expect(result.pages).toBe(info.pages);
      expect(info.pages).toBeGreaterThan(3);
      for (let page = 1; page <= info.pages; page++) {
        const pageText = await pdfText(file, page);
        expect(pageText, `page ${page}`).toContain(`Page ${page} of ${info.pages}`);
        expect(pageText, `page ${page}`).toContain(`Data SHA-256 ${data.dataHash}`);
        expect(pageText, `page ${page}`).toContain(`${d.seedName} · ${d.loanId}`);
        expect(pageText, `page ${page}`).toContain('Generated Nov 22, 2026 10:00 UTC');
      }
      expect(info.fields.Title).toBe(`Credit memorandum — ${d.seedName}`);
    },
    60_000,
  );

  it('gives each kind of deal the parts it has: unit mix and rent roll rollover, suites, hotel rooms and revenue', async () => {
    const residential = await pdfText(memoFile('residential'));
    expect(residential).toMatch(/Unit mix \(\d[\d,]* units/);
    expect(residential).toContain('Lease rollover by year');
    expect(residential).toContain('Occupancy (physical)');
    const commercial = await pdfText(memoFile('commercial'));
    expect(commercial).toMatch(/Suites \(\d+ suites/);
    expect(commercial).toContain('Largest tenants');
    // Total and leased square feet apart: the leased figure leaves vacant suites out, and the
    // per-SF rent is labelled as what it divides by.
    const roll = deals.commercial.collaterals.flatMap((c) => c.components).flatMap((c) => (c.kind === 'Commercial' ? c.rentRolls : []))[0]!;
    const leased = roll.rentRollItems.filter((i) => i.tenantName && i.tenantName.trim() !== '').reduce((sum, i) => sum + i.unitSize, 0);
    expect(commercial).toContain(`Total SF ${format.sf(roll.totalSf)}`);
    expect(commercial).toContain(`Leased SF ${format.sf(leased)}`);
    expect(commercial).toContain('Annual $/leased SF');
    const hotel = await pdfText(memoFile('hotel'));
    const rooms = deals.hotel.collaterals[0]!.components.find((c) => c.kind === 'Hotel');
    expect(rooms?.kind).toBe('Hotel');
    if (rooms?.kind === 'Hotel') expect(hotel).toContain(`RevPAR ${format.usd(rooms.info.hotelInfo.revPar, { cents: true })}`);
    expect(hotel).toContain('No rent roll on record for this deal’s components.');
    const mixed = await pdfText(memoFile('mixed'));
    expect(mixed).toContain('6.1 Residential');
    expect(mixed).toContain('6.2 Commercial');
  });

  it('prints each collateral’s cash flow by year and its DCF on a landscape page, with a vector chart', async () => {
    const data = deals.commercial;
    const file = memoFile('commercial');
    const info = await pdfInfo(file);
    const cf = data.collaterals[0]!.cashFlow!;
    const valuation = cf.revenueValuations.find((v) => v.valuationsInfoId === cf.mainIncomeValuationId)!;
    const landscape = info.sizes.flatMap(([w, h], i) => (w > h ? [i + 1] : []));
    expect(landscape).toHaveLength(data.collaterals.length);
    const page = await pdfText(file, landscape[0]);
    expect(page).toContain('Cash flow and DCF');
    expect(page).toContain(`Net operating income ${valuation.cashFlow.netOperatingIncomeByYear.map((v) => format.usd(v)).join(' ')}`);
    expect(page).toContain(`Net present value ${format.usd(valuation.cashFlow.netPresentValue)}`);
    // The chart's legend and axis are text drawn in the PDF (SVG rendered as vectors, no image).
    expect(page).toMatch(/Revenue EGI Expenses NOI/);
    expect(page).toContain('$0');
    expect(readFileSync(file).includes('/Subtype /Image')).toBe(false);
    // Every page after the landscape ones is portrait again.
    expect(info.sizes[landscape[0]!]![0]).toBeLessThan(info.sizes[landscape[0]!]![1]);
  });
});

describe('analysis, history and empty states', () => {
  it('shows sizing, breakpoints, stress scenarios and the latest changes where they are given', async () => {
    const data: MemoData = { ...deals.residential, analysis: sampleAnalysis(), history: sampleHistory(45) };
    const file = memoFile('with-analysis');
    await renderMemoPdf(data, { file });
    const text = await pdfText(file);
    const a = data.analysis!;
    expect(text).toContain('Credit policy Bank balance sheet: max LTV 75.0%, max LTC 80.0%, min DSCR 1.25x, min debt yield 9.00%');
    expect(text).toContain(`The largest loan meeting every constraint in force is ${format.usd(a.sizing!.maxLoan)}, bound by DSCR`);
    expect(text).toContain('DSCR (binding) min 1.25x');
    expect(text).toContain(`Break-even NOI (DSCR 1.00x) ${format.usd(a.breakpoints!.breakEvenNoi)}`);
    expect(text).toContain('Rate may rise before DSCR breaks 212 bp');
    expect(text).toContain('Base case none $1,500,000 $24,000,000 7.000% 1.25x 62.5% 10.00%');
    for (const name of ['mild', 'moderate', 'severe']) expect(text).toContain(`Supervisory practice: ${name}`);
    for (const shock of ['rate +300 bp', 'vacancy +12.0 pt', 'value -30.0%', 'rent -15.0%']) expect(text).toContain(shock);
    expect(text).toContain(`DSCR ${format.multiple(990_000 / (15_000_000 * 0.1053))} vs 1.25x`);
    expect(text).toContain('LTV 96.8% vs 75.0%');
    expect(text).not.toContain('was not run');

    expect(text).toContain('Changes recorded 45');
    expect(text).toContain('Latest changes, newest first');
    expect(text).toContain('The 40 most recent changes are listed; 5 earlier ones are in the deal’s full history.');
    expect(text).toContain('Gross Loan $20,000,000 $20,150,000');
    expect(text).toContain('Rate Spread 3.000% 3.300%');
    expect(text).toContain('Loan Payment Structure Interest Only P&I Amortization');
    expect(text).toContain('Period Nov 1, 2026 09:00 UTC – Nov 1, 2026 09:44 UTC');
    // Newest first down to the 40th (09:05); 09:00 to 09:04 are the 5 left out.
    expect(text.indexOf('Nov 1, 2026 09:44 dana.lee')).toBeLessThan(text.indexOf('Nov 1, 2026 09:05 dana.lee'));
    expect(text).not.toContain('Nov 1, 2026 09:04');
  });

  it('lists a constraint that does not apply to a refinance (no project cost) and shows a breach beside its limit on the same rounding', async () => {
    const sample = sampleAnalysis();
    const sizing = { ...sample.sizing!, constraints: sample.sizing!.constraints.filter((c) => c.name !== 'Ltc'), notApplicable: [{ name: 'Ltc' as const, limit: 0.8, reason: 'NoTotalCost' }] };
    const [first, ...rest] = sample.scenarios!;
    const scenarios = [{ ...first!, breaches: [{ metric: 'Dscr', limit: 1.25, value: 1.245 }] }, ...rest];
    const data: MemoData = { ...deals.residential, analysis: { ...sample, sizing, scenarios } };
    const file = memoFile('refinance-sizing');
    await renderMemoPdf(data, { file });
    const text = await pdfText(file);
    expect(text).toContain('LTC max 80.0% not applicable: no project total cost');
    expect(text).toContain('DSCR 1.245x vs 1.25x');
    expect(text).not.toContain('DSCR 1.25x vs 1.25x');
  });

  it('says so where nothing was run, recorded or written', async () => {
    const data: MemoData = { ...deals.residential, recommendation: '  ', notes: [], analysis: undefined, history: [] };
    const file = memoFile('empty-states');
    await renderMemoPdf(data, { file });
    const text = await pdfText(file);
    expect(text).toContain('No recommendation has been recorded for this deal.');
    expect(text).toContain('No notes on this deal.');
    expect(text).toContain('The sizing and stress analysis was not run for this memo');
    expect(text).toContain('No changes recorded for this deal.');

    const partial: MemoData = { ...data, analysis: { sizing: sampleAnalysis().sizing } };
    await renderMemoPdf(partial, { file });
    const partialText = await pdfText(file);
    expect(partialText).toContain('Breakpoints were not computed.');
    expect(partialText).toContain('No stress scenario was run.');
    expect(partialText).not.toContain('Loan sizing was not run.');
  });

  it('splits a long table across pages, repeating its caption and column titles on each', async () => {
    const base = deals.commercial;
    const component = base.collaterals[0]!.components[0]!;
    if (component.kind !== 'Commercial') throw new Error('expected a commercial component');
    const suite = component.info.livingUnitsInfo.livingUnits[0]!;
    const livingUnits = Array.from({ length: 150 }, (_, i) => ({ ...suite, id: `s${i}`, suite: String(1000 + i) }));
    const data: MemoData = {
      ...base,
      collaterals: [
        {
          ...base.collaterals[0]!,
          components: [{ ...component, info: { ...component.info, livingUnitsInfo: { ...component.info.livingUnitsInfo, livingUnits, totalUnits: 150 } } }],
        },
      ],
    };
    const file = memoFile('long-table');
    await renderMemoPdf(data, { file });
    const { pages } = await pdfInfo(file);
    const withSuites: number[] = [];
    for (let page = 1; page <= pages; page++) {
      const text = await pdfText(file, page);
      if (/\b1\d{3} Office suite/.test(text) || /\b1\d{3} \S+ suite/.test(text)) {
        withSuites.push(page);
        expect(text, `page ${page}`).toContain('Suites (150 suites');
        expect(text, `page ${page}`).toContain('Suite Description Floor SF Market $/SF / yr Concluded $/SF / yr Concluded annual');
      }
    }
    expect(withSuites.length).toBeGreaterThanOrEqual(3);
    const all = await pdfText(file);
    for (let i = 0; i < 150; i++) expect(all).toContain(` ${1000 + i} `);
  });
});

describe('free text', () => {
  it('prints free text of any length whole, where it runs over pages', async () => {
    const words = (tag: string, n = 1500) => Array.from({ length: n }, (_, i) => `${tag}${i}`).join(' ');
    const base = deals.commercial;
    const component = base.collaterals[0]!.components[0]!;
    if (component.kind !== 'Commercial') throw new Error('expected a commercial component');
    const [roll] = component.rentRolls;
    const data: MemoData = {
      ...base,
      deal: { ...base.deal, description: words('desc'), note: words('dnote') },
      recommendation: words('rec'),
      notes: [{ at: '2026-11-20T15:04:00Z', author: 'Dana Lee', text: words('note') }],
      people: base.people.map((p, i) => (i === 0 ? { ...p, info: { ...p.info, description: words('person') } } : p)),
      collaterals: [{ ...base.collaterals[0]!, components: [{ ...component, rentRolls: [{ ...roll!, comment: words('roll') }] }] }],
      history: [{ at: '2026-11-19T12:00:00Z', who: 'dana.lee@demo-lender.com', how: 'UI edit', field: 'Description', oldValue: words('old', 800), newValue: 'Short' }],
    };
    const file = memoFile('long-text');
    await renderMemoPdf(data, { file });
    const text = await pdfText(file);
    for (const [tag, n] of [['desc', 1500], ['dnote', 1500], ['rec', 1500], ['note', 1500], ['person', 1500], ['roll', 1500], ['old', 800]] as const) {
      const found = new Set(text.match(new RegExp(`\\b${tag}\\d+\\b`, 'g')));
      expect(found.size, tag).toBe(n);
    }
  }, 60_000);
});

describe('social security numbers', () => {
  it('never prints a full SSN, whether it comes in a person’s field, the recommendation, a note, a description or a history value', async () => {
    const base = deals.residential;
    const [first, ...others] = base.people;
    const data: MemoData = {
      ...base,
      deal: { ...base.deal, note: 'Guarantor SSN on file: 123 45 6789.' },
      people: [{ role: 'Guarantor', info: { ...first!.info, socialSecurityNumber: '123456789', description: 'Guarantor, SSN 123-45-6789' } }, ...others],
      recommendation: 'Approve. Guarantor’s SSN 123-45-6789 checked against the credit bureau.',
      notes: [{ at: '2026-11-20T15:04:00Z', author: 'Dana Lee', text: 'Bureau pull for 123456789 is clean.' }],
      history: [{ at: '2026-11-19T12:00:00Z', who: 'dana.lee@demo-lender.com', how: 'UI edit', field: 'SocialSecurityNumber', oldValue: '987-65-4321', newValue: '123.45.6789' }],
    };
    const file = memoFile('ssn');
    await renderMemoPdf(data, { file });
    const text = await pdfText(file);
    expect(text).toContain('Social security number ***-**-6789');
    expect(text).toContain('Approve. Guarantor’s SSN ***-**-6789 checked');
    expect(text).toContain('Bureau pull for ***-**-6789 is clean.');
    expect(text).toContain('Guarantor SSN on file: ***-**-6789.');
    expect(text).toContain('***-**-4321');
    for (const full of ['123-45-6789', '123456789', '123 45 6789', '123.45.6789', '987-65-4321', '987654321']) expect(text).not.toContain(full);
    const info = await pdfInfo(file);
    expect(JSON.stringify(info.fields)).not.toMatch(/6789|4321/);
  });
});

describe('the PDF file', () => {
  it('is the same bytes for the same data, in any time zone, and differs when the generation date does', async () => {
    const data = deals.mixed;
    const a = await renderMemoPdfBuffer(data);
    const zone = process.env.TZ;
    process.env.TZ = 'Asia/Tokyo';
    let b;
    try {
      b = await renderMemoPdfBuffer(JSON.parse(JSON.stringify(data)) as MemoData);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
    expect(b.sha256).toBe(a.sha256);
    expect(Buffer.compare(a.bytes, b.bytes)).toBe(0);
    const later = await renderMemoPdfBuffer({ ...data, generatedAt: '2026-11-23T10:00:00Z' });
    expect(later.sha256).not.toBe(a.sha256);
    const file = memoFile('mixed');
    expect(readFileSync(file).equals(a.bytes)).toBe(true);
  });

  it('replaces an existing file whole and leaves no temporary file; bad data or a missing folder fails without writing anything', async () => {
    const file = memoFile('replace');
    writeFileSync(file, 'an older memo');
    const result = await renderMemoPdf(deals.hotel, { file });
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    expect(result.bytes).toBe(readFileSync(file).length);
    expect(readdirSync(dir.path).filter((f) => f.endsWith('.tmp'))).toEqual([]);

    for (const bad of [{ generatedAt: 'yesterday' }, { generatedAt: '2026-13-45T00:00:00Z' }, { dataHash: '' }]) {
      await expect(renderMemoPdf({ ...deals.hotel, ...bad }, { file })).rejects.toThrow(/generation date|hash/);
    }
    expect(readFileSync(file).equals(await renderMemoPdfBuffer(deals.hotel).then((p) => p.bytes))).toBe(true);

    const missing = join(dir.path, 'no-such-folder', 'memo.pdf');
    await expect(renderMemoPdf(deals.hotel, { file: missing })).rejects.toThrow(/ENOENT/);
    expect(existsSync(join(dir.path, 'no-such-folder'))).toBe(false);
  });
});
