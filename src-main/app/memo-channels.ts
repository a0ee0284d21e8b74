import { basename } from 'node:path';
import type { DealExportResult } from '../contract/app-channels';
import { GATEWAY } from '../gateway';
import { gatherMemoData, renderMemoPdf, writeCreditFile } from '../reports';
import type { AppEnvironment } from './environment';

// The deal page's "Credit memo" and "Credit file" buttons (issue 15): the same gathering and
// writing as `uw memo` and `uw credit-file`, to the file the host chooses (Electron: the native
// save dialog; web mode: a file the bridge serves once), with progress events by exportId. The
// work is asynchronous (reads, then pdfmake), so the UI stays responsive meanwhile.

type Phase = 'reading' | 'rendering' | 'packing' | 'done' | 'failed';

/** A refusal the channel table turns into a readable message (ChannelError, built by the caller). */
export type Refuse = (message: string, details: { code: string; target?: string }) => Error;

/** A file name from the deal's name: letters, digits and dashes only. */
function fileStem(name: string | null | undefined, fallback: string): string {
  const stem = (name ?? '').normalize('NFKD').replace(/[^\w\s-]/g, '').trim().replace(/\s+/g, '-');
  return stem || fallback;
}

export function memoChannels(env: AppEnvironment, refuse: Refuse) {
  const ctx = env.gateway;
  const version = env.version ?? '0.0.0';

  async function exportDeal(kind: 'memo' | 'creditFile', dealId: string, exportId: string): Promise<DealExportResult> {
    const progress = (phase: Phase) => env.emit('deal.exportProgress', { exportId, phase });
    // The deal first: an unknown deal is said before a save dialog opens.
    const deal = (await GATEWAY.getDealInfo!(ctx, { params: { id: dealId }, body: undefined })) as { success: boolean; seedName?: string | null };
    if (!deal.success) throw refuse(`No deal exists with the id ${dealId}.`, { code: 'MissingEntity', target: 'dealId' });
    const stamp = ctx.now().toISOString().slice(0, 10);
    const stem = fileStem(deal.seedName, dealId);
    const format = kind === 'memo' ? 'pdf' : 'zip';
    const target = await env.exportTarget({ format, suggestedName: `${stem}-${kind === 'memo' ? 'credit-memo' : 'credit-file'}-${stamp}.${format}` });
    if (!target) return { cancelled: true };
    const what = kind === 'memo' ? 'credit memo' : 'credit file';
    try {
      let pages: number;
      if (kind === 'memo') {
        progress('reading');
        const gathered = await gatherMemoData(ctx, dealId, { productVersion: version });
        if (!gathered) throw refuse(`No deal exists with the id ${dealId}.`, { code: 'MissingEntity', target: 'dealId' });
        progress('rendering');
        pages = (await renderMemoPdf(gathered.data, { file: target.file })).pages;
      } else {
        const built = await writeCreditFile(ctx, dealId, target.file, { productVersion: version, onProgress: progress });
        if (!built) throw refuse(`No deal exists with the id ${dealId}.`, { code: 'MissingEntity', target: 'dealId' });
        pages = built.memoPages;
      }
      progress('done');
      return {
        cancelled: false,
        file: target.file,
        fileName: target.fileName ?? basename(target.file),
        pages,
        ...(target.downloadUrl ? { downloadUrl: target.downloadUrl } : {}),
      };
    } catch (error) {
      progress('failed');
      if ((error as { details?: unknown }).details) throw error;
      throw refuse(`The ${what} could not be written: ${(error as Error).message.split('\n')[0]}`, { code: 'ExportFailed', target: 'file' });
    }
  }

  return {
    'deal.exportMemo': ({ dealId, exportId }: { dealId: string; exportId: string }) => exportDeal('memo', dealId, exportId),
    'deal.exportCreditFile': ({ dealId, exportId }: { dealId: string; exportId: string }) => exportDeal('creditFile', dealId, exportId),
  };
}
