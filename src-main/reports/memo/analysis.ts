import type { Content } from 'pdfmake/interfaces';
import { format } from '../../contract';
import { COLORS, dataTable, heading, keepTogether, keyValues, notice, subheading } from './layout';
import type { MemoBreakpoints, MemoConstraintName, MemoData, MemoMetrics, MemoPolicy, MemoScenario, MemoSizing, MemoStressResult } from './types';

const { int, multiple, pct, pctNumber, usd } = format;

const CONSTRAINT_LABELS: Record<MemoConstraintName, string> = { Ltv: 'LTV', Ltc: 'LTC', Dscr: 'DSCR', DebtYield: 'Debt yield' };

/** A constraint's limit in its own unit: LTV and LTC decimals, DSCR a multiple, debt yield a percentage. */
function limitText(name: MemoConstraintName, limit: number): string {
  if (name === 'Dscr') return `min ${multiple(limit)}`;
  if (name === 'DebtYield') return `min ${pctNumber(limit)}`;
  return `max ${pct(limit, 1)}`;
}

function policyText(p: MemoPolicy): string {
  const limits = [
    p.maxLtv != null ? `max LTV ${pct(p.maxLtv, 1)}` : null,
    p.maxLtc != null ? `max LTC ${pct(p.maxLtc, 1)}` : null,
    p.minDscr != null ? `min DSCR ${multiple(p.minDscr)}` : null,
    p.minDebtYield != null ? `min debt yield ${pctNumber(p.minDebtYield)}` : null,
  ].filter(Boolean);
  return `${p.name ? `${p.name}: ` : ''}${limits.length ? limits.join(', ') : 'no limit in force'}`;
}

const signed = (text: string, value: number) => (value > 0 ? `+${text}` : text);

/**
 * A scenario's shocks in words: "value −10.0%, vacancy +3.0 pt, rate +100 bp". Each shock's words
 * are joined by no-break spaces, so a line only ever breaks between two shocks.
 */
export function shocksText(s: MemoScenario): string {
  const parts: string[] = [];
  if (s.noiChange) parts.push(`NOI ${signed(pct(s.noiChange, 1), s.noiChange)}`);
  if (s.rentChange) parts.push(`rent ${signed(pct(s.rentChange, 1), s.rentChange)}`);
  if (s.vacancyChange) parts.push(`vacancy ${signed(format.num(s.vacancyChange * 100, 1), s.vacancyChange)} pt`);
  if (s.valueChange) parts.push(`value ${signed(pct(s.valueChange, 1), s.valueChange)}`);
  if (s.capRateChangeBps) parts.push(`cap rate ${signed(int(s.capRateChangeBps), s.capRateChangeBps)} bp`);
  if (s.rateChangeBps) parts.push(`rate ${signed(int(s.rateChangeBps), s.rateChangeBps)} bp`);
  return parts.length ? parts.map((p) => p.replace(/ /g, '\u00a0')).join(', ') : 'no shock';
}

// By the metric's name in lower case: the API answers Dscr, DebtYield, Ltv, Ltc.
const METRIC_LABELS: Record<string, string> = { dscr: 'DSCR', ltv: 'LTV', debtyield: 'Debt yield', ltc: 'LTC' };

function metricText(metric: string, value: number | null): string {
  const m = metric.toLowerCase();
  if (m === 'dscr') return multiple(value);
  if (m === 'debtyield') return pctNumber(value);
  if (m === 'ltv' || m === 'ltc') return pct(value, 1);
  return format.num(value);
}

/** Section 4: loan sizing, breakpoints and stress scenarios, each where it was run. */
export function analysisSection(data: MemoData): Content[] {
  const title = heading('Loan sizing, breakpoints and stress', { number: '4' });
  const a = data.analysis;
  if (!a || (!a.sizing && !a.breakpoints && !a.scenarios?.length)) {
    return [keepTogether(title, notice('The sizing and stress analysis was not run for this memo: no sizing, breakpoints or stress scenarios to report.'))];
  }
  const policy: Content[] = a.policy ? [{ text: [{ text: 'Credit policy  ', style: 'muted' }, policyText(a.policy)], margin: [0, 0, 0, 4] }] : [];
  return [
    keepTogether(title, ...policy, subheading('Loan sizing'), ...sizing(data.deal.grossLoan, a.sizing)),
    keepTogether(subheading('Breakpoints at the current loan'), ...breakpoints(a.breakpoints)),
    ...stress(a.scenarios ?? []),
  ];
}

/** Why a constraint in force did not size the loan. */
const NOT_APPLICABLE: Record<string, string> = {
  NoTotalCost: 'not applicable: no project total cost',
  NoValue: 'not applicable: no valuation',
};

function sizing(currentLoan: number, s: MemoSizing | undefined): Content[] {
  if (!s) return [notice('Loan sizing was not run.')];
  const below = currentLoan <= s.maxLoan;
  return [
    {
      text: [
        'The largest loan meeting every constraint in force is ',
        { text: usd(s.maxLoan), bold: true },
        ', bound by ',
        { text: CONSTRAINT_LABELS[s.bindingConstraint], bold: true },
        `; the current loan of ${usd(currentLoan)} is `,
        { text: below ? `${usd(s.maxLoan - currentLoan)} below it` : `${usd(currentLoan - s.maxLoan)} above it`, bold: true, color: below ? COLORS.pass : COLORS.fail },
        '.',
      ],
      margin: [0, 0, 0, 4],
    },
    dataTable([...s.constraints, ...(s.notApplicable ?? [])], [
      { title: 'Constraint', cell: (c) => ({ text: `${CONSTRAINT_LABELS[c.name]}${c.name === s.bindingConstraint ? '  (binding)' : ''}`, bold: c.name === s.bindingConstraint }) },
      { title: 'Limit', cell: (c) => limitText(c.name, c.limit), numeric: true },
      { title: 'Maximum loan', cell: (c) => ('maxLoan' in c ? usd(c.maxLoan) : { text: NOT_APPLICABLE[c.reason] ?? 'not applicable', style: 'muted' }), numeric: true },
    ]),
    keyValues([
      ['Debt constant', pct(s.debtConstant, 4)],
      ['Annual debt service at the sized loan', usd(s.atMaxLoan.annualDebtService)],
      ['DSCR at the sized loan', multiple(s.atMaxLoan.dscr)],
      ['Debt yield at the sized loan', pctNumber(s.atMaxLoan.debtYield)],
      ['LTV at the sized loan', pct(s.atMaxLoan.ltv, 1)],
      ['LTC at the sized loan', pct(s.atMaxLoan.ltc, 1)],
    ]),
  ];
}

function breakpoints(b: MemoBreakpoints | undefined): Content[] {
  if (!b) return [notice('Breakpoints were not computed.')];
  return [
    keyValues([
      ['NOI may fall before a limit breaks', b.noiDecline === null ? 'n/a' : pct(b.noiDecline, 1)],
      ['Rate may rise before DSCR breaks', b.rateIncreaseBps === null ? 'n/a' : `${int(b.rateIncreaseBps)} bp`],
      ['Value may fall before LTV breaks', b.valueDecline === null ? 'n/a' : pct(b.valueDecline, 1)],
      ['Break-even NOI (DSCR 1.00x)', usd(b.breakEvenNoi)],
    ]),
    { text: 'A negative room means the limit is already broken at the current figures; n/a means no limit of that kind is in force or it does not apply.', style: 'small', margin: [0, -4, 0, 6] },
  ];
}

/** A breached figure and its limit on the same rounding (a third decimal where two would show them equal). */
function breachFigures(metric: string, value: number | null, limit: number): [string, string] {
  const m = metric.toLowerCase();
  if (m === 'dscr') return format.besideLimit(multiple, value, limit, 2);
  if (m === 'debtyield') return format.besideLimit(pctNumber, value, limit, 2);
  if (m === 'ltv' || m === 'ltc') return format.besideLimit(pct, value, limit, 1);
  return [metricText(metric, value), metricText(metric, limit)];
}

interface StressRow {
  name: string;
  source?: string;
  shocks: string;
  metrics: MemoMetrics;
  breaches: { metric: string; limit: number; value: number }[] | null;
}

function breachesCell(breaches: StressRow['breaches']): Content {
  if (breaches === null) return { text: format.EMPTY, style: 'muted' };
  if (breaches.length === 0) return { text: 'None', color: COLORS.pass };
  return { text: breaches.map((x) => `${METRIC_LABELS[x.metric.toLowerCase()] ?? x.metric} ${breachFigures(x.metric, x.value, x.limit).join(' vs ')}`).join('\n'), color: COLORS.fail };
}

/** The scenarios under the base case they shock (the first answer's base: every answer has the same). */
function stress(scenarios: readonly MemoStressResult[]): Content[] {
  if (scenarios.length === 0) return [keepTogether(subheading('Stress scenarios'), notice('No stress scenario was run.'))];
  const rows: StressRow[] = [
    { name: 'Base case', shocks: 'none', metrics: scenarios[0]!.base, breaches: null },
    ...scenarios.map((r) => ({ name: r.scenario.name ?? 'Custom', source: r.source, shocks: shocksText(r.scenario), metrics: r.stressed, breaches: r.breaches })),
  ];
  return [
    dataTable(
      rows,
      [
        { title: 'Scenario', cell: (r) => ({ stack: [{ text: r.name, bold: true }, ...(r.source ? [{ text: r.source, style: 'small' }] : [])] }), width: 120 },
        { title: 'Shocks', cell: (r) => r.shocks },
        { title: 'NOI', cell: (r) => usd(r.metrics.noi), numeric: true },
        { title: 'Value', cell: (r) => usd(r.metrics.value), numeric: true },
        { title: 'Rate', cell: (r) => pct(r.metrics.interestRate, 3), numeric: true },
        { title: 'DSCR', cell: (r) => multiple(r.metrics.dscr), numeric: true },
        { title: 'LTV', cell: (r) => pct(r.metrics.ltv, 1), numeric: true },
        { title: 'Debt yield', cell: (r) => pctNumber(r.metrics.debtYield), numeric: true },
        { title: 'Breaches', cell: (r) => breachesCell(r.breaches), width: 84 },
      ],
      { caption: 'Stress scenarios', dense: true, keepRowsWhole: true },
    ),
  ];
}
