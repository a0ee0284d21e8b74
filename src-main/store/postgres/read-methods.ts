import { bindModule, pick } from '../bind-module';
import type { ComputedCollateralFigures, StorePort } from '../port';
import * as collateralFigures from './collateral-figures';
import type { PgDb } from './db';
import { PG_PORT_FUNCTIONS } from './port-functions';
import * as reportQuery from './report-query';

// The StorePort methods the figures layer and the reports need of the PostgreSQL engine: its
// reads, the bulk update's statements and the roll-up refill. The engine (store.ts) binds every
// function of its registry (port-functions.ts) and adds the refill of this module; the
// engine-parity tests make a port of these methods alone (pgReadMethods).

/** The PostgreSQL function behind each of these port methods: same name, same arguments after the handle. */
export const PG_READ_TWINS = {
  ...pick(
    PG_PORT_FUNCTIONS,
    'dealRow',
    'dealRows',
    'dealCount',
    'allDealIds',
    'collateralsOfDeal',
    'collateralRow',
    'dealIdsOfCollateral',
    'collateralAtPlace',
    'dealRead',
    'fundsOfDeal',
    'personRow',
    'companyRow',
    'componentRow',
    'componentsOfCollaterals',
    'livingUnitsOf',
    'salesCompsOf',
    'marketDataOf',
    'rentRollRow',
    'rentRollsOfComponents',
    'itemsOfRentRolls',
    'revenueValuationsOf',
    'transactionsOf',
    'alternativeValuationsOf',
    'storedCollateralFigures',
    'dealCollateralFigures',
    'dealsCollateralFigures',
    'allStoredCollateralFigures',
    'collateralsWithoutFigures',
    'dealSnapshots',
    'existingLoansPackages',
    'fileDealIds',
    'dealsHoldingLoanIds',
    'applyDealUpdates',
    'valuationHeadsOf',
    'yearOneLinesOf',
    'yearOneTotalsOf',
    'analysisCollateralLinks',
    'analysisDealRows',
    'selectReportLinks',
    'selectReportDealIds',
    'countReportLinks',
    'reportRowInputs',
    'storeVersion',
  ),
  iterateReportRowBatches: reportQuery.iterateReportRowBatches,
};

type Twins = typeof PG_READ_TWINS;

export type PgReadMethods = Pick<StorePort, keyof Twins | 'refillCollateralFigures'>;

/**
 * The port's refillCollateralFigures on `pg` (the roll-up cache's refill protocol,
 * collateralRollupsWith), whose `compute` reads through the port of the refill's own snapshot:
 * `portOf(handle)` makes it (the engine's port on a transaction's handle).
 */
export function pgRefill(pg: PgDb, portOf: (tx: PgDb) => StorePort): StorePort['refillCollateralFigures'] {
  return (collateralIds, version, compute) =>
    collateralFigures.collateralRollupsWith(pg, collateralIds, version, (reader, ids): Promise<ComputedCollateralFigures> => compute(portOf(reader), ids));
}

/** The port methods of PG_READ_TWINS on `pg`, and refillCollateralFigures (pgRefill). */
export function pgReadMethods(pg: PgDb, portOf: (tx: PgDb) => StorePort): PgReadMethods {
  return { ...bindModule(PG_READ_TWINS, pg), refillCollateralFigures: pgRefill(pg, portOf) };
}
