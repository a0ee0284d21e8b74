import JSZip from 'jszip';
import { CREDIT_FILE_FORMAT, CreditFileError, MANIFEST_FILE, sha256, type CreditFileManifest } from './format';

export interface OpenedCreditFile {
  manifest: CreditFileManifest;
  /** Every file the manifest lists, by path (their hashes checked). */
  files: Map<string, Buffer>;
}

/**
 * Opens a credit file and checks its seal: a zip, with our manifest, every file it lists present
 * with the listed SHA-256, and no file it does not list. The first problem is thrown.
 */
export async function openCreditFile(bytes: Buffer): Promise<OpenedCreditFile> {
  let zip: JSZip;
  try {
    // No CRC check here: the SHA-256 of each file, below, is the stronger check and names the file.
    zip = await JSZip.loadAsync(bytes, { checkCRC32: false });
  } catch (error) {
    // jszip's message may point at its web help: the reason alone.
    throw new CreditFileError(`not a readable zip file (${(error as Error).message.split('\n')[0]!.split(' : ')[0]})`);
  }
  const manifestEntry = zip.file(MANIFEST_FILE);
  if (!manifestEntry) throw new CreditFileError(`not a credit file: the zip holds no ${MANIFEST_FILE}`);
  let manifest: CreditFileManifest;
  try {
    manifest = JSON.parse(await manifestEntry.async('string')) as CreditFileManifest;
  } catch {
    throw new CreditFileError(`not a credit file: ${MANIFEST_FILE} is not JSON`);
  }
  if (manifest?.format !== CREDIT_FILE_FORMAT || !Array.isArray(manifest.files)) {
    throw new CreditFileError(`not a credit file: ${MANIFEST_FILE} is not a ${CREDIT_FILE_FORMAT} manifest`);
  }
  const files = new Map<string, Buffer>();
  for (const entry of manifest.files) {
    const file = zip.file(entry.path);
    if (!file) throw new CreditFileError(`${entry.path}: listed in the manifest but missing from the zip`);
    let content: Buffer;
    try {
      content = await file.async('nodebuffer');
    } catch (error) {
      throw new CreditFileError(`${entry.path}: cannot be read (${(error as Error).message.split('\n')[0]})`);
    }
    const actual = sha256(content);
    if (actual !== entry.sha256) throw new CreditFileError(`${entry.path}: SHA-256 differs: manifest ${entry.sha256}, file ${actual}`);
    files.set(entry.path, content);
  }
  const listed = new Set([MANIFEST_FILE, ...manifest.files.map((f) => f.path)]);
  const extra = Object.values(zip.files).find((f) => !f.dir && !listed.has(f.name));
  if (extra) throw new CreditFileError(`${extra.name}: in the zip but not listed in the manifest`);
  return { manifest, files };
}
