import type { ComputedCollateralFigures, StorePort } from '../port';
import * as collateralFigures from './collateral-figures';
import * as components from './components';
import type { PgDb } from './db';
import * as dealRead from './deal-read';
import * as dealUpdates from './deal-updates';
import * as deals from './deals';
import * as funds from './funds';
import * as parties from './parties';
import * as reportQuery from './report-query';
import * as stressInputs from './stress-inputs';
import * as valuations from './valuations';

// The StorePort methods the PostgreSQL engine answers with this folder's reads and the bulk
// update's statements: each the function of the same name, the repository handle bound. The
// engine's assembly spreads pgReadMethods(handle, portOf) into its port.

/** The PostgreSQL function behind each of these port methods: same name, same arguments after the handle. */
export const PG_READ_TWINS = {
  dealRow: deals.dealRow,
  dealRows: deals.dealRows,
  dealCount: deals.dealCount,
  allDealIds: deals.allDealIds,
  collateralsOfDeal: deals.collateralsOfDeal,
  collateralRow: deals.collateralRow,
  dealIdsOfCollateral: deals.dealIdsOfCollateral,
  collateralAtPlace: deals.collateralAtPlace,
  dealRead: dealRead.dealRead,
  fundsOfDeal: funds.fundsOfDeal,
  personRow: parties.personRow,
  companyRow: parties.companyRow,
  componentRow: components.componentRow,
  componentsOfCollaterals: components.componentsOfCollaterals,
  livingUnitsOf: components.livingUnitsOf,
  salesCompsOf: components.salesCompsOf,
  marketDataOf: components.marketDataOf,
  rentRollRow: components.rentRollRow,
  rentRollsOfComponents: components.rentRollsOfComponents,
  itemsOfRentRolls: components.itemsOfRentRolls,
  revenueValuationsOf: valuations.revenueValuationsOf,
  transactionsOf: valuations.transactionsOf,
  alternativeValuationsOf: valuations.alternativeValuationsOf,
  storedCollateralFigures: collateralFigures.storedCollateralFigures,
  dealCollateralFigures: collateralFigures.dealCollateralFigures,
  dealsCollateralFigures: collateralFigures.dealsCollateralFigures,
  allStoredCollateralFigures: collateralFigures.allStoredCollateralFigures,
  collateralsWithoutFigures: collateralFigures.collateralsWithoutFigures,
  dealSnapshots: dealUpdates.dealSnapshots,
  existingLoansPackages: dealUpdates.existingLoansPackages,
  fileDealIds: dealUpdates.fileDealIds,
  dealsHoldingLoanIds: dealUpdates.dealsHoldingLoanIds,
  applyDealUpdates: dealUpdates.applyDealUpdates,
  valuationHeadsOf: stressInputs.valuationHeadsOf,
  yearOneLinesOf: stressInputs.yearOneLinesOf,
  yearOneTotalsOf: stressInputs.yearOneTotalsOf,
  analysisCollateralLinks: stressInputs.analysisCollateralLinks,
  analysisDealRows: stressInputs.analysisDealRows,
  selectReportLinks: reportQuery.selectReportLinks,
  selectReportDealIds: reportQuery.selectReportDealIds,
  countReportLinks: reportQuery.countReportLinks,
  reportRowInputs: reportQuery.reportRowInputs,
  iterateReportRowBatches: reportQuery.iterateReportRowBatches,
  storeVersion: reportQuery.storeVersion,
};

type Twins = typeof PG_READ_TWINS;
/** A repository function with its handle bound: the shape of its port method. */
type Bound<F> = F extends (pg: PgDb, ...args: infer A) => infer R ? (...args: A) => R : never;
/** true when A and B are assignable both ways, else false. */
type Mutual<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/**
 * true when two functions take the same parameters and give the same result. Parameters are
 * compared as tuples: the port declares methods, whose parameters TypeScript checks
 * bivariantly, so plain assignability would let a narrower or an extra parameter through.
 */
type Same<F, M> = F extends (...args: infer A) => infer R
  ? M extends (...args: infer B) => infer S
    ? Mutual<A, B> extends true
      ? Mutual<R, S>
      : false
    : false
  : false;

// Fails to compile, naming the method, when a function's signature drifts from its port
// method's: every entry must be `true`.
const signaturesMatch: { [K in keyof Twins]: Same<Bound<Twins[K]>, StorePort[K]> } = {
  dealRow: true,
  dealRows: true,
  dealCount: true,
  allDealIds: true,
  collateralsOfDeal: true,
  collateralRow: true,
  dealIdsOfCollateral: true,
  collateralAtPlace: true,
  dealRead: true,
  fundsOfDeal: true,
  personRow: true,
  companyRow: true,
  componentRow: true,
  componentsOfCollaterals: true,
  livingUnitsOf: true,
  salesCompsOf: true,
  marketDataOf: true,
  rentRollRow: true,
  rentRollsOfComponents: true,
  itemsOfRentRolls: true,
  revenueValuationsOf: true,
  transactionsOf: true,
  alternativeValuationsOf: true,
  storedCollateralFigures: true,
  dealCollateralFigures: true,
  dealsCollateralFigures: true,
  allStoredCollateralFigures: true,
  collateralsWithoutFigures: true,
  dealSnapshots: true,
  existingLoansPackages: true,
  fileDealIds: true,
  dealsHoldingLoanIds: true,
  applyDealUpdates: true,
  valuationHeadsOf: true,
  yearOneLinesOf: true,
  yearOneTotalsOf: true,
  analysisCollateralLinks: true,
  analysisDealRows: true,
  selectReportLinks: true,
  selectReportDealIds: true,
  countReportLinks: true,
  reportRowInputs: true,
  iterateReportRowBatches: true,
  storeVersion: true,
};
void signaturesMatch;

export type PgReadMethods = Pick<StorePort, keyof Twins | 'refillCollateralFigures'>;

/**
 * The port methods of PG_READ_TWINS on `pg`, and refillCollateralFigures (the roll-up cache's
 * refill protocol, collateralRollupsWith), whose `compute` reads through the port of the
 * refill's own snapshot: `portOf(handle)` makes it (the engine's port on a transaction's handle).
 */
export function pgReadMethods(pg: PgDb, portOf: (tx: PgDb) => StorePort): PgReadMethods {
  const bound = Object.fromEntries(
    Object.entries(PG_READ_TWINS).map(([name, fn]) => [name, (...args: unknown[]) => (fn as (pg: PgDb, ...a: unknown[]) => unknown)(pg, ...args)]),
  ) as { [K in keyof Twins]: Bound<Twins[K]> };
  return {
    ...bound,
    refillCollateralFigures: (collateralIds, version, compute) =>
      collateralFigures.collateralRollupsWith(pg, collateralIds, version, (reader, ids): Promise<ComputedCollateralFigures> =>
        compute(portOf(reader), ids),
      ),
  };
}
