import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { UnderwritingSettings } from '../../contract';
import { GATEWAY_ROUTES, type GatewayContext, type PlaceLookup } from '../../gateway';
import {
  closeSqliteStore,
  loadSystemConfig,
  openSqliteStore,
  setUnderwritingSettings,
  STORE_FILE,
  workstationDb,
  type SqliteHandle,
} from '../../store';
import type { DealReads, GatewayHandlers, RecordedRead } from '../memo/gather';
import { CreditFileError, dataHashOfFile, FIGURES_FILE, figuresOfReads, firstDifference, readPath, shown, type FigureValue } from './format';
import { openCreditFile } from './open';

// Verifying a credit file (docs/credit-memo.md, "Verification"): the seal, then every figure
// derived again by the current engine from the file's inputs. The inputs reach a scratch store
// the way a sync pull loads the platform's, and that loader is the sync layer's
// (sync/replay.ts, over its graph reader and mirror). The reports layer sits below sync, so the
// loader is handed in (`load`) by the composition root that runs a verification (the cli); the
// verification itself (scratch store, gateway reads, comparison) is a report's work and lives here.

/**
 * Writes the deal of `reads` into `db`, an empty scratch store, as a pull would (the store's
 * engine then derives every figure afresh). sync's `replayDealReads` is the one to pass.
 */
export type LoadRecordedReads = (db: SqliteHandle, dealId: string, reads: readonly RecordedRead[], now: Date) => Promise<unknown>;

export interface VerifyOptions {
  /** Loads the file's reads into the scratch store (sync's `replayDealReads`). */
  load: LoadRecordedReads;
  /**
   * The gateway the figures are read back through (default: the real one). The seam through
   * which a test stands in an engine whose formula changed.
   */
  gateway?: GatewayHandlers;
  /** A folder for the scratch store (default: the system's temporary folder); removed after. */
  scratchDir?: string;
}

export type VerifyResult = { ok: true; dealId: string; files: number; reads: number; figures: number } | { ok: false; problem: string };

const NO_PLACES: PlaceLookup = { resolve: async () => ({ ok: false, target: 'address', message: 'verification resolves no addresses.' }) };

function parseJson<T>(files: Map<string, Buffer>, path: string): T {
  try {
    return JSON.parse(files.get(path)!.toString('utf8')) as T;
  } catch {
    throw new CreditFileError(`${path}: not JSON`);
  }
}

/**
 * Checks a credit file: its seal (every hash of the manifest), then every derived figure,
 * recomputed from the file's inputs with the current engine: the reads are loaded into a
 * scratch store as a pull would load them, under the settings and the date the file records,
 * and read back through the gateway. The first file or figure that differs is named with both
 * values.
 */
export async function verifyCreditFile(bytes: Buffer, options: VerifyOptions): Promise<VerifyResult> {
  let opened;
  try {
    opened = await openCreditFile(bytes);
  } catch (error) {
    if (error instanceof CreditFileError) return { ok: false, problem: error.message };
    throw error;
  }
  const { manifest, files } = opened;
  let reads: RecordedRead[];
  let recordedFigures: Record<string, FigureValue>;
  try {
    reads = manifest.files.filter((f) => f.path.startsWith('reads/')).map((f) => parseJson<RecordedRead>(files, f.path));
    if (!files.has(FIGURES_FILE)) throw new CreditFileError(`${FIGURES_FILE}: missing from the manifest`);
    recordedFigures = parseJson(files, FIGURES_FILE);
  } catch (error) {
    if (error instanceof CreditFileError) return { ok: false, problem: error.message };
    throw error;
  }
  let dataHash: string;
  try {
    dataHash = dataHashOfFile({ dealId: manifest.dealId, reads } satisfies DealReads, files);
  } catch (error) {
    if (error instanceof CreditFileError) return { ok: false, problem: error.message };
    throw error;
  }
  if (dataHash !== manifest.memoDataHash) {
    return { ok: false, problem: `memo data: SHA-256 of the reads differs from the memo's: manifest ${manifest.memoDataHash}, reads ${dataHash}` };
  }

  const dir = mkdtempSync(join(options.scratchDir ?? tmpdir(), 'uw-verify-'));
  const store = openSqliteStore({ file: join(dir, STORE_FILE) });
  const db = workstationDb(store);
  try {
    setUnderwritingSettings(db, manifest.settings as UnderwritingSettings);
    const now = new Date(manifest.createdAt);
    try {
      await options.load(db, manifest.dealId, reads, now);
    } catch (error) {
      return { ok: false, problem: `the reads cannot be loaded as a deal: ${(error as Error).message.split('\n')[0]}` };
    }
    const ctx: GatewayContext = { store, places: NO_PLACES, config: loadSystemConfig(), now: () => now };
    // Every read made again, as recorded (same endpoint, parameters and body), on the scratch store.
    const handlers = options.gateway ?? GATEWAY_ROUTES;
    const again: DealReads = { dealId: manifest.dealId, reads: [] };
    for (const read of reads) {
      const handler = handlers[read.name];
      if (!handler) return { ok: false, problem: `${readPath(read)}: this version has no ${read.name}` };
      const response = await handler(ctx, { params: read.params, body: read.body });
      again.reads.push({ ...read, response });
    }
    // The named figures first (the clearest message), then every read whole.
    const figures = figuresOfReads(again);
    for (const name of new Set([...Object.keys(recordedFigures), ...Object.keys(figures)])) {
      if (!Object.is(recordedFigures[name], figures[name])) {
        return { ok: false, problem: `${FIGURES_FILE}: ${name}: file ${shown(recordedFigures[name])}, recomputed ${shown(figures[name])}` };
      }
    }
    for (const [i, read] of reads.entries()) {
      const d = firstDifference(read.response, again.reads[i]!.response);
      if (d) return { ok: false, problem: `${readPath(read)}: ${d.path || '(whole answer)'}: file ${shown(d.a)}, recomputed ${shown(d.b)}` };
    }
    return { ok: true, dealId: manifest.dealId, files: manifest.files.length + 1, reads: reads.length, figures: Object.keys(figures).length };
  } finally {
    await closeSqliteStore(store);
    rmSync(dir, { recursive: true, force: true });
  }
}
