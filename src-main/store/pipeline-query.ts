import type { DealMetricInputs, DealRow } from './deals';
import type { Db } from './db';
import { prepared } from './statements';

/** The deal columns the pipeline shows and its figures are computed from. */
export type PipelineDealRow = Pick<DealRow, 'id' | 'seedName' | 'loanId' | 'state' | 'status' | 'priority' | 'ownerId' | 'loanType' | 'propertyType' | 'riskRating'> &
  DealMetricInputs;

/** PipelineDealRow's columns of `deals d`, for other queries to select with theirs. */
export const PIPELINE_DEAL_COLUMNS = `d.id AS id, d.seed_name AS seedName, d.loan_id AS loanId, d.state AS state,
  d.status AS status, d.priority AS priority, d.owner_id AS ownerId, d.loan_type AS loanType,
  d.property_type AS propertyType, d.gross_loan AS grossLoan, d.risk_rating AS riskRating,
  d.rate_index AS rateIndex, d.index_rate AS indexRate, d.rate_spread AS rateSpread,
  d.interest_rate_floor AS interestRateFloor, d.loan_payment_structure AS loanPaymentStructure,
  d.amortization_term AS amortizationTerm, d.debt_service_method AS debtServiceMethod,
  d.user_debt_service AS userDebtService, d.project_total_cost AS projectTotalCost,
  d.user_selected_ltv AS userSelectedLtv`;

const SELECT_DEALS = `SELECT ${PIPELINE_DEAL_COLUMNS} FROM deals d ORDER BY d.created_at, d.id`;

/** Every deal, in getAllDealIds order (created_at, then id). */
export function pipelineDeals(db: Db): PipelineDealRow[] {
  return prepared(db, SELECT_DEALS).all() as PipelineDealRow[];
}

const SELECT_LINKS = 'SELECT deal_id, collateral_id FROM deal_collaterals ORDER BY deal_id, position, collateral_id';

/** Every deal's collateral ids, in collateralsOfDeal order (position, then id). */
export function collateralIdsByDeal(db: Db): Map<string, string[]> {
  const rows = prepared(db, SELECT_LINKS).raw().all() as [string, string][];
  const byDeal = new Map<string, string[]>();
  for (const [dealId, collateralId] of rows) {
    const list = byDeal.get(dealId);
    if (list) list.push(collateralId);
    else byDeal.set(dealId, [collateralId]);
  }
  return byDeal;
}

const SELECT_ADDRESSES = `SELECT dc.deal_id, c.full_address, c.street_number, c.street, c.city, c.state, c.zip_code
  FROM deal_collaterals dc JOIN collaterals c ON c.id = dc.collateral_id
  ORDER BY dc.deal_id, dc.position, c.id`;

/**
 * Every deal's collateral addresses (collateralsOfDeal order), one line each: the full address,
 * then whatever part of street number, street, city, state and ZIP it does not already hold.
 */
export function collateralAddressesByDeal(db: Db): Map<string, string[]> {
  const rows = prepared(db, SELECT_ADDRESSES).raw().all() as [string, ...(string | number | null)[]][];
  const byDeal = new Map<string, string[]>();
  for (const [dealId, fullAddress, ...parts] of rows) {
    const full = fullAddress === null ? '' : String(fullAddress);
    const missing = parts.filter((p) => p !== null && p !== '' && !full.includes(String(p))).join(' ');
    const line = [full, missing].filter(Boolean).join(' ');
    if (line === '') continue;
    const list = byDeal.get(dealId);
    if (list) list.push(line);
    else byDeal.set(dealId, [line]);
  }
  return byDeal;
}
