import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { verifyCreditFile as verify, writeCreditFile } from '../reports';
import { replayDealReads } from '../sync';
import { UsageError } from './args';
import { dealOutputArgs, localUser, PRODUCT_VERSION, withStore, writeFailure } from './deal-output';

export const CREDIT_FILE_HELP = `uw credit-file — write a deal's sealed credit file (a zip)

  --data-dir DIR   data directory holding the store (uw.sqlite)
  --deal ID        the deal's id
  --out FILE       zip file to write; written whole or not at all
  --force          replace FILE if it exists (default: refuse)

The zip holds the credit memo (memo.pdf), every read of the deal's graph as the API answers it
(reads/, the sizing and stress answers included), the derived figures (figures.json), the notes
and history where recorded, and manifest.json with the SHA-256 of each file, the product and schema versions, the
underwriting settings in force and the time. Check it with uw verify-credit-file.
`;

export const VERIFY_HELP = `uw verify-credit-file — check a credit file's seal and recompute its figures

  uw verify-credit-file FILE.zip

Checks the SHA-256 of every file against the manifest, then loads the file's reads into a
scratch store (as a sync pull would) and recomputes every derived figure with this version's
engine. Prints "verified" and exits 0 when everything matches; otherwise prints the first file
or figure that differs with both values and exits 1.
`;

export async function creditFile(argv: string[]): Promise<void> {
  const args = dealOutputArgs('credit-file', argv, CREDIT_FILE_HELP);
  if (!args) return;
  const { dataDir, dealId, out } = args;
  await withStore(dataDir, async (ctx) => {
    const built = await writeCreditFile(ctx, dealId, out, {
      productVersion: PRODUCT_VERSION,
      preparedBy: localUser(),
      onProgress: (phase) => process.stderr.write(`credit-file: ${phase}\n`),
    }).catch((error: unknown) => {
      throw writeFailure(out, error);
    });
    if (!built) throw new Error(`no deal with id "${dealId}" in ${dataDir}`);
    process.stdout.write(`wrote the credit file of ${built.manifest.dealName ?? dealId} (${built.manifest.files.length + 1} files) to ${out}\n`);
  });
}

export async function verifyCreditFile(argv: string[]): Promise<void> {
  const { parseArgs } = await import('node:util');
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { help: { type: 'boolean' } }, strict: true, allowPositionals: true });
  } catch (error) {
    throw new UsageError((error as Error).message.split('\n')[0]!);
  }
  if (parsed.values.help) {
    process.stdout.write(VERIFY_HELP);
    return;
  }
  if (parsed.positionals.length !== 1) throw new UsageError('give one credit file: uw verify-credit-file FILE.zip (see --help)');
  const file = resolve(parsed.positionals[0]!);
  const bytes = await readFile(file).catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`cannot read ${file}: ${error.code ?? error.message}`);
  });
  // The reads reach the scratch store as a pull loads the platform's: sync's replay.
  const result = await verify(bytes, { load: replayDealReads });
  if (!result.ok) throw new Error(`not verified: ${result.problem}`);
  process.stdout.write(`verified: ${result.files} files, ${result.reads} reads, ${result.figures} figures of deal ${result.dealId} recomputed and equal\n`);
}
