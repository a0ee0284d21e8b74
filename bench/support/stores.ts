import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative } from 'node:path';
import { STORE_FILE } from '../../src-main/server/service';
import { DEMO_DEFAULTS } from '../../src-main/demo/generate';
import type { BuildStoreArgs, BuildStoreResult } from '../children/build-store';
import { ROOT, runTsChild } from './child';
import { log } from './log';

/** A store a scenario needs: the demo portfolio of N deals, or a store of N report rows. */
export type StoreNeed = { deals: number } | { reportRows: number };

/** Runs at most `size` jobs at once, in the order they were asked for. */
class Slots {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly size: number) {}
  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.active >= this.size) await new Promise<void>((resolvePromise) => this.waiting.push(resolvePromise));
    this.active++;
    try {
      return await job();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}

/**
 * Where the demo stores of a run live, built once and reused by every scenario. The run builds
 * every store its scenarios need before the first measurement (prepare), two children at a time
 * on the machine's cores, so no measurement shares the CPU with a build.
 */
export class StoreCache {
  private readonly building = new Map<string, Promise<string>>();
  private readonly slots = new Slots(Math.max(1, Math.min(2, availableParallelism())));
  readonly notes: string[] = [];

  /**
   * @param dir the run's temporary directory
   * @param persistent when set (--cache-dir), stores are kept there across runs, keyed by a hash
   *   of the generator, schema, migrations and the bench loader, and rebuilt when any changes.
   */
  constructor(
    readonly dir: string,
    private readonly persistent?: string,
  ) {}

  /** Builds (in parallel where it can) every store in `needs`, before any measurement. */
  async prepare(needs: readonly StoreNeed[]): Promise<void> {
    // The report store first: its first half needs no other store and takes longest.
    const sorted = [...needs].sort((a, b) => Number('deals' in a) - Number('deals' in b));
    await Promise.all(sorted.map((n) => ('deals' in n ? this.deals(n.deals) : this.reportRows(n.reportRows))));
  }

  /** A data directory holding the demo portfolio of `deals` deals (seed DEMO_DEFAULTS.seed). Read-only use. */
  deals(deals: number): Promise<string> {
    return this.get(`deals-${deals}`, async (dataDir) => {
      // The 50,000-deal store takes about 15 minutes on a busy 2-core machine (4.8 million rows
      // through the change feed's triggers): its builder gets an hour.
      const timeoutMs = deals > 20_000 ? 60 * 60_000 : undefined;
      const result = await this.slots.run(() => build({ dataDir, pieces: [{ seed: DEMO_DEFAULTS.seed, deals }], verifyDeals: this.verifyOnce() }, timeoutMs));
      this.note(`deals-${deals}`, result);
      return result;
    });
  }

  /**
   * A data directory whose cross-deal report has exactly `rows` rows: the 10,000-deal portfolio
   * plus further demo portfolios (seeds +1, +2, ...). Two children build halves of them at once
   * (one on a copy of the 10,000-deal store, one in a store of its own), a third merges the two
   * and adds portfolios until the count is exact (the last one sized to hit it).
   */
  reportRows(rows: number): Promise<string> {
    return this.get(`report-${rows}`, async (dataDir) => {
      const seed = DEMO_DEFAULTS.seed;
      // 9,500-deal portfolios (about 10,500 rows each; the 10,000-deal one has about 11,100)
      // leave a margin of a few thousand rows below the count for the fill.
      const pieces = Math.max(0, Math.floor((rows - 11_100 - 2_000) / 10_600));
      const seeds = Array.from({ length: pieces }, (_, i) => seed + 1 + i);
      const half = Math.ceil(seeds.length / 2);
      const partDir = `${dataDir}-part`;
      const partB = this.slots.run(() => build({ dataDir: partDir, pieces: seeds.slice(half).map((s) => ({ seed: s, deals: 9_500 })) }));
      const base = join(await this.deals(10_000), STORE_FILE);
      const partA = this.slots.run(() => build({ dataDir, base, pieces: seeds.slice(0, half).map((s) => ({ seed: s, deals: 9_500 })) }));
      const [a, b] = await Promise.all([partA, partB]);
      const merged = await this.slots.run(() =>
        build({ dataDir, keep: true, pieces: [], merge: [b.file], fill: { links: rows, firstSeed: seed + 1 + seeds.length } }),
      );
      rmSync(partDir, { recursive: true, force: true });
      const result: BuildStoreResult = { ...merged, pieces: [...a.pieces, ...b.pieces, ...merged.pieces] };
      this.note(`report-${rows}`, result);
      log(`store report-${rows}: halves built in ${fmt(a.totalMs)} s and ${fmt(b.totalMs)} s at once, merged in ${fmt(merged.mergeMs)} s`);
      if (result.links !== rows) throw new Error(`report store has ${result.links} rows, not ${rows}`);
      return result;
    });
  }

  /** A private, writable copy of a store (for scenarios that change data). */
  copy(source: string, name: string): string {
    const target = join(this.dir, 'copies', name);
    rmSync(target, { recursive: true, force: true });
    mkdirSync(target, { recursive: true });
    cpSync(join(source, STORE_FILE), join(target, STORE_FILE));
    return target;
  }

  private verified = false;
  /** The loader is checked against seedDemoPortfolio once per run (at 200 deals). */
  private verifyOnce(): number | undefined {
    if (this.verified) return undefined;
    this.verified = true;
    return 200;
  }

  private note(name: string, r: BuildStoreResult): void {
    const gen = r.pieces.reduce((s, p) => s + p.generateMs, 0);
    const load = r.pieces.reduce((s, p) => s + p.loadMs, 0);
    const rows = r.pieces.reduce((s, p) => s + p.rows, 0);
    log(`store ${name}: ${r.deals} deals, ${r.links} report rows; generated in ${fmt(gen)} s, ${rows} rows loaded in ${fmt(load)} s`);
    if (r.verify) {
      const v = r.verify;
      const line =
        `loader check: ${v.deals} deals (${v.rows} rows) written identically by seedDemoPortfolio ` +
        `(${fmt(v.productSeedMs)} s, of which generation ${fmt(v.productGenerateMs)} s) and the bench loader ` +
        `(${fmt(v.benchGenerateMs + v.benchLoadMs)} s, of which generation ${fmt(v.benchGenerateMs)} s)`;
      log(line);
      this.notes.push(line);
    }
  }

  private get(name: string, make: (dataDir: string) => Promise<BuildStoreResult>): Promise<string> {
    let pending = this.building.get(name);
    if (!pending) {
      pending = (async () => {
        const root = this.persistent ? join(this.persistent, sourceHash()) : join(this.dir, 'stores');
        const dataDir = join(root, name);
        if (this.persistent && existsSync(join(dataDir, 'complete'))) {
          log(`store ${name}: reusing ${dataDir}`);
          return dataDir;
        }
        const started = performance.now();
        await make(dataDir);
        writeFileSync(join(dataDir, 'complete'), new Date().toISOString());
        log(`store ${name}: ready in ${fmt(performance.now() - started)} s`);
        return dataDir;
      })();
      this.building.set(name, pending);
    }
    return pending;
  }
}

function build(args: BuildStoreArgs, timeoutMs = 15 * 60_000): Promise<BuildStoreResult> {
  return runTsChild<BuildStoreResult>('bench/children/build-store.ts', args, { timeoutMs });
}

function fmt(ms: number): string {
  return (ms / 1000).toFixed(1);
}

/** A hash of everything that decides a store's content (for --cache-dir). */
function sourceHash(): string {
  const hash = createHash('sha256');
  // What a built store holds is decided by the SQLite schema and migrations, the writers the
  // build calls and the generator; the other store modules (reads, the PostgreSQL engine) do not
  // change it, and hashing them would rebuild a 50,000-deal store (~15 min) for every edit.
  const files = [
    ...listFiles(join(ROOT, 'src-main/store/migrations')),
    ...['schema.ts', 'db.ts', 'bulk-insert.ts', 'collateral-figures.ts', 'sqlite-store.ts'].map((f) => join(ROOT, 'src-main/store', f)),
    ...listFiles(join(ROOT, 'src-main/domain')),
    ...listFiles(join(ROOT, 'src-main/demo')),
    ...listFiles(join(ROOT, 'src-main/figures')),
    join(ROOT, 'bench/support/raw-sqlite.ts'),
    join(ROOT, 'bench/support/demo-loader.ts'),
    join(ROOT, 'bench/children/build-store.ts'),
    join(ROOT, 'bench/support/stores.ts'),
  ];
  for (const file of files.sort()) {
    hash.update(relative(ROOT, file));
    hash.update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}
