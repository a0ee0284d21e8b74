import { eq } from 'drizzle-orm';
import type { Db } from './db';
import { companies, people } from './schema';

export type PersonRow = typeof people.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;

export function personRow(db: Db, id: string): PersonRow | undefined {
  return db.select().from(people).where(eq(people.id, id)).get();
}

export function companyRow(db: Db, id: string): CompanyRow | undefined {
  return db.select().from(companies).where(eq(companies.id, id)).get();
}
