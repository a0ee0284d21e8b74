// Child process: builds a data directory holding the deterministic demo portfolio.
//
// Rows come from the product's generator (generateDemoPortfolio); they are inserted with
// bench/support/demo-loader.ts loadPortfolio, which writes the same rows as the product's
// seedDemoPortfolio (see `verify`: both run on a small portfolio and every table is compared,
// in every run) and, unlike it, can add a portfolio to a store that already has deals, which
// the 100,000-row report store needs. The schema is the product's: openDb runs the migrations.

import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fillCollateralFigures } from '../../src-main/figures';
import { createSqliteStore } from '../../src-main/store/sqlite-store';
import { closeDb, openDb, STORE_FILE } from '../../src-main/store/db';
import { DEMO_DEFAULTS, DEMO_TABLE_ORDER, generateDemoPortfolio, type DemoPortfolio } from '../../src-main/demo/generate';
import { seedDemoPortfolio } from '../../src-main/demo/seed';
import { childArgs, reply } from '../support/child';
import { clockDefaultedColumns, dumpDemoTables, loadPortfolio, tableNameOf } from '../support/demo-loader';
import { closeBuild, openRaw, type RawDb } from '../support/raw-sqlite';

export interface BuildStoreArgs {
  dataDir: string;
  /** Start from a copy of this store file instead of an empty store. */
  base?: string;
  /** Add to the store already in dataDir (built by an earlier run of this child). */
  keep?: boolean;
  /** Portfolios to add, each one transaction: generateDemoPortfolio({ seed, deals }). */
  pieces: { seed: number; deals: number }[];
  /**
   * Then add demo portfolios (seeds firstSeed, firstSeed + 1, ...) until deal_collaterals (one
   * report row per link) has exactly `links` rows: large ones first, the last one sized to fit.
   */
  fill?: { links: number; firstSeed: number };
  /** Before filling, copy in every demo table of these stores (built in parallel by other children). */
  merge?: string[];
  /** Also check, at this size, that loadPortfolio writes what seedDemoPortfolio writes. */
  verifyDeals?: number;
}

export interface PieceTiming {
  seed: number;
  deals: number;
  rows: number;
  generateMs: number;
  loadMs: number;
}

export interface BuildStoreResult {
  file: string;
  /** Wall time of the whole child, of the merges, and of computing the collaterals' figures. */
  totalMs: number;
  mergeMs: number;
  figuresMs: number;
  deals: number;
  links: number;
  pieces: PieceTiming[];
  verify?: { deals: number; rows: number; productSeedMs: number; productGenerateMs: number; benchLoadMs: number; benchGenerateMs: number };
}

function addPiece(db: RawDb, seed: number, deals: number, portfolio?: DemoPortfolio): PieceTiming {
  const t0 = performance.now();
  const p = portfolio ?? generateDemoPortfolio({ seed, deals });
  const t1 = performance.now();
  const rows = db.transaction(() => loadPortfolio(db, p)).immediate();
  const t2 = performance.now();
  return { seed, deals, rows, generateMs: t1 - t0, loadMs: t2 - t1 };
}

function count(db: RawDb, table: string): number {
  return db.prepare(`SELECT count(*) FROM "${table}"`).pluck().get() as number;
}

/** Creates an empty store with the product's migrations. */
function createEmpty(file: string): void {
  mkdirSync(join(file, '..'), { recursive: true });
  closeDb(openDb({ file }));
}

/**
 * Finds a small portfolio (seed, size) with exactly `need` collateral links, so the report
 * store holds exactly the number of report rows asked for.
 */
function topUpPortfolio(need: number, firstSeed: number): { seed: number; deals: number; portfolio: DemoPortfolio } {
  for (let seed = firstSeed; seed < firstSeed + 20; seed++) {
    // Step the size by the shortfall (a deal has about 1.1 collaterals) until it fits exactly;
    // a size already tried means this seed cannot fit: try the next.
    const tried = new Set<number>();
    let deals = Math.max(1, Math.round(need / 1.1));
    while (!tried.has(deals)) {
      tried.add(deals);
      const portfolio = generateDemoPortfolio({ seed, deals });
      const links = portfolio.dealCollaterals.length;
      if (links === need) return { seed, deals, portfolio };
      deals = Math.max(1, deals + Math.sign(need - links) * Math.max(1, Math.floor(Math.abs(need - links) / 1.3)));
    }
  }
  throw new Error(`no demo portfolio with exactly ${need} collateral links found`);
}

/** Copies every demo table of another store into this one, in foreign-key order. */
function mergeStore(db: RawDb, other: string): void {
  db.prepare('ATTACH ? AS other').run(other);
  db.transaction(() => {
    for (const key of DEMO_TABLE_ORDER) {
      const table = tableNameOf(key);
      // The demo users (and any loans package already here) are in both stores; anything else
      // colliding is an error. Rows keep their order (rowid).
      const verb = key === 'users' || key === 'loansPackages' ? 'INSERT OR IGNORE' : 'INSERT';
      db.exec(`${verb} INTO main."${table}" SELECT * FROM other."${table}" ORDER BY rowid`);
    }
    // The other store's figures (filled when it was built) hold for the same rows here.
    db.exec('INSERT INTO main.collateral_figures SELECT * FROM other.collateral_figures');
  }).immediate();
  db.exec('DETACH other');
}

async function verify(dir: string, deals: number): Promise<NonNullable<BuildStoreResult['verify']>> {
  const seeded = join(dir, 'verify-product', STORE_FILE);
  const loaded = join(dir, 'verify-bench', STORE_FILE);
  createEmpty(loaded);
  mkdirSync(join(seeded, '..'), { recursive: true });
  const productDb = openDb({ file: seeded });
  let productSeedMs: number;
  let productGenerateMs = 0;
  try {
    const t0 = performance.now();
    const result = await seedDemoPortfolio(createSqliteStore(productDb), {
      deals,
      onProgress: (done) => {
        if (done === 0) productGenerateMs = performance.now() - t0;
      },
    });
    productSeedMs = performance.now() - t0;
    if (!result.seeded) throw new Error('verify: seedDemoPortfolio did not seed');
  } finally {
    closeDb(productDb);
  }
  const raw = openRaw(loaded, { build: true });
  const t0 = performance.now();
  const portfolio = generateDemoPortfolio({ seed: DEMO_DEFAULTS.seed, deals });
  const generated = performance.now() - t0;
  const timing = { ...addPiece(raw, DEMO_DEFAULTS.seed, deals, portfolio), generateMs: generated };
  const skip = clockDefaultedColumns(portfolio);
  const a = dumpDemoTables(raw, skip);
  closeBuild(raw);
  const productRaw = openRaw(seeded, { readonly: true });
  const b = dumpDemoTables(productRaw, skip);
  productRaw.close();
  for (const [table, dump] of a) {
    if (b.get(table) !== dump) throw new Error(`verify: table ${table} differs between seedDemoPortfolio and the bench loader`);
  }
  rmSync(join(dir, 'verify-product'), { recursive: true, force: true });
  rmSync(join(dir, 'verify-bench'), { recursive: true, force: true });
  return { deals, rows: timing.rows, productSeedMs, productGenerateMs, benchLoadMs: timing.loadMs, benchGenerateMs: timing.generateMs };
}

async function main(): Promise<void> {
  const started = performance.now();
  const args = childArgs<BuildStoreArgs>();
  const file = join(args.dataDir, STORE_FILE);
  if (!args.keep) {
    rmSync(args.dataDir, { recursive: true, force: true });
    mkdirSync(args.dataDir, { recursive: true });
  }
  const verified = args.verifyDeals ? await verify(args.dataDir, args.verifyDeals) : undefined;
  if (args.keep) {
    if (!existsSync(file)) throw new Error(`no store to add to at ${file}`);
  } else if (args.base) copyFileSync(args.base, file);
  else createEmpty(file);
  const db = openRaw(file, { build: true });
  try {
    const pieces = args.pieces.map((p) => addPiece(db, p.seed, p.deals));
    const mergeStarted = performance.now();
    for (const other of args.merge ?? []) mergeStore(db, other);
    const mergeMs = performance.now() - mergeStarted;
    if (args.fill) {
      let seed = args.fill.firstSeed;
      let need = args.fill.links - count(db, 'deal_collaterals');
      if (need < 0) throw new Error(`the store already has ${-need} more report rows than ${args.fill.links}`);
      // A deal has about 1.1 collaterals: large portfolios first, each sized to stay below the
      // count (regenerated smaller should one overshoot), then a small one that fits exactly.
      while (need > 500) {
        let deals = Math.min(10_000, Math.floor((need - 200) / 1.12));
        for (;;) {
          const t0 = performance.now();
          const portfolio = generateDemoPortfolio({ seed, deals });
          if (portfolio.dealCollaterals.length <= need) {
            const piece = addPiece(db, seed++, deals, portfolio);
            pieces.push({ ...piece, generateMs: performance.now() - t0 - piece.loadMs });
            break;
          }
          deals = Math.floor(deals * 0.97);
        }
        need = args.fill.links - count(db, 'deal_collaterals');
      }
      if (need > 0) {
        const t0 = performance.now();
        const top = topUpPortfolio(need, seed);
        const piece = addPiece(db, top.seed, top.deals, top.portfolio);
        pieces.push({ ...piece, generateMs: performance.now() - t0 - piece.loadMs });
      }
    }
    const result: BuildStoreResult = {
      file,
      totalMs: 0,
      mergeMs,
      figuresMs: 0,
      deals: count(db, 'deals'),
      links: count(db, 'deal_collaterals'),
      pieces,
      verify: verified,
    };
    closeBuild(db);
    // As the product's seed (gateway seedDemo) does: the figures of what was written, stored.
    const figuresStarted = performance.now();
    const product = openDb({ file });
    try {
      await fillCollateralFigures(createSqliteStore(product));
    } finally {
      closeDb(product);
    }
    result.figuresMs = performance.now() - figuresStarted;
    result.totalMs = performance.now() - started;
    reply(result);
  } catch (err) {
    db.close();
    throw err;
  }
}

void main();
