import { eq, sql } from 'drizzle-orm';
import type { Db } from './db';
import { companies, people } from './schema';
import { perConnection } from './statements';

export type PersonRow = typeof people.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;

export function personRow(db: Db, id: string): PersonRow | undefined {
  return perConnection(db, 'people.row', () => db.select().from(people).where(eq(people.id, sql.placeholder('id'))).prepare()).get({ id });
}

export function companyRow(db: Db, id: string): CompanyRow | undefined {
  return perConnection(db, 'companies.row', () => db.select().from(companies).where(eq(companies.id, sql.placeholder('id'))).prepare()).get({ id });
}
