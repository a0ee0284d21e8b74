import type { DealExportResult, MEMO_CHANNELS } from '../../contract';
import { GATEWAY, isRefusal } from '../../gateway';
import { gatherMemoData, renderMemoPdf, writeCreditFile } from '../../reports';
import { exportToFile, fileDate } from '../file-export';
import type { ChannelKit, HandlersOf } from './kit';

// The deal page's "Credit memo" and "Credit file" buttons (issue 15): the same gathering and
// writing as `uw memo` and `uw credit-file`, to the file the host chooses (Electron: the native
// save dialog; web mode: a file the bridge serves once), with progress events by exportId. The
// work is asynchronous (reads, then pdfmake), so the UI stays responsive meanwhile.

type Phase = 'reading' | 'rendering' | 'packing' | 'done' | 'failed';

/** A file name from the deal's name: letters, digits and dashes only. */
function fileStem(name: string | null | undefined, fallback: string): string {
  const stem = (name ?? '').normalize('NFKD').replace(/[^\w\s-]/g, '').trim().replace(/\s+/g, '-');
  return stem || fallback;
}

export function memoChannels({ env, ctx, emit, refuse, exportTarget }: ChannelKit): HandlersOf<typeof MEMO_CHANNELS> {
  const version = env.version ?? '0.0.0';

  async function exportDeal(kind: 'memo' | 'creditFile', dealId: string, exportId: string): Promise<DealExportResult> {
    const progress = (phase: Phase) => emit('deal.exportProgress', { exportId, phase });
    // The deal first: an unknown deal is said before a save dialog opens.
    const deal = await GATEWAY.getDealInfo(ctx, { params: { id: dealId } });
    if (isRefusal(deal)) throw refuse(`No deal exists with the id ${dealId}.`, { code: 'MissingEntity', target: 'dealId' });
    const format = kind === 'memo' ? 'pdf' : 'zip';
    const what = kind === 'memo' ? 'credit memo' : 'credit file';
    const missing = () => refuse(`No deal exists with the id ${dealId}.`, { code: 'MissingEntity', target: 'dealId' });
    return exportToFile(exportTarget, {
      format,
      suggestedName: `${fileStem(deal.seedName, dealId)}-${what.replace(' ', '-')}-${fileDate(ctx.now())}.${format}`,
      write: async (file) => {
        let pages: number;
        if (kind === 'memo') {
          progress('reading');
          const gathered = await gatherMemoData(ctx, dealId, { productVersion: version });
          if (!gathered) throw missing();
          progress('rendering');
          pages = (await renderMemoPdf(gathered.data, { file })).pages;
        } else {
          const built = await writeCreditFile(ctx, dealId, file, { productVersion: version, onProgress: progress });
          if (!built) throw missing();
          pages = built.memoPages;
        }
        progress('done');
        return { pages };
      },
      failed: (reason, error) => {
        progress('failed');
        // A refusal of our own (the deal went away meanwhile) is passed on as it is.
        if ((error as { details?: unknown }).details) return error as Error;
        return refuse(`The ${what} could not be written: ${reason}`, { code: 'ExportFailed', target: 'file' });
      },
    });
  }

  return {
    'deal.exportMemo': ({ dealId, exportId }) => exportDeal('memo', dealId, exportId),
    'deal.exportCreditFile': ({ dealId, exportId }) => exportDeal('creditFile', dealId, exportId),
  };
}
