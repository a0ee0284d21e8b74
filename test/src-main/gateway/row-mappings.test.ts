import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rentRollItemFigures } from '../../../src-main/domain';
import { seedDemoPortfolio } from '../../../src-main/demo/seed';
import { companyColumns, companyDto, personColumns, personDto } from '../../../src-main/gateway/party-rows';
import {
  commercialItemColumns,
  commercialItemDto,
  rentRollColumns,
  rentRollHeaderDto,
  residentialItemColumns,
  residentialItemDto,
} from '../../../src-main/gateway/rent-roll-rows';
import {
  alternativeValuationColumns,
  alternativeValuationDto,
  revenueValuationLabelColumns,
  revenueValuationLabelsDto,
} from '../../../src-main/gateway/valuation-rows';
import { closeDb, openDb, type Db } from '../../../src-main/store/db';
import { createSqliteStore } from '../../../src-main/store/sqlite-store';
import { alternativeValuations, companies, people, rentRollItems, rentRolls, revenueValuations } from '../../../src-main/store/schema';

// The reads map rows to DTOs and the sync client maps the platform's DTOs back to rows with the
// same modules: a stored row that goes out through a read comes back as the same columns.
let dir: string;
let db: Db;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'uw-row-mappings-'));
  db = openDb({ file: join(dir, 'uw.sqlite') });
  await seedDemoPortfolio(createSqliteStore(db), { deals: 40 });
});
afterAll(() => {
  closeDb(db);
  rmSync(dir, { recursive: true, force: true });
});

function withoutTimestamps<T extends object>(row: T): Omit<T, 'createdAt' | 'updatedAt'> {
  const { createdAt: _c, updatedAt: _u, ...rest } = row as T & { createdAt?: unknown; updatedAt?: unknown };
  return rest;
}

describe('row <-> DTO mappings', () => {
  it('a person and a company come back from their read as the columns they were stored with', () => {
    const persons = db.select().from(people).all();
    const firms = db.select().from(companies).all();
    expect(persons.length).toBeGreaterThan(0);
    expect(firms.length).toBeGreaterThan(0);
    for (const p of persons) expect(personColumns(personDto(p))).toEqual(withoutTimestamps(p));
    for (const c of firms) expect(companyColumns(companyDto(c))).toEqual(withoutTimestamps(c));
  });

  it('a rent roll and its residential and commercial items come back as their stored columns', () => {
    const rolls = db.select().from(rentRolls).all();
    const items = db.select().from(rentRollItems).all();
    const kinds = new Map(rolls.map((r) => [r.id, r.kind]));
    expect(new Set(kinds.values())).toEqual(new Set(['Residential', 'Commercial']));
    for (const r of rolls) {
      // A roll without an effective date reads as null and is stored as ''.
      const back = rentRollColumns({ ...rentRollHeaderDto(r), effectiveDate: r.effectiveDate === '' ? null : r.effectiveDate }, r.kind, r.position);
      expect(back).toEqual(withoutTimestamps(r));
    }
    for (const item of items) {
      const shown = { ...item, ...rentRollItemFigures(item) };
      if (kinds.get(item.rentRollId) === 'Residential') {
        // A residential item's read shows no floor and no lease type: the working copy has none.
        expect(residentialItemColumns(residentialItemDto(shown), item.rentRollId, item.position)).toEqual({
          ...withoutTimestamps(item),
          floor: null,
          leaseType: null,
        });
      } else {
        expect(commercialItemColumns(commercialItemDto(shown), item.rentRollId, item.position)).toEqual(withoutTimestamps(item));
      }
    }
  });

  it('a valuation comes back with the labels it was stored with', () => {
    const revenue = db.select().from(revenueValuations).all();
    const alternative = db.select().from(alternativeValuations).all();
    expect(revenue.length).toBeGreaterThan(0);
    expect(alternative.length).toBeGreaterThan(0);
    for (const v of revenue) {
      const labels = revenueValuationLabelColumns({ ...revenueValuationLabelsDto(v) } as Parameters<typeof revenueValuationLabelColumns>[0]);
      expect(labels).toEqual(expect.objectContaining({ id: v.id, name: v.name, capRate: v.capRate, archive: v.archive, comment: v.comment }));
      if (v.userValuationType !== null) expect(labels.userValuationType).toBe(v.userValuationType);
    }
    for (const a of alternative) {
      const { valueBasis: _kept, ...columns } = withoutTimestamps(a);
      expect(alternativeValuationColumns(alternativeValuationDto(a), a.collateralId, a.isMain)).toEqual(columns);
    }
  });
});
