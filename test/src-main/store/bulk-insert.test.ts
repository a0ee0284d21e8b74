import { getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BULK_TABLES, MAX_BOUND_PARAMETERS, chunkSizeFor, type BulkTableName } from '../../../src-main/store/bulk-insert';

describe('the bulk insert', () => {
  it('never binds more parameters in one INSERT than SQLite allows', () => {
    for (const name of Object.keys(BULK_TABLES) as BulkTableName[]) {
      const columns = Object.keys(getTableColumns(BULK_TABLES[name])).length;
      const rows = chunkSizeFor(columns);
      expect(rows).toBeLessThanOrEqual(500);
      expect(rows * columns, name).toBeLessThanOrEqual(MAX_BOUND_PARAMETERS);
    }
    expect(chunkSizeFor(100)).toBe(327);
  });
});
