import {
  BulkUpdateProperty,
  DEAL_PROPERTIES,
  type DealState,
  groupedDigits,
  IsoDate,
  LIMITS,
  type SystemConfig,
  type UpdateErrorType,
} from '../contract';
import { type DealColumn, dealColumnNullable, type DealRow, type DealSnapshot, isDealColumn } from '../store';

// The value rules of the bulk update, one property at a time. The kind of each property
// (string, number, percent, boolean, date, enum) and where it is read back come from the
// contract's DEAL_PROPERTIES table; RULES below only adds what a kind cannot say (ranges,
// whole months, references to users, files, loans packages and the system configuration).

export interface Problem {
  errorType: Exclude<UpdateErrorType, 'IdNotFound'>;
  description: string;
}

/** A stored value: what the deals column holds once the update is applied. */
export type ColumnValue = string | number | boolean;

export type Checked = { ok: true; column: DealColumn; value: ColumnValue } | { ok: false; problem: Problem };

/** An update's value as it came over the wire (the contract says string; see bulk-update.ts). */
export type WireValue = string | number | boolean | null;

/** What a value is checked against: the deal, its State once the item is applied, the store. */
export interface CheckContext {
  /** The deal as read: its id and the columns the request needs (see bulk-update.ts). */
  deal: DealSnapshot;
  /**
   * The deal's State after the item's State update; null when that update is itself invalid.
   * A function: only the Status rule asks, and the current State is read only when needed.
   */
  stateAfter: () => DealState | null;
  session: DealReferences;
  config: SystemConfig;
}

/**
 * What a rule asks of the store about the values it checks, answered from memory: the request's
 * unit of work reads every referenced user, file and loans package beforehand (bulk-update.ts),
 * so the checks themselves stay synchronous whatever the engine.
 */
export interface DealReferences {
  userExists(id: string): boolean;
  /** Whether `fileId` is a file of the deal `dealId` (the files table). */
  dealHasFile(dealId: string, fileId: string): boolean;
  loansPackageExists(id: string): boolean;
}

const PROPERTY_NAMES: ReadonlySet<string> = new Set(BulkUpdateProperty.options);

export function isBulkUpdateProperty(name: string): name is BulkUpdateProperty {
  return PROPERTY_NAMES.has(name);
}

// --- property -> column ------------------------------------------------------------------------

/** Read fields whose deals column has another name (the read calls ownerId `owner`). */
const COLUMN_OF_READ_FIELD: Readonly<Record<string, DealColumn>> = { owner: 'ownerId' };

function columnOfReadField(readField: string): DealColumn {
  const field = readField.split('.').at(-1)!; // collateralTotals.userDebtService -> userDebtService
  const column = COLUMN_OF_READ_FIELD[field] ?? field;
  if (!isDealColumn(column)) throw new Error(`DEAL_PROPERTIES read field ${readField} has no deals column`);
  return column;
}

/** The deals column each property writes, derived once from DEAL_PROPERTIES. */
export const PROPERTY_COLUMNS = Object.fromEntries(
  BulkUpdateProperty.options.map((p) => [p, columnOfReadField(DEAL_PROPERTIES[p].readField)]),
) as Readonly<Record<BulkUpdateProperty, DealColumn>>;

// --- numbers -----------------------------------------------------------------------------------

/** Plain decimal notation: an optional minus, digits, an optional fraction. No exponent, no separators. */
const DECIMAL = /^-?(?:\d+(?:\.\d+)?|\.\d+)$/;

/**
 * The number a value spells, or null. A string must be in plain decimal notation; a JSON number
 * is taken as it is (JSON numbers are always finite).
 */
function decimalOf(value: string | number): number | null {
  if (typeof value === 'number') return value + 0; // -0 -> 0
  if (!DECIMAL.test(value)) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n + 0 : null;
}

/**
 * A percentage as a decimal, at full precision: the decimal point is moved two places in the
 * text and the result parsed once, so '0.57' gives the double nearest 0.0057 (0.57 / 100 would
 * give 0.005699999999999999).
 */
export function percentToDecimal(percent: string | number): number {
  const text = String(percent);
  // The usual case, plain decimal notation: the exponent is only appended.
  if (!/e/i.test(text)) return Number(`${text}e-2`) + 0;
  const [mantissa, exponent = '0'] = text.toLowerCase().split('e');
  return Number(`${mantissa}e${Number(exponent) - 2}`) + 0;
}

interface NumberRule {
  min: number;
  /** true: the value must be above min; false: min itself is allowed. */
  minExclusive?: boolean;
  max?: number;
  wholeMonths?: boolean;
  /** How the accepted values read in an error description, and an example. */
  expected: string;
  example: string;
}

export const MAX_TERM_MONTHS = LIMITS.termMonths;

const MONEY: NumberRule = { min: 0, max: LIMITS.money, expected: `an amount in USD from 0 to ${groupedDigits(LIMITS.money)}`, example: '12500000.00' };
const PERCENT: NumberRule = { min: 0, max: 100, expected: 'a percentage from 0 to 100 (5.5 means 5.5 %)', example: '5.5' };
const ANY_NUMBER: NumberRule = { min: -LIMITS.money, max: LIMITS.money, expected: 'a number', example: '42' };

/**
 * A number's decimal digits without leading and trailing zeros, and where its point falls
 * (value = 0.digits x 10^point), from plain decimal notation or a double's shortest spelling.
 */
function decimalParts(text: string): { sign: string; digits: string; point: number } {
  const m = /^(-?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i.exec(text)!;
  const [, sign = '', int = '', frac = '', exponent = '0'] = m;
  const all = int + frac;
  const leading = all.length - all.replace(/^0+/, '').length;
  const digits = all.slice(leading).replace(/0+$/, '');
  return { sign: digits ? sign : '', digits, point: int.length + Number(exponent) - leading };
}

/**
 * Whether `stored` (the double a value is kept as) reads back as the decimal `text` was, its
 * point moved by `shift` (percent: -2): a value a double cannot hold (9007199254740993, or 18
 * significant digits) would be kept rounded, and is refused instead.
 */
function storedExactly(text: string, stored: number, shift: number): boolean {
  const sent = decimalParts(text);
  const kept = decimalParts(String(stored));
  return sent.sign === kept.sign && sent.digits === kept.digits && (sent.digits === '' || sent.point + shift === kept.point);
}

/** Free-text properties take LIMITS.textLength characters; the other texts are names, ids and labels. */
const FREE_TEXT: ReadonlySet<BulkUpdateProperty> = new Set(['Note', 'Description', 'CustomField1', 'CustomField2']);

function maxLength(property: BulkUpdateProperty): number {
  if (FREE_TEXT.has(property)) return LIMITS.textLength;
  return property === 'Owner' ? LIMITS.emailLength : LIMITS.nameLength;
}

const termRule = (min: 0 | 1): NumberRule => ({
  min: 0,
  minExclusive: min === 1,
  max: MAX_TERM_MONTHS,
  wholeMonths: true,
  expected: `a whole number of months from ${min} to ${MAX_TERM_MONTHS}`,
  example: '60',
});

function checkNumber(n: number, rule: NumberRule): boolean {
  if (rule.minExclusive ? !(n > rule.min) : !(n >= rule.min)) return false;
  if (rule.max !== undefined && n > rule.max) return false;
  return !rule.wholeMonths || Number.isInteger(n);
}

// --- the rules beyond the kind -----------------------------------------------------------------

interface Rule {
  /** Numbers: the range (and whole months). Percent properties take PERCENT. */
  number?: NumberRule;
  /** A string property that may not be set to a blank value (its column may hold NULL). */
  nonBlank?: boolean;
  /** Exact format of a string property, e.g. RiskRating. */
  pattern?: { regex: RegExp; expected: string };
  /** Whether the property can be written at all in this installation. */
  unavailable?: (config: SystemConfig, property: BulkUpdateProperty) => string | null;
  /** A check of the (non-blank) value against the store or the configuration; a description when it fails. */
  check?: (value: string, c: CheckContext) => string | null;
}

const listOf = (values: readonly string[]) => values.join(', ');

const customField: Rule = {
  unavailable: (config, property) =>
    config.customFields[property as 'CustomField1' | 'CustomField2'] === null
      ? `${property} is not configured in this installation (system configuration customFields.${property} is null), so it cannot be set.`
      : null,
};

export const RULES: Partial<Record<BulkUpdateProperty, Rule>> = {
  Owner: {
    check: (v, c) => (c.session.userExists(v) ? null : 'Owner must be the user id (an e-mail address) of an existing user.'),
  },
  Status: {
    nonBlank: true,
    check: (v, c) => {
      const state = c.stateAfter();
      if (state === null) return null; // the State update failed: the deal is rejected for that already
      const allowed = c.config.statusesByState[state] ?? [];
      return allowed.includes(v)
        ? null
        : `Status must be one of the statuses configured for State ${state}: ${allowed.length ? listOf(allowed) : '(none configured)'}.`;
    },
  },
  MainImageFileId: {
    nonBlank: true,
    check: (v, c) => (c.session.dealHasFile(c.deal.id, v) ? null : "MainImageFileId must be the id of a file uploaded under this deal's files."),
  },
  ProjectTotalCost: { number: MONEY },
  GrossLoan: { number: MONEY },
  ParticipationGrossLoan: { number: MONEY },
  OriginatedLoanAmount: { number: MONEY },
  UserDebtService: { number: MONEY },
  RequestedLoanAmount: { number: MONEY },
  LoanTerm: { number: termRule(1) },
  AmortizationTerm: { number: termRule(1) },
  ExtensionTerm: { number: termRule(0) },
  LoanId: { nonBlank: true },
  RiskRating: { nonBlank: true, pattern: { regex: /^[1-8]$/, expected: 'one of 1 to 8 (lower means lower risk)' } },
  ProfileName: {
    nonBlank: true,
    check: (v, c) =>
      c.config.profileNames.includes(v) ? null : `ProfileName must be one of the configured deal scoring profiles: ${listOf(c.config.profileNames)}.`,
  },
  CustomField1: customField,
  CustomField2: customField,
  LoansPackageId: {
    nonBlank: true,
    check: (v, c) => (c.session.loansPackageExists(v) ? null : 'LoansPackageId must be the id of an existing loans package.'),
  },
};

const illegal = (description: string): Checked => ({ ok: false, problem: { errorType: 'IllegalValue', description } });

/**
 * Checks one update's value and turns it into the value its column stores. Blank values: a
 * NOT NULL column answers MissingMandatoryField; a free-text column (Note, Description, the
 * custom fields) takes the value as sent; any other property answers IllegalValue.
 */
export function checkUpdate(property: BulkUpdateProperty, wire: WireValue, c: CheckContext): Checked {
  const spec = DEAL_PROPERTIES[property];
  const rule: Rule = RULES[property] ?? {};
  const column = PROPERTY_COLUMNS[property];
  const text = wire === null ? '' : String(wire);

  const unavailable = rule.unavailable?.(c.config, property);
  if (unavailable) return illegal(unavailable);

  if (text.trim() === '') {
    if (!dealColumnNullable(column)) {
      return {
        ok: false,
        problem: { errorType: 'MissingMandatoryField', description: `${property} is mandatory: it cannot be set to an empty value.` },
      };
    }
    if (spec.kind === 'string' && !rule.nonBlank) return { ok: true, column, value: text };
    return illegal(`${property} must not be empty: it cannot be cleared through the bulk update.`);
  }

  switch (spec.kind) {
    case 'string': {
      if (text.length > maxLength(property)) return illegal(`${property} must be at most ${maxLength(property)} characters.`);
      if (rule.pattern && !rule.pattern.regex.test(text)) return illegal(`${property} must be ${rule.pattern.expected}.`);
      const failed = rule.check?.(text, c);
      return failed ? illegal(failed) : { ok: true, column, value: text };
    }
    case 'number':
    case 'percent': {
      const numeric = rule.number ?? (spec.kind === 'percent' ? PERCENT : ANY_NUMBER);
      const n = decimalOf(typeof wire === 'number' ? wire : text);
      if (n === null || !checkNumber(n, numeric)) {
        return illegal(`${property} must be ${numeric.expected}, written in plain decimal notation (e.g. ${numeric.example}).`);
      }
      const value = spec.kind === 'percent' ? percentToDecimal(typeof wire === 'number' ? wire : text) : n;
      if (typeof wire === 'string' && !storedExactly(text, value, spec.kind === 'percent' ? -2 : 0)) {
        return illegal(`${property} ${text} has more digits than a stored number holds (it would be kept as ${value}); send at most ${LIMITS.significantDigits} significant digits.`);
      }
      return { ok: true, column, value };
    }
    case 'boolean':
      if (text === 'true' || text === 'false') return { ok: true, column, value: text === 'true' };
      return illegal(`${property} must be true or false.`);
    case 'date':
      return IsoDate.safeParse(text).success
        ? { ok: true, column, value: text }
        : illegal(`${property} must be a real calendar date in YYYY-MM-DD format.`);
    case 'enum': {
      const options = spec.enum.options as readonly string[];
      return options.includes(text) ? { ok: true, column, value: text } : illegal(`${property} must be one of ${listOf(options)}.`);
    }
  }
}

// --- P_I_Amortization --------------------------------------------------------------------------

/** The loan terms the P_I_Amortization rule looks at, as the deal would hold them. */
export type LoanTerms = Pick<DealRow, 'loanPaymentStructure' | 'rateIndex' | 'indexRate' | 'loanTerm' | 'amortizationTerm'>;

/** The deals columns of LoanTerms: what a deal needs read for the P_I_Amortization rule. */
export const LOAN_TERM_COLUMNS = [
  'loanPaymentStructure',
  'rateIndex',
  'indexRate',
  'loanTerm',
  'amortizationTerm',
] as const satisfies readonly (keyof LoanTerms)[];

interface Requirement {
  /** The properties whose values decide the requirement. */
  properties: readonly BulkUpdateProperty[];
  met: (t: LoanTerms) => boolean;
  describe: (t: LoanTerms) => string;
}

const pct = (decimal: number) => `${Number((decimal * 100).toPrecision(12))} %`;

/**
 * Spec: "Setting LoanPaymentStructure to P_I_Amortization requires a valid index rate, a loan
 * term and an amortization term, and the loan term may not exceed the amortization term."
 * A valid index rate: the rate index is Fixed (the whole coupon is the spread), or IndexRate is
 * above 0 (the column cannot tell an unset rate from 0).
 */
export const P_AND_I_REQUIREMENTS: readonly Requirement[] = [
  {
    properties: ['RateIndex', 'IndexRate'],
    met: (t) => t.rateIndex === 'Fixed' || t.indexRate > 0,
    describe: (t) => `a valid index rate: IndexRate above 0, or RateIndex Fixed (it would have RateIndex ${t.rateIndex} and IndexRate ${pct(t.indexRate)})`,
  },
  {
    properties: ['LoanTerm'],
    met: (t) => t.loanTerm > 0,
    describe: (t) => `a LoanTerm above 0 months (it would have ${t.loanTerm})`,
  },
  {
    properties: ['AmortizationTerm'],
    met: (t) => t.amortizationTerm > 0,
    describe: (t) => `an AmortizationTerm above 0 months (it would have ${t.amortizationTerm})`,
  },
  {
    properties: ['LoanTerm', 'AmortizationTerm'],
    met: (t) => t.loanTerm <= t.amortizationTerm,
    describe: (t) => `a LoanTerm not above the AmortizationTerm (it would have LoanTerm ${t.loanTerm} and AmortizationTerm ${t.amortizationTerm} months)`,
  },
];

export const P_AND_I_PROPERTIES: ReadonlySet<BulkUpdateProperty> = new Set([
  'LoanPaymentStructure',
  ...P_AND_I_REQUIREMENTS.flatMap((r) => r.properties),
]);

/**
 * The P_I_Amortization rule on a deal as an item would leave it. `changed` are the properties
 * the item sets (validly). Returns the failing updates, by property.
 * - The item sets LoanPaymentStructure to P_I_Amortization: every unmet requirement is reported
 *   once, on LoanPaymentStructure.
 * - The deal already is P_I_Amortization: each unmet requirement is reported on the item's
 *   updates that decide it (e.g. LoanTerm raised above AmortizationTerm). A requirement the item
 *   does not touch was unmet before it and does not block it.
 */
export function checkPAndI(next: LoanTerms, changed: ReadonlySet<BulkUpdateProperty>): Map<BulkUpdateProperty, Problem> {
  const problems = new Map<BulkUpdateProperty, Problem>();
  if (next.loanPaymentStructure !== 'P_I_Amortization') return problems;
  const unmet = P_AND_I_REQUIREMENTS.filter((r) => !r.met(next));
  if (unmet.length === 0) return problems;
  if (changed.has('LoanPaymentStructure')) {
    problems.set('LoanPaymentStructure', {
      errorType: 'IllegalValue',
      description: `LoanPaymentStructure P_I_Amortization requires a valid index rate (IndexRate above 0, or RateIndex Fixed), a LoanTerm and an AmortizationTerm above 0, and a LoanTerm not above the AmortizationTerm; the deal lacks ${unmet.map((r) => r.describe(next)).join('; and ')}.`,
    });
    return problems;
  }
  for (const requirement of unmet) {
    for (const property of requirement.properties) {
      if (!changed.has(property)) continue;
      const before = problems.get(property);
      const reason = requirement.describe(next);
      problems.set(property, {
        errorType: 'IllegalValue',
        description: before
          ? `${before.description.slice(0, -1)}; and ${reason}.`
          : `The deal's LoanPaymentStructure is P_I_Amortization, which requires ${reason}.`,
      });
    }
  }
  return problems;
}
