// The deterministic demo portfolio: a lender's book of deals with the whole graph behind each
// one (parties, collaterals, components, market research, rent rolls, cash flows, valuations,
// sources and uses). Pure: no I/O, no clock, no Math.random(); same seed, same data.
//
// This module orchestrates; the parts live by what they make: book.ts (the tables, options and
// vocabulary), parties.ts, collateral.ts (with components.ts and valuations.ts), deal.ts (the
// loan), funds.ts (sources and uses), documents.ts, phrases.ts (the words). Every random draw
// happens in the order it always has: each deal draws from its own fork of the root stream, in
// the sequence below, so the same seed and salt give the same book byte for byte.

import { DEMO_DEFAULTS, DEMO_USERS, LOANS_PACKAGES, OWNER_WEIGHTS, type DemoContext, type DemoPortfolio, type DemoPortfolioOptions } from './book';
import { buildCollateral, planCollaterals } from './collateral';
import { addDeal, DealKinds, drawBalance, drawCreditBox, drawDates, drawLoanTerms, rateDeal, sizeLoan } from './deal';
import { addDealDocuments } from './documents';
import { addFundRows, drawFunds, roundLoan } from './funds';
import { MarketResearch } from './market';
import { addDealParties, PartyPools } from './parties';
import { AddressAllocator } from './places';
import { IdFactory, Rng, clamp } from './random';

export {
  DEMO_ASSET_TYPES,
  DEMO_COLLATERAL_SUB_TYPES,
  DEMO_DEFAULTS,
  DEMO_LOAN_TYPES,
  DEMO_PROFILE_NAMES,
  DEMO_STATES,
  DEMO_STATUS_BY_STATE,
  DEMO_SUB_STATUSES,
  DEMO_TABLE_ORDER,
  DEMO_USERS,
  DEMO_VALUE_BASES,
  type DemoAssetType,
  type DemoLoanType,
  type DemoPortfolio,
  type DemoPortfolioOptions,
  type DemoState,
} from './book';

function emptyPortfolio(): DemoPortfolio {
  return {
    users: [],
    loansPackages: [],
    people: [],
    companies: [],
    deals: [],
    dealPeople: [],
    dealCompanies: [],
    files: [],
    collaterals: [],
    dealCollaterals: [],
    components: [],
    marketData: [],
    salesComps: [],
    livingUnits: [],
    rentRolls: [],
    rentRollItems: [],
    revenueValuations: [],
    cashFlowTransactions: [],
    alternativeValuations: [],
    fundsAnalyses: [],
    fundSources: [],
    fundUses: [],
  };
}

/** The platform's users (and any extra owners), and who owns deals how often. */
function addUsers(out: DemoPortfolio, ownerIds: readonly string[]): (readonly [string, number])[] {
  const owners: (readonly [string, number])[] = [];
  DEMO_USERS.forEach((u, i) => {
    out.users.push({ id: u.id, name: u.name });
    owners.push([u.id, OWNER_WEIGHTS[i] ?? 1]);
  });
  for (const id of ownerIds) {
    if (out.users.some((u) => u.id === id)) continue;
    const local = id.split('@')[0] ?? id;
    const name = local
      .split(/[._-]+/)
      .filter(Boolean)
      .map((w) => w[0]!.toUpperCase() + w.slice(1))
      .join(' ');
    out.users.push({ id, name: name || id });
    owners.push([id, 1.5]);
  }
  return owners;
}

/** What every deal of one book shares: the context, the root stream, the draws of kinds and parties, the loans packages. */
interface Book {
  ctx: DemoContext;
  root: Rng;
  kinds: DealKinds;
  pools: PartyPools;
  packages: readonly { id: string; name: string }[];
}

/** The i-th deal with its whole graph, drawn from its own fork of the root stream. */
function generateDeal(book: Book, i: number): void {
  const { ctx, root, kinds, pools, packages } = book;
  const rng = root.fork(i);
  const dealId = ctx.ids.next();
  const kind = kinds.draw(rng, i);
  const terms = drawLoanTerms(rng, kind);
  const dates = drawDates(rng, ctx.asOf, dealId, kind, terms.loanTerm);
  // Target size: a log-normal loan amount, a target leverage, hence a target value.
  const box = drawCreditBox(rng, kind);
  const { specs, loanMedian } = planCollaterals(rng, kind.assetType, kind.metro);
  const targetLoan = clamp(rng.logNormal(loanMedian, 0.7), 2_500_000, 75_000_000);
  const targetValue = targetLoan / ((box.ltvCap + 0.65) / 2);

  // Collaterals, each with its own cash flow.
  const collateralResults = specs.map((spec, position) => buildCollateral(ctx, rng, dates.facts, spec, targetValue * spec.share, position));
  const noi = collateralResults.reduce((s, c) => s + c.noi, 0);
  const value = collateralResults.reduce((s, c) => s + c.value, 0);

  const sized = sizeLoan(rng, box, kind.construction, noi, value, terms.perDollarDebtService);
  const { loanType, construction } = kind;
  const { interestRate, loanTerm, loanPaymentStructure, amortizationTerm } = terms;
  const dealFunds = drawFunds(
    ctx,
    rng,
    { loanType, construction, rejected: box.rejected, value, interestRate, loanTerm, loanPaymentStructure, amortizationTerm },
    roundLoan(sized),
  );
  const { originalLoan, funds } = dealFunds;
  const balance = drawBalance(rng, ctx.asOf, kind.state, terms, dates, originalLoan, noi, value);
  addFundRows(ctx, dealId, dealFunds);
  const rating = rateDeal(rng, ctx.asOf, kind, balance, box.watchList, dates.originationDate);

  const seedName = addDealParties(ctx, pools, rng, {
    dealId,
    metro: kind.metro,
    assetType: kind.assetType,
    specs,
    collateralResults,
    originalLoan,
    grossLoan: balance.grossLoan,
    noi,
    value,
    debtService: balance.debtService,
    dscr: balance.dscr,
    riskRating: rating.riskRating,
  });
  const photoId = addDealDocuments(ctx, rng, dealId, kind.state, kind.pipeline, dates.createdDate);
  addDeal(ctx, rng, { index: i, dealId, kind, terms, dates, box, balance, rating, specs, collateralResults, originalLoan, funds, seedName, photoId, packages });
}

export function generateDemoPortfolio(options: DemoPortfolioOptions = {}): DemoPortfolio {
  const seed = (options.seed ?? DEMO_DEFAULTS.seed) >>> 0;
  const dealCount = Math.max(0, Math.trunc(options.deals ?? DEMO_DEFAULTS.deals));
  const asOf = options.asOf ?? DEMO_DEFAULTS.asOf;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(asOf)) throw new Error(`asOf must be YYYY-MM-DD, got ${asOf}`);

  const ids = new IdFactory(seed, options.idSalt);
  const root = new Rng(seed, 'demo-portfolio');
  const ctx: DemoContext = { ids, out: emptyPortfolio(), research: new MarketResearch(seed, asOf), addresses: new AddressAllocator(), asOf };
  const owners = addUsers(ctx.out, options.ownerIds ?? []);
  const packages = LOANS_PACKAGES.map((name) => ({ id: ids.next(), name }));
  ctx.out.loansPackages.push(...packages);
  // The parties' stream is forked before the deals' (a fork consumes one draw of the root).
  const pools = new PartyPools(ctx, root.fork('parties'), dealCount);
  const book: Book = { ctx, root, kinds: new DealKinds(owners), pools, packages };
  for (let i = 0; i < dealCount; i++) generateDeal(book, i);
  return ctx.out;
}
