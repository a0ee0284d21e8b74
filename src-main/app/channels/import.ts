import { writeFile } from 'node:fs/promises';
import { IMPORT_COLUMNS, type IMPORT_CHANNELS } from '../../contract';
import { dealsNamed, workstationDb } from '../../store';
import { ImportFileError, parseImportFile } from '../import-file';
import { IMPORT_TEMPLATE_NAME, importTemplateCsv } from '../import-template';
import { exportToFile } from '../file-export';
import type { ChannelKit, HandlersOf } from './kit';

/*
 * The collateral import: a file read (import-file.ts), sent to the gateway and followed by its
 * report; the deals the file's references may name, instead of every deal of the book; and the
 * template (import-template.ts), saved where the host chooses.
 */

export function importChannels({ ctx, gateway, changed, refuse, exportTarget }: ChannelKit): HandlersOf<typeof IMPORT_CHANNELS> {
  return {
    'import.parseFile': async ({ fileName, contentBase64 }) => {
      try {
        return await parseImportFile(fileName, contentBase64);
      } catch (error) {
        if (error instanceof ImportFileError) throw refuse(error.message, { code: 'InvalidFile', target: 'file' });
        throw error;
      }
    },
    'import.send': (body) => gateway('importCollaterals', {}, body),
    'import.report': async ({ reportId }) => {
      const report = await gateway('getImportReport', { reportId });
      if (report.status === 'Completed' && report.createdEntities.length > 0) changed(null);
      return report;
    },
    // Workstation-only: a lookup tuned to the SQLite store (docs/architecture.md).
    'import.findDeals': async ({ references }) => ({ deals: dealsNamed(workstationDb(ctx.store), references) }),
    'import.template': async () =>
      exportToFile(exportTarget, {
        format: 'csv',
        suggestedName: IMPORT_TEMPLATE_NAME,
        write: async (file) => {
          await writeFile(file, importTemplateCsv(), 'utf8');
          return { columns: IMPORT_COLUMNS.length };
        },
        failed: (reason) => refuse(`The template could not be written: ${reason}`, { code: 'ExportFailed', target: 'file' }),
      }),
  };
}
