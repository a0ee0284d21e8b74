import { writeFile } from 'node:fs/promises';
import JSZip from 'jszip';
import type { GatewayContext } from '../../gateway';
import { writeAtomically } from '../atomic-file';
import { gatherMemoData } from '../memo/gather';
import { renderMemoPdfBuffer } from '../memo/render';
import {
  CREDIT_FILE_FORMAT,
  CREDIT_FILE_FORMAT_VERSION,
  EXTRAS_FILES,
  FIGURES_FILE,
  figuresOfReads,
  jsonFile,
  MANIFEST_FILE,
  MEMO_FILE,
  readPath,
  sha256,
  type CreditFileManifest,
} from './format';

export type CreditFilePhase = 'reading' | 'rendering' | 'packing';

export interface CreditFileOptions {
  productVersion: string;
  preparedBy?: string;
  onProgress?: (phase: CreditFilePhase) => void;
}

export interface CreditFile {
  bytes: Buffer;
  manifest: CreditFileManifest;
  /** Pages of the memo inside. */
  memoPages: number;
}

/**
 * The zip's entries all carry the file's own time (the same data gives the same bytes) and are
 * stored, not deflated: the memo is compressed already, and a damaged byte stays in the file it
 * belongs to, which verification then names.
 */
function zipOf(files: [string, Buffer][], date: Date): Promise<Buffer> {
  const zip = new JSZip();
  for (const [path, bytes] of files) zip.file(path, bytes, { date, binary: true });
  return zip.generateAsync({ type: 'nodebuffer', compression: 'STORE', platform: 'UNIX' });
}

/** The credit file of a deal as zip bytes; null when no such deal exists. */
export async function buildCreditFile(ctx: GatewayContext, dealId: string, options: CreditFileOptions): Promise<CreditFile | null> {
  options.onProgress?.('reading');
  const gathered = await gatherMemoData(ctx, dealId, { productVersion: options.productVersion, ...(options.preparedBy ? { preparedBy: options.preparedBy } : {}) });
  if (!gathered) return null;
  const { data, reads, extras } = gathered;
  options.onProgress?.('rendering');
  const memo = await renderMemoPdfBuffer(data);
  options.onProgress?.('packing');

  const files: [string, Buffer][] = [[MEMO_FILE, memo.bytes]];
  for (const read of reads.reads) files.push([readPath(read), jsonFile(read)]);
  files.push([FIGURES_FILE, jsonFile(figuresOfReads(reads))]);
  if (extras.notes || extras.recommendation !== undefined) files.push([EXTRAS_FILES.notes, jsonFile({ recommendation: extras.recommendation ?? '', notes: extras.notes ?? [] })]);
  if (extras.history) files.push([EXTRAS_FILES.history, jsonFile(extras.history)]);

  const manifest: CreditFileManifest = {
    format: CREDIT_FILE_FORMAT,
    formatVersion: CREDIT_FILE_FORMAT_VERSION,
    dealId,
    loanId: data.deal.loanId ?? null,
    dealName: data.deal.seedName ?? null,
    createdAt: data.generatedAt,
    productVersion: options.productVersion,
    schemaVersion: await ctx.store.schemaVersion(),
    settings: { ...(await ctx.store.getUnderwritingSettings()) },
    memoDataHash: data.dataHash,
    files: files.map(([path, bytes]) => ({ path, sha256: sha256(bytes), bytes: bytes.length })),
  };
  const bytes = await zipOf([[MANIFEST_FILE, jsonFile(manifest)], ...files], new Date(data.generatedAt));
  return { bytes, manifest, memoPages: memo.pages };
}

/** Writes a deal's credit file to `file` atomically (complete, or nothing); null when no such deal exists. */
export async function writeCreditFile(ctx: GatewayContext, dealId: string, file: string, options: CreditFileOptions): Promise<CreditFile | null> {
  const built = await buildCreditFile(ctx, dealId, options);
  if (!built) return null;
  await writeAtomically(file, (temp) => writeFile(temp, built.bytes, { flag: 'wx' }));
  return built;
}
