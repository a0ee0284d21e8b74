import type {
  CollateralCashFlowResponseDto,
  CollateralSummaryDto,
  CommercialComponentInfoResponseDto,
  CommercialRentRollInfoResponseDto,
  CompanyInfoResponseDto,
  ComponentInfoResponseDto,
  ComponentSummaryDto,
  DealFundsInfoResponseDto,
  HotelComponentInfoResponseDto,
  PersonInfoResponseDto,
  ResidentialComponentInfoResponseDto,
  ResidentialRentRollInfoResponseDto,
  SeedInfoResponseDto,
} from '../../contract';

/**
 * Everything a credit memo shows, as plain data: the deal's reads exactly as the API answers
 * them, plus what only the workstation knows (the underwriter's recommendation and notes, the
 * analysis, the history) and the identity of the document (when it was made, from which data,
 * by which product version). The renderer computes nothing underwriting-wise from it: every
 * figure is one the API or the analysis answered, only formatted.
 */
export interface MemoData {
  deal: SeedInfoResponseDto;
  /** getDealFunds; null when the deal has no funds analysis. */
  funds: DealFundsInfoResponseDto | null;
  /** In the order of getDealCollateralSummary. */
  collaterals: MemoCollateral[];
  /** The deal's people (personIds) and companies (companyIds), each with its role if known. */
  people: MemoParty<PersonInfoResponseDto>[];
  companies: MemoParty<CompanyInfoResponseDto>[];
  /** The underwriter's recommendation, free text (paragraphs separated by blank lines). */
  recommendation: string;
  notes: MemoNote[];
  /** Sizing, breakpoints and stress answers (issue 14); absent: the section says it was not run. */
  analysis?: MemoAnalysis;
  /** The deal's change history; absent or empty: the section says no change is recorded. */
  history?: MemoHistoryEntry[];
  /** ISO 8601 timestamp; also the PDF's creation date, so the same data gives the same bytes. */
  generatedAt: string;
  /** Hash of the data the memo was made from (e.g. SHA-256 hex), printed in every footer. */
  dataHash: string;
  productVersion: string;
  /** Who generated the memo (the local user), shown on the first page. */
  preparedBy?: string;
}

export interface MemoCollateral {
  summary: CollateralSummaryDto;
  /** getCollateralCashFlow; null when the collateral has none. */
  cashFlow: CollateralCashFlowResponseDto | null;
  /** In the order of getCollateralComponentSummary. */
  components: MemoComponent[];
}

/** A component with its typed read and its rent rolls (in rentRollsOrder). */
export type MemoComponent =
  | {
      summary: ComponentSummaryDto;
      kind: 'Residential';
      info: ResidentialComponentInfoResponseDto;
      rentRolls: ResidentialRentRollInfoResponseDto[];
    }
  | {
      summary: ComponentSummaryDto;
      kind: 'Commercial';
      info: CommercialComponentInfoResponseDto;
      rentRolls: CommercialRentRollInfoResponseDto[];
    }
  | { summary: ComponentSummaryDto; kind: 'Hotel'; info: HotelComponentInfoResponseDto; rentRolls?: never[] }
  | { summary: ComponentSummaryDto; kind: 'Unknown'; info: ComponentInfoResponseDto; rentRolls?: never[] };

/** A person or company of the deal; `role` e.g. "Borrower", "Sponsor", "Guarantor". */
export interface MemoParty<T> {
  role?: string;
  info: T;
}

export interface MemoNote {
  /** ISO 8601 timestamp. */
  at: string;
  author: string;
  text: string;
}

/**
 * One recorded change of the deal. Values as the deal read holds them (rates as decimals,
 * money in USD, dates YYYY-MM-DD), formatted by the memo per field.
 */
export interface MemoHistoryEntry {
  /** ISO 8601 timestamp. */
  at: string;
  /** The local user, or "platform" for a sync pull. */
  who: string;
  /** e.g. "UI edit", "Bulk edit", "Local HTTP API", "Sync pull", "Keep mine", "Take theirs", "Import", "Undo". */
  how: string;
  /** A bulk-update property name (GrossLoan, RateSpread, ...) or another field of the deal's graph. */
  field: string;
  oldValue: MemoValue;
  newValue: MemoValue;
}
export type MemoValue = string | number | boolean | null;

// --- analysis (issue 14) ---------------------------------------------------------------------
// Structural types with the field names of the sizeLoan and stressDeal answers, so those answers
// can be passed in as they are (extra fields are ignored). Units as on the reads: LTV, LTC and
// rates decimals, DSCR a multiple, debt yield a percentage; relative shocks decimals
// (-0.10 = -10 %), vacancy shocks in points as decimals (0.03 = +3 pt), rate and cap-rate shocks
// in basis points. A number that does not apply may be null.

export type MemoConstraintName = 'Ltv' | 'Ltc' | 'Dscr' | 'DebtYield';

/** The credit policy the analysis ran against. */
export interface MemoPolicy {
  name?: string;
  maxLtv?: number | null;
  maxLtc?: number | null;
  minDscr?: number | null;
  minDebtYield?: number | null;
}

/** A sizeLoan answer. */
export interface MemoSizing {
  maxLoan: number;
  bindingConstraint: MemoConstraintName;
  constraints: { name: MemoConstraintName; limit: number; maxLoan: number }[];
  /** The constraints in force whose figure is missing (LTC without a project cost); absent in a memo recorded before they were listed. */
  notApplicable?: { name: MemoConstraintName; limit: number; reason: string }[];
  debtConstant: number;
  atMaxLoan: { ltv: number | null; ltc: number | null; dscr: number | null; debtYield: number | null; annualDebtService: number };
}

/** The breakpoints of a stressDeal answer: how far each figure can move before a limit breaks. */
export interface MemoBreakpoints {
  /** Relative NOI decline (0.22 = NOI may fall 22 %). */
  noiDecline: number | null;
  rateIncreaseBps: number | null;
  /** Relative value decline. */
  valueDecline: number | null;
  breakEvenNoi: number | null;
}

export interface MemoScenario {
  name?: string;
  noiChange?: number;
  rateChangeBps?: number;
  valueChange?: number;
  capRateChangeBps?: number;
  rentChange?: number;
  vacancyChange?: number;
}

export interface MemoMetrics {
  noi: number;
  value: number;
  interestRate: number;
  annualDebtService: number;
  dscr: number | null;
  debtYield: number | null;
  ltv: number | null;
}

/** A stressDeal answer with the scenario it ran. */
export interface MemoStressResult {
  scenario: MemoScenario;
  /** Where a built-in scenario comes from (supervisory practice), shown with it. */
  source?: string;
  base: MemoMetrics;
  stressed: MemoMetrics;
  breaches: { metric: string; limit: number; value: number }[];
}

export interface MemoAnalysis {
  policy?: MemoPolicy;
  sizing?: MemoSizing;
  breakpoints?: MemoBreakpoints;
  scenarios?: MemoStressResult[];
}
