import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The text of a PDF (or of one page) as Debian's poppler pdftotext reads it (in layout mode: a table row stays on one line), whitespace collapsed. */
export async function pdfText(file: string, page?: number): Promise<string> {
  const range = page === undefined ? [] : ['-f', String(page), '-l', String(page)];
  const { stdout } = await run('pdftotext', ['-layout', ...range, '-enc', 'UTF-8', file, '-']);
  return stdout.replace(/\s+/g, ' ');
}

export interface PdfInfo {
  pages: number;
  /** Per page, [width, height] in points. */
  sizes: [number, number][];
  fields: Record<string, string>;
}

/** pdfinfo's answer: page count, each page's size, the document information fields. */
export async function pdfInfo(file: string): Promise<PdfInfo> {
  const first = await run('pdfinfo', [file]);
  const fields = Object.fromEntries(
    first.stdout
      .split('\n')
      .map((line) => /^([^:]+):\s*(.*)$/.exec(line))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => [m[1]!.trim(), m[2]!.trim()]),
  );
  const pages = Number(fields.Pages);
  const { stdout } = await run('pdfinfo', ['-f', '1', '-l', String(pages), file]);
  const sizes = [...stdout.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/gm)].map((m) => [Number(m[1]), Number(m[2])] as [number, number]);
  return { pages, sizes, fields };
}
