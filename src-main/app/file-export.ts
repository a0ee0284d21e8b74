import { basename } from 'node:path';
import type { AppEvents, ExportFileFormat } from '../contract';
import { isAbortOf } from '../reports';
import type { Emit, ExportTargetChooser } from './environment';
import type { LongWork } from './long-work';

/*
 * The one path every file the UI exports takes (the cross-deal report, the portfolio stress,
 * the deal comparison, the credit memo and the credit file): the host chooses where to write
 * (Electron: the native save dialog; web mode: a file the bridge serves once), the writer
 * writes there, and the answer says where, under the name the user sees.
 */

/** Where an export was written, as the UI shows and downloads it. */
export interface WrittenFile {
  /** Where the file was written (Electron: the path chosen in the save dialog). */
  file: string;
  fileName: string;
  /** Web mode: a one-time link to download the file from. */
  downloadUrl?: string;
}

export type ExportOutcome<R> = { cancelled: true } | ({ cancelled: false } & WrittenFile & R);

export interface FileExport<R> {
  format: ExportFileFormat;
  suggestedName: string;
  /** Writes the file; what it returns joins the answer (rows written, pages). */
  write: (file: string) => Promise<R>;
  /** The refusal a failed write becomes (a ChannelError built by the caller), from its first line. */
  failed: (reason: string, error: unknown) => Error;
  /** Cancels the write (work.cancel): the writer stops and leaves no file; the answer is `{ cancelled: true }`. */
  signal?: AbortSignal;
  /** Called when the write stopped because the signal was aborted. */
  onCancelled?: () => void;
}

export async function exportToFile<R extends object>(chooser: ExportTargetChooser, job: FileExport<R>): Promise<ExportOutcome<R>> {
  const target = await chooser({ format: job.format, suggestedName: job.suggestedName });
  if (!target) return { cancelled: true };
  let written: R;
  try {
    written = await job.write(target.file);
  } catch (error) {
    if (isAbortOf(error, job.signal)) {
      job.onCancelled?.();
      return { cancelled: true };
    }
    throw job.failed((error as Error).message?.split('\n')[0] ?? String(error), error);
  }
  return {
    cancelled: false,
    ...written,
    file: target.file,
    fileName: target.fileName ?? basename(target.file),
    ...(target.downloadUrl ? { downloadUrl: target.downloadUrl } : {}),
  };
}

/** `YYYY-MM-DD` of a date, for the names of exported files. */
export function fileDate(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Progress of a long write at most every `ms` milliseconds, and always at its end: enough for a
 * progress bar, without an event for each of 100,000 rows.
 */
export function throttled(report: (done: number, total: number) => void, ms = 150): (done: number, total: number) => void {
  let last = 0;
  return (done, total) => {
    if (done === total || Date.now() - last > ms) {
      last = Date.now();
      report(done, total);
    }
  };
}

/** The exports whose progress the UI follows as rows (or deals) written of a total. */
export type ProgressEvent = 'report.exportProgress' | 'analysis.exportProgress';
export type ExportPhase = AppEvents[ProgressEvent]['phase'];

/** An export the UI follows and can stop: a FileExport whose writer reports rows written. */
export interface ProgressExport<R> {
  exportId: string;
  /** The event its progress goes out as, by exportId. */
  event: ProgressEvent;
  format: ExportFileFormat;
  suggestedName: string;
  /** Writes the file, reporting progress; answers what joins the result and how many rows it wrote. */
  write: (file: string, signal: AbortSignal, onProgress: (done: number, total: number) => void) => Promise<{ result: R; rows: number }>;
  /** The refusal a failed write becomes (after the 'failed' event). */
  failed: (reason: string, error: unknown) => Error;
}

/**
 * An export with progress: run as long work under its exportId (work.cancel stops it, the
 * answer is then `{ cancelled: true }`), with the events preparing, writing (throttled), then
 * done, failed or cancelled.
 */
export function exportWithProgress<R extends object>(chooser: ExportTargetChooser, work: LongWork, emit: Emit, job: ProgressExport<R>): Promise<ExportOutcome<R>> {
  const progress = (phase: ExportPhase, done: number, total: number) => emit(job.event, { exportId: job.exportId, phase, done, total });
  return work.run(job.exportId, (signal) =>
    exportToFile(chooser, {
      format: job.format,
      suggestedName: job.suggestedName,
      signal,
      onCancelled: () => progress('cancelled', 0, 0),
      write: async (file) => {
        progress('preparing', 0, 0);
        const { result, rows } = await job.write(file, signal, throttled((done, total) => progress('writing', done, total)));
        progress('done', rows, rows);
        return result;
      },
      failed: (reason, error) => {
        progress('failed', 0, 0);
        return job.failed(reason, error);
      },
    }),
  );
}
