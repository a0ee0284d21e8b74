import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { DynamicContent, TDocumentDefinitions } from 'pdfmake/interfaces';
import { writeAtomically } from '../atomic-file';
import { memoDocument, MEMO_FONT } from './document';
import { TABLE_LAYOUTS } from './layout';
import type { MemoData } from './types';

type PdfMake = typeof import('pdfmake');

let loading: Promise<PdfMake> | undefined;

/**
 * pdfmake (with pdfkit and fontkit under it) is loaded on the first memo, not at start-up. It
 * is set up once: the Roboto font files it ships (embedded, subset, in every memo), no URL
 * fetched, no local file read but those fonts.
 */
function loadPdfMake(): Promise<PdfMake> {
  loading ??= (async () => {
    const imported = (await import('pdfmake')) as PdfMake & { default?: PdfMake };
    const pdfmake = imported.default ?? imported;
    const require = createRequire(import.meta.url);
    const fonts = (require('pdfmake/fonts/Roboto.js') as { Roboto: Record<'normal' | 'bold' | 'italics' | 'bolditalics', string> }).Roboto;
    const files = new Set(Object.values(fonts));
    pdfmake.setFonts({ [MEMO_FONT]: fonts });
    pdfmake.setUrlAccessPolicy(() => false);
    pdfmake.setLocalAccessPolicy((path) => files.has(path));
    pdfmake.setTableLayouts(TABLE_LAYOUTS);
    return pdfmake;
  })();
  loading.catch(() => (loading = undefined));
  return loading;
}

export interface MemoPdf {
  bytes: Buffer;
  pages: number;
  /** SHA-256 of the PDF bytes, hex. */
  sha256: string;
}

/** The document's identity must be there: every page prints it, and the PDF's bytes depend on its date. */
function checkIdentity(data: MemoData): void {
  if (typeof data.generatedAt !== 'string' || !/^\d{4}-\d{2}-\d{2}T/.test(data.generatedAt) || Number.isNaN(Date.parse(data.generatedAt))) {
    throw new Error(`The memo's generation date must be an ISO 8601 timestamp, got ${JSON.stringify(data.generatedAt)}`);
  }
  if (!data.dataHash) throw new Error('The memo needs the hash of the data it is made from (dataHash)');
  if (!data.productVersion) throw new Error('The memo needs the product version (productVersion)');
}

/** Renders the memo to PDF bytes. The same data gives the same bytes (the creation date is the data's). */
export async function renderMemoPdfBuffer(data: MemoData): Promise<MemoPdf> {
  checkIdentity(data);
  const pdfmake = await loadPdfMake();
  const doc: TDocumentDefinitions = memoDocument(data);
  let pages = 0;
  const footer = doc.footer as DynamicContent;
  doc.footer = (currentPage, pageCount, pageSize) => {
    pages = pageCount;
    return footer(currentPage, pageCount, pageSize);
  };
  const bytes = (await pdfmake.createPdf(doc).getBuffer()) as Buffer;
  return { bytes, pages, sha256: createHash('sha256').update(bytes).digest('hex') };
}

export interface RenderMemoOptions {
  /** Where to write the PDF; replaced atomically (an existing file there stays intact on failure). */
  file: string;
}

export interface RenderMemoResult {
  file: string;
  bytes: number;
  pages: number;
  sha256: string;
}

/**
 * Renders the credit memo of `data` to `file`: through a temporary file next to it, flushed and
 * renamed over the target only when complete, so nothing half-written is ever left under the
 * target name.
 */
export async function renderMemoPdf(data: MemoData, options: RenderMemoOptions): Promise<RenderMemoResult> {
  const pdf = await renderMemoPdfBuffer(data);
  await writeAtomically(options.file, (temp) => writeFile(temp, pdf.bytes, { flag: 'wx' }));
  return { file: options.file, bytes: pdf.bytes.length, pages: pdf.pages, sha256: pdf.sha256 };
}
