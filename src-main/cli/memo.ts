import { gatherMemoData, renderMemoPdf } from '../reports';
import { dealOutputArgs, localUser, PRODUCT_VERSION, withStore, writeFailure } from './deal-output';

export const MEMO_HELP = `uw memo — write a deal's credit memo as a PDF

  --data-dir DIR   data directory holding the store (uw.sqlite)
  --deal ID        the deal's id
  --out FILE       PDF file to write; written whole or not at all
  --force          replace FILE if it exists (default: refuse)

The memo shows the deal as the API reads it (docs/credit-memo.md). The last line on stdout is
"wrote the credit memo of DEAL (N pages) to FILE".
`;

export async function memo(argv: string[]): Promise<void> {
  const args = dealOutputArgs('memo', argv, MEMO_HELP);
  if (!args) return;
  const { dataDir, dealId, out } = args;
  await withStore(dataDir, async (ctx) => {
    process.stderr.write('memo: reading the deal\n');
    const gathered = await gatherMemoData(ctx, dealId, { productVersion: PRODUCT_VERSION, preparedBy: localUser() });
    if (!gathered) throw new Error(`no deal with id "${dealId}" in ${dataDir}`);
    process.stderr.write('memo: rendering the PDF\n');
    const result = await renderMemoPdf(gathered.data, { file: out }).catch((error: unknown) => {
      throw writeFailure(out, error);
    });
    process.stdout.write(`wrote the credit memo of ${gathered.data.deal.seedName ?? dealId} (${result.pages} pages) to ${out}\n`);
  });
}
