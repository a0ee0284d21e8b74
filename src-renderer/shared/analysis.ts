import type { Breach, BreakpointsDto, PolicyNotTested, SavedScenario, Scenario, SizeLoanResponseDto, StressScenarioDefinition } from '../../src-main/contract';
import { besideLimit, multiple, pct, pctNumber, usd } from './format';

/*
 * The analysis screens' pure helpers: a scenario as the user types it (percentages and basis
 * points) and back, its checks before anything is sent, and the "(−0.14x)" deltas of the what-if.
 * Units of the contract (docs/analysis.md): relative changes and vacancy points are decimals
 * (-0.1, 0.03), rate and cap-rate shocks basis points.
 */

/**
 * A deal's DSCR, debt yield or LTV as the pipeline and the deal header show it: null (shown "—",
 * sorted after the measured deals) when not measured. The reads give 0 where a ratio has nothing
 * to divide or nothing to divide by (no NOI, no debt service, no loan, no valuation: a new deal
 * whose cash flows are not entered), and exactly 0 comes from nothing else.
 */
export function measured(value: number | null | undefined): number | null {
  return typeof value === 'number' && value !== 0 ? value : null;
}

export const SHOCKS = ['rentChange', 'vacancyChange', 'noiChange', 'valueChange', 'capRateChangeBps', 'rateChangeBps'] as const;
export type ShockName = (typeof SHOCKS)[number];

/** Each shock as the form shows it: its label, its unit, and the factor from the typed number to the contract's. */
export const SHOCK_FIELDS: Record<ShockName, { label: string; unit: string; factor: number; min: number; max: number; short: string }> = {
  rentChange: { label: 'Rent change', unit: '%', factor: 0.01, min: -100, max: 1000, short: 'rent' },
  vacancyChange: { label: 'Vacancy change', unit: 'points', factor: 0.01, min: -100, max: 100, short: 'vacancy' },
  noiChange: { label: 'NOI change', unit: '%', factor: 0.01, min: -100, max: 1000, short: 'NOI' },
  valueChange: { label: 'Value change', unit: '%', factor: 0.01, min: -100, max: 1000, short: 'value' },
  capRateChangeBps: { label: 'Cap rate change', unit: 'bp', factor: 1, min: -10_000, max: 10_000, short: 'cap rate' },
  rateChangeBps: { label: 'Rate change', unit: 'bp', factor: 1, min: -10_000, max: 10_000, short: 'rate' },
};

export type ScenarioDraft = { name: string } & Record<ShockName, string>;

export const EMPTY_SCENARIO_DRAFT: ScenarioDraft = { name: '', rentChange: '', vacancyChange: '', noiChange: '', valueChange: '', capRateChangeBps: '', rateChangeBps: '' };

/** Rounds away binary noise (0.07 * 100 = 7.000000000000001). */
const clean = (n: number) => String(Number(n.toPrecision(12)));

export function scenarioToDraft(scenario: Scenario): ScenarioDraft {
  const draft = { ...EMPTY_SCENARIO_DRAFT, name: scenario.name ?? '' };
  for (const shock of SHOCKS) {
    const value = scenario[shock];
    if (value !== undefined && value !== 0) draft[shock] = clean(value / SHOCK_FIELDS[shock].factor);
  }
  return draft;
}

export type ScenarioErrors = Partial<Record<keyof ScenarioDraft | 'shocks', string>>;

/** The draft as a scenario, or what is wrong with it, field by field. */
export function draftToScenario(draft: ScenarioDraft): { scenario: Scenario | null; errors: ScenarioErrors } {
  const errors: ScenarioErrors = {};
  const scenario: Scenario = {};
  const name = draft.name.trim();
  if (name === '') errors.name = 'Name the scenario.';
  else if (name.length > 100) errors.name = 'At most 100 characters.';
  else scenario.name = name;
  for (const shock of SHOCKS) {
    const raw = draft[shock].trim().replace(/^\+/, '').replace(/[%\s]/g, '').replace(/^−/, '-');
    if (raw === '') continue;
    const n = Number(raw);
    const field = SHOCK_FIELDS[shock];
    if (!Number.isFinite(n)) errors[shock] = 'Enter a number.';
    else if (n < field.min || n > field.max) errors[shock] = `Between ${field.min} and ${field.max} ${field.unit}.`;
    else if (n !== 0) scenario[shock] = Number((n * field.factor).toPrecision(12));
  }
  if (!SHOCKS.some((s) => errors[s]) && !SHOCKS.some((s) => scenario[s] !== undefined)) errors.shocks = 'Set at least one shock to a value other than 0.';
  return { scenario: Object.keys(errors).length === 0 ? scenario : null, errors };
}

const MINUS = '−';
const signed = (text: string, n: number) => (n > 0 ? `+${text}` : n < 0 ? `${MINUS}${text.replace(/^-/, '')}` : text);

/** The shocks of a scenario in words: "rent −5 %, vacancy +3 pts, value −10 %, rate +100 bp". */
export function describeShocks(scenario: Scenario): string {
  const parts = SHOCKS.filter((s) => (scenario[s] ?? 0) !== 0).map((s) => {
    const field = SHOCK_FIELDS[s];
    const typed = scenario[s]! / field.factor;
    const unit = field.unit === '%' ? ' %' : field.unit === 'points' ? ' pts' : ' bp';
    return `${field.short} ${signed(clean(Math.abs(typed)), typed)}${unit}`;
  });
  return parts.join(', ') || 'no shock';
}

export type FigureKind = 'usd' | 'pct' | 'pctNumber' | 'multiple' | 'rate';

const formatters: Record<FigureKind, (n: number | null | undefined) => string> = {
  usd: (n) => usd(n),
  pct: (n) => pct(n, 1),
  rate: (n) => pct(n, 3),
  pctNumber: (n) => pctNumber(n),
  multiple: (n) => multiple(n),
};

export function formatFigure(kind: FigureKind, value: number | null | undefined): string {
  return formatters[kind](value);
}

/** The change between two figures in the figure's own format ("−0.14x", "+$120,000"), or null when unchanged at display precision. */
export function deltaText(kind: FigureKind, before: number | null | undefined, after: number | null | undefined): string | null {
  const a = typeof before === 'number' && Number.isFinite(before) ? before : null;
  const b = typeof after === 'number' && Number.isFinite(after) ? after : null;
  if (a === null && b === null) return null;
  if (a === null || b === null) return formatFigure(kind, a) === formatFigure(kind, b) ? null : 'new';
  if (formatFigure(kind, a) === formatFigure(kind, b)) return null;
  const d = b - a;
  const text = kind === 'pct' ? `${pct(Math.abs(d), 1).replace('%', '')} pts` : kind === 'rate' ? `${pct(Math.abs(d), 3).replace('%', '')} pts` : kind === 'pctNumber' ? `${pctNumber(Math.abs(d)).replace('%', '')} pts` : formatFigure(kind, Math.abs(d));
  return signed(text, d);
}

/** "1.31x (−0.14x)": the figure, with its change when it changed. */
export function withDelta(kind: FigureKind, before: number | null | undefined, after: number | null | undefined): string {
  const delta = deltaText(kind, before, after);
  return delta ? `${formatFigure(kind, after)} (${delta})` : formatFigure(kind, after);
}

export const CONSTRAINT_LABELS: Record<SizeLoanResponseDto['bindingConstraint'], string> = {
  Ltv: 'LTV',
  Ltc: 'LTC',
  Dscr: 'DSCR',
  DebtYield: 'Debt yield',
};

/** A constraint's limit in its unit: "75.0 % max", "1.25x min", "9.00 % min". */
export function limitText(name: SizeLoanResponseDto['bindingConstraint'], limit: number): string {
  switch (name) {
    case 'Ltv':
    case 'Ltc':
      return `max ${pct(limit, 1)}`;
    case 'Dscr':
      return `min ${multiple(limit)}`;
    case 'DebtYield':
      return `min ${pctNumber(limit)}`;
  }
}

export const BREAKPOINT_REASONS: Record<string, string> = {
  NoPolicyLimit: 'the policy sets no such limit',
  NoLoan: 'the deal has no loan',
  NoDebtService: 'the deal has no debt service',
  ManualDebtService: 'the debt service is entered by hand: a rate change does not move it',
  NoIncome: 'the deal has no NOI to decline',
  NoValue: 'the deal has no valuation to measure LTV against',
  BreachedAtAnyRate: 'the income is 0 or below: no rate restores the minimum',
};

export interface BreakpointLine {
  key: string;
  label: string;
  value: string;
  /** Already breached: the figure is the move back that would restore the limit. */
  breached: boolean;
  note: string | null;
}

/** The breakpoints as lines to read: "NOI can fall 23.4 % before DSCR breaks". */
export function breakpointLines(b: BreakpointsDto): BreakpointLine[] {
  const reason = (name: string) => {
    const why = b.notApplicable[name as keyof BreakpointsDto['notApplicable']];
    return why ? `Not applicable: ${BREAKPOINT_REASONS[why] ?? why}.` : null;
  };
  const noiName = b.noiDeclineBinding === 'DebtYield' ? 'noiDeclineDebtYield' : 'noiDeclineDscr';
  return [
    {
      key: 'noiDecline',
      label: `NOI decline before ${b.noiDeclineBinding === 'DebtYield' ? 'debt yield' : 'DSCR'} breaks`,
      value: b.noiDecline === null ? '—' : pct(Math.abs(b.noiDecline), 1),
      breached: (b.noiDecline ?? 0) < 0,
      note: b.noiDecline === null ? reason(noiName) : b.noiDecline < 0 ? `Already breached: NOI must rise ${pct(-b.noiDecline, 1)}.` : null,
    },
    {
      key: 'rateIncreaseBps',
      label: 'Rate rise before DSCR breaks',
      value: b.rateIncreaseBps === null ? '—' : `${Math.round(Math.abs(b.rateIncreaseBps)).toLocaleString('en-US')} bp`,
      breached: (b.rateIncreaseBps ?? 0) < 0,
      note: b.rateIncreaseBps === null ? reason('rateIncreaseBps') : b.rateIncreaseBps < 0 ? `Already breached: the rate must fall ${Math.round(-b.rateIncreaseBps)} bp.` : null,
    },
    {
      key: 'valueDecline',
      label: 'Value decline before LTV breaks',
      value: b.valueDecline === null ? '—' : pct(Math.abs(b.valueDecline), 1),
      breached: (b.valueDecline ?? 0) < 0,
      note: b.valueDecline === null ? reason('valueDecline') : b.valueDecline < 0 ? `Already breached: the value must rise ${pct(-b.valueDecline, 1)}.` : null,
    },
    {
      key: 'breakEvenNoi',
      label: 'Break-even NOI (DSCR 1.00x)',
      value: usd(b.breakEvenNoi),
      breached: false,
      note: b.breakEvenNoi === null ? reason('breakEvenNoi') : null,
    },
  ];
}

/** A shock value as a grid heading: "−10 %", "+100 bp". */
export function shockHeading(shock: string, value: number): string {
  if (shock.endsWith('Bps')) return value === 0 ? '0 bp' : signed(`${clean(Math.abs(value))} bp`, value);
  return value === 0 ? '0 %' : signed(`${clean(Math.abs(value * 100))} %`, value);
}

/** A broken limit in words: "DSCR 1.02x < 1.25x", "LTV 81.2 % > 75.0 %". */
export function breachText(breach: Breach): string {
  switch (breach.metric) {
    case 'Dscr': {
      const [v, l] = besideLimit(multiple, breach.value, breach.limit, 2);
      return `DSCR ${v} < ${l}`;
    }
    case 'DebtYield': {
      const [v, l] = besideLimit(pctNumber, breach.value, breach.limit, 2);
      return `Debt yield ${v} < ${l}`;
    }
    case 'Ltv': {
      if (breach.value === null) return 'LTV: no value left';
      const [v, l] = besideLimit(pct, breach.value, breach.limit, 1);
      return `LTV ${v} > ${l}`;
    }
    case 'Ltc': {
      const [v, l] = besideLimit(pct, breach.value, breach.limit, 1);
      return `LTC ${v} > ${l}`;
    }
  }
}

const NOT_TESTED_WHY: Record<PolicyNotTested['reason'], string> = {
  NoLoan: 'no loan amount',
  NoDebtService: 'no debt service',
  NoIncome: "no NOI yet (the collaterals' cash flows are not entered)",
  NoValue: 'no valuation above 0',
  NoTotalCost: 'no project total cost',
};

/** A limit the deal is not measured on: "LTC not measured: no project total cost". */
export function notTestedText(n: PolicyNotTested): string {
  return `${CONSTRAINT_LABELS[n.metric]} not measured: ${NOT_TESTED_WHY[n.reason]}`;
}

/** A sizing constraint that does not apply, and why, in an underwriter's words. */
export function notApplicableText(n: SizeLoanResponseDto['notApplicable'][number]): string {
  return n.reason === 'NoTotalCost'
    ? 'Not applicable: the deal has no project total cost. Loan-to-cost tests acquisitions and construction; enter the cost on the Loan terms tab to size on it.'
    : 'Not applicable: the deal has no valuation above 0 to measure LTV against.';
}

/**
 * Why the loan could not be sized, in an underwriter's words, from the field the refusal names,
 * and whether typing an NOI and a value (the what-if sizing) answers it. Null for a refusal the
 * tab has no words for.
 */
export function sizingRefusal(target: string | undefined): { text: string; whatIf: boolean } | null {
  switch (target?.replace(/^inputs\./, '')) {
    case 'noi':
      return {
        text: "This deal has no NOI yet, so no loan can be sized on it. The NOI comes from the collaterals' cash flows, which are not entered for this deal. To size a loan now, type an NOI and a value (and a rate, if the deal has none) below: a what-if, nothing is saved.",
        whatIf: true,
      };
    case 'dealId':
      return { text: 'This deal has no collateral, so no NOI or value to size a loan on. Type an NOI and a value below to size one as a what-if: nothing is saved.', whatIf: true };
    case 'value':
      return { text: "The profile's only limits need a valuation above 0. Type a value below to size on it, or pick a profile with an income limit.", whatIf: true };
    case 'totalCost':
      return { text: "The profile's only limits need a project total cost above 0: enter it on the Loan terms tab, or pick a profile with a value or income limit.", whatIf: false };
    case 'interestRate':
      return { text: 'Sizing on DSCR needs a note rate above 0 for an interest-only loan, and this deal has none yet. Type a rate below to size on it, or set it on the Loan terms tab.', whatIf: true };
    case 'profileName':
      return { text: 'Pick one of the listed profiles.', whatIf: false };
    default:
      return null;
  }
}

export interface WhatIfDraft {
  noi: string;
  value: string;
  /** The note rate in percent as typed ("6.5" is 6.5 %). */
  rate: string;
}

export const EMPTY_WHAT_IF: WhatIfDraft = { noi: '', value: '', rate: '' };

/** A dollar amount as typed: "1,250,000", "$1.25m", "900k". NaN when it is not one. */
export function parseUsd(text: string): number {
  const t = text.trim().toLowerCase().replace(/[$,\s]/g, '');
  const m = /^(\d+(?:\.\d*)?|\.\d+)([km]?)$/.exec(t);
  if (!m) return Number.NaN;
  return Number(m[1]) * (m[2] === 'm' ? 1_000_000 : m[2] === 'k' ? 1_000 : 1);
}

export interface WhatIfSizingInputs {
  noi?: number;
  value?: number;
  /** Decimal (0.065). */
  interestRate?: number;
}

/**
 * The what-if sizing's inputs from what was typed: each figure given replaces the deal's (an
 * NOI above 0, a value of 0 or more, a rate in percent above 0 and at most 100), or what is wrong
 * with it. `needs`: what the deal lacks and must be typed (a new deal has no NOI, and often no
 * note rate yet).
 */
export function whatIfInputs(draft: WhatIfDraft, needs: { noi: boolean; rate: boolean }): { inputs: WhatIfSizingInputs | null; errors: Partial<Record<keyof WhatIfDraft, string>> } {
  const errors: Partial<Record<keyof WhatIfDraft, string>> = {};
  const inputs: WhatIfSizingInputs = {};
  if (draft.noi.trim() === '') {
    if (needs.noi) errors.noi = 'Enter the NOI a year, e.g. 850,000.';
  } else {
    const noi = parseUsd(draft.noi);
    if (!Number.isFinite(noi)) errors.noi = 'Enter an amount in dollars, e.g. 850,000.';
    else if (!(noi > 0)) errors.noi = 'The NOI must be above $0.';
    else inputs.noi = noi;
  }
  if (draft.value.trim() !== '') {
    const value = parseUsd(draft.value);
    if (!Number.isFinite(value)) errors.value = 'Enter an amount in dollars, e.g. 12,500,000.';
    else inputs.value = value;
  }
  const rate = draft.rate.trim().replace(/\s*%$/, '');
  if (rate === '') {
    if (needs.rate) errors.rate = 'The deal has no note rate yet: enter one, e.g. 6.5.';
  } else {
    const n = Number(rate);
    if (!Number.isFinite(n) || !(n > 0) || n > 100) errors.rate = 'Enter a rate in percent above 0, e.g. 6.5.';
    else inputs.interestRate = Number((n / 100).toPrecision(12));
  }
  if (Object.keys(inputs).length === 0 && Object.keys(errors).length === 0) errors.noi = 'Type an NOI, a value or a rate to size on.';
  return { inputs: Object.keys(errors).length === 0 ? inputs : null, errors };
}

/** A built-in or saved scenario as the Scenario a request carries (no label, no source): the deal page's and the portfolio stress's. */
export function asScenario(definition: StressScenarioDefinition | SavedScenario): Scenario {
  const scenario: Scenario = { name: definition.name };
  for (const s of SHOCKS) if (definition[s] !== undefined) scenario[s] = definition[s];
  return scenario;
}
