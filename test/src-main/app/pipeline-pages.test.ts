import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PipelineIds, PipelinePage, PipelineQuery, PipelineRow, PipelineSortKey } from '../../../src-main/contract';
import { harness, type Harness } from './support';

/*
 * Issue 17: the pipeline a page at a time, over a real SQLite store, checked against a
 * straightforward in-memory reference over the same rows (deals.pipeline's every-row answer, in
 * the default order: created_at, id).
 */

const SORT_KEYS: PipelineSortKey[] = ['seedName', 'state', 'status', 'priority', 'owner', 'loanType', 'propertyType', 'grossLoan', 'interestRate', 'dscr', 'debtYield', 'ltv', 'riskRating'];
type Filter = NonNullable<PipelineQuery['filter']>;
const NO_FILTER: Required<Filter> = { states: [], statuses: [], propertyTypes: [], loanTypes: [], owners: [], riskRatings: [], priorities: [] };

/** SQLite's NOCASE: ASCII letters folded, then compared by code unit. */
const fold = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
const compareText = (a: string, b: string) => (fold(a) < fold(b) ? -1 : fold(a) > fold(b) ? 1 : 0);
const PRIORITY: Record<string, number> = { Low: 0, Medium: 1, High: 2 };

function sortValue(row: PipelineRow, key: PipelineSortKey): string | number | null {
  if (key === 'priority') return row.priority === null ? null : PRIORITY[row.priority]!;
  if (key === 'riskRating') return row.riskRating === null || row.riskRating === '' ? null : Number(row.riskRating);
  // A figure of 0 is not measured (no NOI, no debt service, no value): with the empty ones.
  if ((key === 'dscr' || key === 'debtYield' || key === 'ltv') && row[key] === 0) return null;
  return row[key];
}

function haystack(r: PipelineRow): string {
  return [r.seedName, r.loanId ?? '', r.owner, r.status ?? '', r.state, r.propertyType.replace(/_/g, ' '), r.loanType.replace(/_/g, ' '), ...r.addresses].join(' ').toLowerCase();
}

/** The reference: filter, search and sort the full rows in memory. */
function reference(all: readonly PipelineRow[], query: PipelineQuery): PipelineRow[] {
  const filter = { ...NO_FILTER, ...query.filter };
  const keep = (list: readonly string[], value: string | null) => list.length === 0 || (value !== null && list.includes(value));
  const terms = (query.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const rows = all
    .map((row, order) => ({ row, order }))
    .filter(
      ({ row: r }) =>
        keep(filter.states, r.state) &&
        keep(filter.statuses, r.status) &&
        keep(filter.propertyTypes, r.propertyType) &&
        keep(filter.loanTypes, r.loanType) &&
        keep(filter.owners, r.owner) &&
        keep(filter.riskRatings, r.riskRating) &&
        keep(filter.priorities, r.priority) &&
        terms.every((t) => haystack(r).includes(t)),
    );
  const sort = query.sort;
  if (sort) {
    const sign = sort.direction === 'asc' ? 1 : -1;
    rows.sort((a, b) => {
      const va = sortValue(a.row, sort.key);
      const vb = sortValue(b.row, sort.key);
      if (va === null || vb === null) {
        if (va !== vb) return va === null ? 1 : -1;
      } else {
        const c = typeof va === 'number' && typeof vb === 'number' ? va - vb : compareText(String(va), String(vb));
        if (c !== 0) return c * sign;
      }
      return compareText(a.row.seedName, b.row.seedName) || a.order - b.order;
    });
  }
  return rows.map((r) => r.row);
}

describe('the paged pipeline (pipeline.page, pipeline.ids, pipeline.facets)', () => {
  let h: Harness;
  let all: PipelineRow[];

  const page = (query: PipelineQuery, offset = 0, limit = 500) => h.value<PipelinePage>('pipeline.page', { ...query, offset, limit });
  const ids = (query: PipelineQuery & { offset?: number; limit?: number }) => h.value<PipelineIds>('pipeline.ids', query);
  const refreshAll = async () => {
    all = (await h.value<{ rows: PipelineRow[] }>('deals.pipeline')).rows;
  };

  beforeAll(async () => {
    h = harness({ deals: 140 });
    await refreshAll();
  });
  afterAll(() => h.close());

  it('answers the rows of deals.pipeline, figures included, in the default order, a page at a time', async () => {
    expect(all.length).toBe(140);
    const first = await page({}, 0, 50);
    expect(first).toMatchObject({ offset: 0, total: 140, all: 140, pending: 0 });
    expect(first.rows).toEqual(all.slice(0, 50));
    expect((await page({}, 130, 50)).rows).toEqual(all.slice(130));
    expect((await page({}, 140, 50)).rows).toEqual([]);
  });

  it('sorts by every column in both directions as the reference does, nulls last, ties by name', async () => {
    for (const key of SORT_KEYS) {
      for (const direction of ['asc', 'desc'] as const) {
        const query: PipelineQuery = { sort: { key, direction } };
        const expected = reference(all, query).map((r) => r.id);
        const got = (await page(query)).rows.map((r) => r.id);
        expect(got, `${key} ${direction}`).toEqual(expected);
        expect((await page(query, 37, 25)).rows.map((r) => r.id), `${key} ${direction}, offset 37`).toEqual(expected.slice(37, 62));
      }
    }
  });

  it('filters and searches as the reference does, and counts what it keeps', async () => {
    const sample = all.find((r) => r.addresses.length > 0 && r.status !== null)!;
    const zip = /\b\d{5}\b/.exec(sample.addresses[0]!)?.[0];
    const city = sample.addresses[0]!.split(',')[1]?.trim();
    const queries: PipelineQuery[] = [
      { filter: { states: [sample.state] } },
      { filter: { states: [sample.state], priorities: ['High', 'Low'] }, sort: { key: 'grossLoan', direction: 'desc' } },
      { filter: { propertyTypes: [sample.propertyType], loanTypes: [sample.loanType] } },
      { filter: { statuses: [sample.status!], riskRatings: all.map((r) => r.riskRating).filter((v): v is string => !!v).slice(0, 3) } },
      { search: sample.seedName.toUpperCase() },
      { search: zip ?? sample.seedName },
      { search: `${city ?? ''} ${sample.state}`, sort: { key: 'dscr', direction: 'desc' } },
      { search: 'multi family' },
      { search: 'no deal has this text' },
      { filter: { states: ['NoSuchState'] } },
    ];
    for (const query of queries) {
      const expected = reference(all, query);
      const got = await page(query);
      expect(got.total, JSON.stringify(query)).toBe(expected.length);
      expect(got.all).toBe(140);
      expect(got.rows.map((r) => r.id), JSON.stringify(query)).toEqual(expected.map((r) => r.id));
    }
    // The searches above found something (the checks are not all of empty lists).
    expect(reference(all, { search: zip ?? sample.seedName }).length).toBeGreaterThan(0);
  });

  it('answers every id of a filtered set, or a range of it, with each deal state', async () => {
    const query: PipelineQuery = { filter: { states: [all[0]!.state] }, sort: { key: 'seedName', direction: 'desc' } };
    const expected = reference(all, query);
    const every = await ids(query);
    expect(every.ids).toEqual(expected.map((r) => r.id));
    expect(every.stateOf.map((i) => every.states[i])).toEqual(expected.map((r) => r.state));
    const range = await ids({ ...query, offset: 2, limit: 3 });
    expect(range.ids).toEqual(expected.slice(2, 5).map((r) => r.id));
  });

  it('selects all of a filtered set and bulk-edits exactly those deals', async () => {
    // The commonest state, and the commonest property type in it (as a search word).
    const commonest = (values: string[]) => {
      const counts = new Map<string, number>();
      for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
      return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
    };
    const state = commonest(all.map((r) => r.state));
    const type = commonest(all.filter((r) => r.state === state).map((r) => r.propertyType));
    const query: PipelineQuery = { filter: { states: [state] }, search: type.replace(/_/g, ' ').toLowerCase() };
    const target = reference(all, query);
    expect(target.length).toBeGreaterThan(1);
    expect(target.length).toBeLessThan(all.length);
    const selected = await ids(query);
    const result = await h.value<{ updatedEntities: string[]; errors: unknown[] }>('deals.bulkUpdate', {
      source: 'bulk',
      itemsToUpdate: selected.ids.map((id) => ({ id, updates: [{ property: 'Priority', value: 'Low' }, { property: 'RiskRating', value: '8' }] })),
    });
    expect(result.errors).toEqual([]);
    expect(new Set(result.updatedEntities)).toEqual(new Set(target.map((r) => r.id)));

    const before = new Map(all.map((r) => [r.id, r]));
    await refreshAll();
    const chosen = new Set(selected.ids);
    for (const row of all) {
      if (chosen.has(row.id)) expect([row.priority, row.riskRating]).toEqual(['Low', '8']);
      else expect([row.priority, row.riskRating]).toEqual([before.get(row.id)!.priority, before.get(row.id)!.riskRating]);
    }
    // The pages see the edit at once: filtering by the new values finds exactly those deals.
    const edited = await page({ filter: { priorities: ['Low'], riskRatings: ['8'] }, search: query.search });
    expect(edited.rows.map((r) => r.id).sort()).toEqual(reference(all, { filter: { priorities: ['Low'], riskRatings: ['8'] }, search: query.search }).map((r) => r.id).sort());
    expect(edited.rows.map((r) => r.id).filter((id) => chosen.has(id)).length).toBe(chosen.size);
  });

  it('keeps the search current with the store: a changed status is found at once', async () => {
    const deal = all.find((r) => r.state === 'NewDeal')!;
    const settings = await h.value<{ config: { statusesByState: Record<string, string[]> } }>('settings.get');
    const status = settings.config.statusesByState.NewDeal!.find((s) => s !== deal.status)!;
    // A search first, so the search texts exist before the edit.
    expect((await page({ search: deal.seedName })).rows.map((r) => r.id)).toContain(deal.id);
    await h.value('deals.bulkUpdate', { source: 'bulk', itemsToUpdate: [{ id: deal.id, updates: [{ property: 'Status', value: status }] }] });
    await refreshAll();
    const query: PipelineQuery = { search: `${deal.seedName} ${status}` };
    expect((await page(query)).rows.map((r) => r.id)).toEqual(reference(all, query).map((r) => r.id));
    expect((await page(query)).rows.map((r) => r.id)).toContain(deal.id);
  });

  it('keeps the figure sort current with the store: an edited deal moves to its new place', async () => {
    const query: PipelineQuery = { sort: { key: 'dscr', direction: 'desc' } };
    const before = (await page(query)).rows;
    expect(before.map((r) => r.id)).toEqual(reference(all, query).map((r) => r.id));
    // The deal with the highest DSCR borrows ten times as much: its DSCR falls.
    const top = before[0]!;
    await h.value('deals.bulkUpdate', { source: 'bulk', itemsToUpdate: [{ id: top.id, updates: [{ property: 'GrossLoan', value: String(top.grossLoan * 10) }] }] });
    await refreshAll();
    const after = (await page(query)).rows;
    expect(after.map((r) => r.id)).toEqual(reference(all, query).map((r) => r.id));
    expect(after[0]!.id).not.toBe(top.id);
  });

  it('offers the values the store holds for the filter pickers', async () => {
    const facets = await h.value<Record<string, string[]>>('pipeline.facets');
    const distinct = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => !!v))].sort();
    expect(facets.states).toEqual(distinct(all.map((r) => r.state)));
    expect(facets.statuses).toEqual(distinct(all.map((r) => r.status)));
    expect(facets.owners).toEqual(distinct(all.map((r) => r.owner)));
    expect(facets.riskRatings).toEqual(distinct(all.map((r) => r.riskRating)));
  });

  it('refuses a page larger than the limit and a sort by an unknown column', async () => {
    expect(await h.call('pipeline.page', { offset: 0, limit: 501 })).toMatchObject({ ok: false, details: { code: 'InvalidInput', target: 'limit' } });
    expect(await h.call('pipeline.page', { offset: 0, limit: 10, sort: { key: 'addresses', direction: 'asc' } })).toMatchObject({ ok: false, details: { code: 'InvalidInput' } });
  });
});

describe('the paged pipeline on a store without stored figures', () => {
  it('computes the figures of the page it answers, and sorts deals without figures last', async () => {
    const h = harness({ deals: 30 });
    try {
      const figuresCount = () => h.db.$client.prepare('SELECT count(*) FROM collateral_figures').pluck().get() as number;
      // seedDemoPortfolio stores no figures; the channel table's warm-up queues them in the background.
      h.table.pipeline.close();
      expect(figuresCount()).toBe(0);
      const first = await h.value<PipelinePage>('pipeline.page', { offset: 0, limit: 5 });
      expect(first.rows.every((r) => r.dscr !== null && r.ltv !== null && r.debtService !== null)).toBe(true);
      expect(first.pending).toBeGreaterThan(0);
      expect(first.pending).toBeLessThanOrEqual(25);
      const withFigures = 30 - first.pending;
      const sorted = await h.value<PipelinePage>('pipeline.page', { offset: 0, limit: 30, sort: { key: 'dscr', direction: 'asc' } });
      // The deals with figures come first (in DSCR order), the page's 5 among them; the others after them.
      const head = sorted.rows.slice(0, withFigures);
      for (const row of first.rows) expect(head.map((r) => r.id)).toContain(row.id);
      const dscrs = head.map((r) => r.dscr!);
      expect(dscrs).toEqual([...dscrs].sort((a, b) => a - b));
    } finally {
      h.close();
    }
  });

  it('sorts a new deal without income or valuation after the measured deals by DSCR, debt yield and LTV, in both directions', async () => {
    const h = harness({ deals: 12 });
    try {
      const { createdEntityId } = await h.value<{ createdEntityId: string }>('deals.createCommercial', {
        ownerId: 'owner@example.com',
        dealName: 'Aaa New Shell',
        address: { fullAddress: '100 Congress Ave, Austin, TX 78701' },
        propertyType: 'Office',
        loanType: 'Acquisition',
        loanAmount: 5_000_000,
        loanTerm: 120,
      });
      // Its figures computed and stored (as the pipeline's background does), so that it is sorted on them, not as pending.
      await h.value('deals.pipeline');
      for (const key of ['dscr', 'debtYield', 'ltv'] as const) {
        for (const direction of ['asc', 'desc'] as const) {
          const rows = (await h.value<PipelinePage>('pipeline.page', { offset: 0, limit: 20, sort: { key, direction } })).rows;
          expect(rows).toHaveLength(13);
          expect(rows.at(-1)!.id, `${key} ${direction}`).toBe(createdEntityId);
          expect(rows.at(-1)![key]).toBe(0);
        }
      }
    } finally {
      h.close();
    }
  });

  it('answers the rows deals.pipeline answers once every figure is computed', async () => {
    const h = harness({ deals: 12 });
    try {
      const rows = (await h.value<PipelinePage>('pipeline.page', { offset: 0, limit: 12 })).rows;
      const reference = (await h.value<{ rows: PipelineRow[] }>('deals.pipeline')).rows;
      expect(rows).toEqual(reference);
    } finally {
      h.close();
    }
  });
});
