import type { CollateralFiguresEntry } from './collateral-figures';
import type { Db } from './db';
import type { DealRow } from './deals';
import { deals } from './schema';
import { perConnection, rawTableRow } from './statements';
import { UNDERWRITING_SETTINGS_KEY } from './system-config';

// getDealInfo is the API's most frequent read. Made of separate lookups (the deal, its people, its
// companies, its collaterals' figures, the settings) it paid each statement's own overhead, which
// was most of its time; one statement gathers them, the lists as JSON arrays. SQLite's JSON
// writes doubles so that they read back exactly.

type FiguresJson = [string, number | null, number, number, number, number, number, number, number, number][];

export interface DealRead {
  deal: DealRow;
  personIds: string[];
  companyIds: string[];
  /** The deal's collaterals in collateralsOfDeal order, each with its stored figures of `version` or null. */
  figures: CollateralFiguresEntry[];
  /** The stored underwriting settings (JSON text), or null when none are stored. */
  settings: string | null;
}

const deal = rawTableRow(deals, 'd');
// The lists are put in order here, not by ORDER BY inside the aggregates: each of those opens a
// sorter, which measured more than the rest of the statement (ids are ASCII, so JavaScript's
// order is SQLite's BINARY order).
const SELECT = `SELECT ${deal.list},
  (SELECT json_group_array(person_id) FROM deal_people WHERE deal_id = d.id),
  (SELECT json_group_array(company_id) FROM deal_companies WHERE deal_id = d.id),
  (SELECT json_group_array(json_array(dc.collateral_id, f.version, f.net_operating_income, f.net_income, f.income_valuation,
      f.alternative_valuation, f.sales_valuation, f.total_sf, f.total_unit, dc.position))
    FROM deal_collaterals dc LEFT JOIN collateral_figures f ON f.collateral_id = dc.collateral_id AND f.version = @version
    WHERE dc.deal_id = d.id),
  (SELECT value FROM settings WHERE key = '${UNDERWRITING_SETTINGS_KEY}')
  FROM deals d WHERE d.id = @id`;

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** collateralsOfDeal order: position, then id. */
const byPosition = (a: FiguresJson[number], b: FiguresJson[number]) => a[9] - b[9] || byText(a[0], b[0]);

/**
 * getDealInfo's one-statement read: a deal with its people, companies, collaterals' figures of
 * `version` and the settings; undefined when there is no such deal.
 */
export function dealRead(db: Db, id: string, version: number): DealRead | undefined {
  const values = perConnection(db, 'deal-read', () => db.$client.prepare(SELECT).raw()).get({ id, version }) as unknown[] | undefined;
  if (!values) return undefined;
  const [personIds, companyIds, figures, settings] = values.slice(deal.count) as [string, string, string, string | null];
  return {
    deal: deal.read(values),
    personIds: (JSON.parse(personIds) as string[]).sort(byText),
    companyIds: (JSON.parse(companyIds) as string[]).sort(byText),
    figures: (JSON.parse(figures) as FiguresJson).sort(byPosition).map(
      ([collateralId, found, netOperatingIncome, netIncome, incomeValuation, alternativeValuation, salesValuation, totalSF, totalUnit]) => ({
        collateralId,
        figures: found === null ? null : { netOperatingIncome, netIncome, incomeValuation, alternativeValuation, salesValuation, totalSF, totalUnit },
      }),
    ),
    settings,
  };
}
