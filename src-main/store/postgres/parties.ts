import { eq } from 'drizzle-orm';
import type { CompanyRow, PersonRow } from '../parties';
import type { PgDb } from './db';
import { companies, people } from './schema';

// The PostgreSQL twins of store/parties.ts.

export async function personRow(pg: PgDb, id: string): Promise<PersonRow | undefined> {
  const [row] = await pg.select().from(people).where(eq(people.id, id)).limit(1);
  return row;
}

export async function companyRow(pg: PgDb, id: string): Promise<CompanyRow | undefined> {
  const [row] = await pg.select().from(companies).where(eq(companies.id, id)).limit(1);
  return row;
}
