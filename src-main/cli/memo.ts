import { gatherMemoData, renderMemoPdf } from '../reports';
import { parseCommandArgs } from './args';
import { checkDataDir, checkOut, localUser, PRODUCT_VERSION, requireFlags, withStore, writeFailure } from './deal-output';

export const MEMO_HELP = `uw memo — write a deal's credit memo as a PDF

  --data-dir DIR   data directory holding the store (uw.sqlite)
  --deal ID        the deal's id
  --out FILE       PDF file to write; written whole or not at all
  --force          replace FILE if it exists (default: refuse)

The memo shows the deal as the API reads it (docs/credit-memo.md). The last line on stdout is
"wrote the credit memo of DEAL (N pages) to FILE".
`;

export async function memo(argv: string[]): Promise<void> {
  const args = parseCommandArgs(argv, {
    'data-dir': { type: 'string' },
    deal: { type: 'string' },
    out: { type: 'string' },
    force: { type: 'boolean' },
  });
  if (args.help) {
    process.stdout.write(MEMO_HELP);
    return;
  }
  requireFlags('memo', args, ['data-dir', 'deal', 'out']);
  const dataDir = checkDataDir(args['data-dir']!);
  const out = checkOut(args.out!, args.force === true);
  await withStore(dataDir, async (ctx) => {
    process.stderr.write('memo: reading the deal\n');
    const gathered = await gatherMemoData(ctx, args.deal!, { productVersion: PRODUCT_VERSION, preparedBy: localUser() });
    if (!gathered) throw new Error(`no deal with id "${args.deal}" in ${dataDir}`);
    process.stderr.write('memo: rendering the PDF\n');
    const result = await renderMemoPdf(gathered.data, { file: out }).catch((error: unknown) => {
      throw writeFailure(out, error);
    });
    process.stdout.write(`wrote the credit memo of ${gathered.data.deal.seedName ?? args.deal} (${result.pages} pages) to ${out}\n`);
  });
}
