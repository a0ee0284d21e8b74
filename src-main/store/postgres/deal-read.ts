import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { CollateralRollupFigures } from '../../domain';
import type { DealRead } from '../deal-read';
import { UNDERWRITING_SETTINGS_KEY } from '../system-config';
import type { PgDb } from './db';
import { deals } from './schema';
import { preparedPerHandle } from './statements';

// The PostgreSQL twin of store/deal-read.ts: the deal with its people, companies, collaterals'
// figures and the settings in one statement, the lists as json_agg arrays (ordered inside the
// aggregate, ids in byte order as SQLite's BINARY). A cached figure counts only when its
// inputs_version is the collateral's current one, compared in this very statement
// (README.md, "The roll-up cache"). json of a double precision is its shortest exact text
// (extra_float_digits = 1, connectionSettings), so JSON.parse gives the stored double back.
//
// getDealInfo's statement, the engine's hottest: a named statement (statements.ts, preparedPerHandle).

type FiguresJson = [
  collateralId: string,
  found: number | null,
  netOperatingIncome: number,
  netIncome: number,
  incomeValuation: number,
  alternativeValuation: number,
  salesValuation: number,
  totalSF: number,
  totalUnit: number,
][];

/*
 * The deal's row comes as ONE json array of its columns (dealOfJson decodes it), not as its
 * columns: node-postgres describes and parses every column of every result (RowDescription,
 * a parser per field) and drizzle maps each one, which for the deal's 37 columns cost the server
 * more than the JSON.parse of one text (measured in-process: about 100 us of CPU per read less).
 * The values are the same: json prints a double with its output function (shortest exact text,
 * extra_float_digits = 1; NaN and the infinities as strings, which the column's own decoder
 * parses as it parses the driver's text), booleans as true/false, text escaped.
 */
const DEAL_COLUMNS = Object.entries(getTableColumns(deals)) as [string, PgColumn][];
// A json column would nest as its value, not as the text its decoder expects: refused here.
for (const [key, column] of DEAL_COLUMNS) {
  if (!['text', 'double precision', 'boolean', 'integer'].includes(column.getSQLType())) throw new Error(`deal-read: deals.${key} is ${column.getSQLType()}, which dealOfJson does not decode`);
}
const dealJson = sql.raw(`json_build_array(${DEAL_COLUMNS.map(([, column]) => `"deals"."${column.name}"`).join(', ')})::text`);

function dealOfJson(text: string): DealRead['deal'] {
  const values = JSON.parse(text) as unknown[];
  const deal: Record<string, unknown> = {};
  for (let i = 0; i < DEAL_COLUMNS.length; i++) {
    const [key, column] = DEAL_COLUMNS[i]!;
    const value = values[i];
    deal[key] = value === null ? null : column.mapFromDriverValue(value);
  }
  return deal as DealRead['deal'];
}

// The columns of the deal read (the deal, its people, companies, figures and the settings).
const dealReadFields = () => ({
  deal: sql<string>`${dealJson}`,
  personIds: sql<string[]>`(SELECT coalesce(json_agg(person_id ORDER BY person_id COLLATE "C"), '[]'::json)
    FROM deal_people WHERE deal_id = ${deals.id})`,
  companyIds: sql<string[]>`(SELECT coalesce(json_agg(company_id ORDER BY company_id COLLATE "C"), '[]'::json)
    FROM deal_companies WHERE deal_id = ${deals.id})`,
  figures: sql<FiguresJson>`(SELECT coalesce(json_agg(json_build_array(dc.collateral_id, f.version, f.net_operating_income,
      f.net_income, f.income_valuation, f.alternative_valuation, f.sales_valuation, f.total_sf, f.total_unit)
      ORDER BY dc.position, dc.collateral_id COLLATE "C"), '[]'::json)
    FROM deal_collaterals dc
    LEFT JOIN collateral_inputs i ON i.collateral_id = dc.collateral_id
    LEFT JOIN collateral_figures f ON f.collateral_id = dc.collateral_id AND f.version = ${sql.placeholder('version')}::integer AND f.inputs_version = i.version
    WHERE dc.deal_id = ${deals.id})`,
  // The JSON text as stored (json keeps it as written), as SQLite hands over its text column.
  settings: sql<string | null>`(SELECT value::text FROM settings WHERE key = ${UNDERWRITING_SETTINGS_KEY})`,
});

const dealReadStatement = preparedPerHandle((pg: PgDb) =>
  pg.select(dealReadFields()).from(deals).where(eq(deals.id, sql.placeholder('id'))).limit(1).prepare('uw_deal_read'),
);

// The same read with the token's client check in the same statement (dealReadCheckingClient).
const dealReadClientStatement = preparedPerHandle((pg: PgDb) =>
  pg
    .select({
      ...dealReadFields(),
      clientCreatedAt: sql<string | null>`(SELECT created_at FROM api_clients WHERE client_id = ${sql.placeholder('clientId')})`,
    })
    .from(deals)
    .where(eq(deals.id, sql.placeholder('id')))
    .limit(1)
    .prepare('uw_deal_read_client'),
);

/** A deal with what getDealInfo reads alongside it; undefined when there is no such deal. */
export async function dealRead(pg: PgDb, id: string, version: number): Promise<DealRead | undefined> {
  const [row] = await dealReadStatement(pg).execute({ id, version });
  return row && dealReadOf(row);
}

/**
 * dealRead and the token's client check (apiClientCreatedAt) in one statement, one round trip:
 * `client` is the client's creation time, null when there is no such client, and undefined when
 * there is no such deal (no row came back, so the check was not made: ask apiClientCreatedAt).
 * Both are read in the same snapshot. The server's getDealInfo uses it (server/client-checked-read.ts), through the port's optional dealReadCheckingClient.
 */
export async function dealReadCheckingClient(
  pg: PgDb,
  id: string,
  version: number,
  clientId: string,
): Promise<{ read: DealRead | undefined; client: string | null | undefined }> {
  const [row] = await dealReadClientStatement(pg).execute({ id, version, clientId });
  return row ? { read: dealReadOf(row), client: row.clientCreatedAt } : { read: undefined, client: undefined };
}

function dealReadOf(row: { deal: string; personIds: string[]; companyIds: string[]; figures: FiguresJson; settings: string | null }): DealRead {
  return {
    deal: dealOfJson(row.deal),
    personIds: row.personIds,
    companyIds: row.companyIds,
    figures: row.figures.map(
      ([collateralId, found, netOperatingIncome, netIncome, incomeValuation, alternativeValuation, salesValuation, totalSF, totalUnit]) => ({
        collateralId,
        figures: found === null ? null : ({ netOperatingIncome, netIncome, incomeValuation, alternativeValuation, salesValuation, totalSF, totalUnit } satisfies CollateralRollupFigures),
      }),
    ),
    settings: row.settings,
  };
}
