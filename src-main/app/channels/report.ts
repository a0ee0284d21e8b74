import type { REPORT_CHANNELS } from '../../contract';
import { exportReport } from '../../reports';
import { fileDate } from '../file-export';
import type { ChannelKit, HandlersOf } from './kit';

// The cross-deal report: a page of it (the gateway's), and its export with progress.

export function reportChannels({ ctx, gateway, refuse, exportWithProgress }: ChannelKit): HandlersOf<typeof REPORT_CHANNELS> {
  return {
    'report.query': (filter) => gateway('getCrossDealCollateralReport', {}, filter),
    'report.export': ({ filter, format, exportId }) =>
      exportWithProgress({
        exportId,
        event: 'report.exportProgress',
        format,
        suggestedName: `collateral-report-${fileDate(ctx.now())}.${format}`,
        write: async (file, signal, onProgress) => {
          const written = await exportReport(ctx, filter, { format, file, signal, onProgress });
          return { result: { rows: written.rows, totals: written.totals }, rows: written.rows };
        },
        failed: (reason) => refuse(`The report could not be written: ${reason}`, { code: 'ExportFailed', target: 'file' }),
      }),
  };
}
