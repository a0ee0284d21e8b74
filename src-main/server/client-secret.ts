import { randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import pLimit from 'p-limit';

// scrypt with a per-secret salt: a stolen data directory does not reveal client secrets.
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
const scryptAsync = promisify(scrypt) as (secret: string, salt: Buffer, keyLength: number) => Promise<Buffer>;
/**
 * scrypt runs on libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says otherwise),
 * which also runs WebCrypto (the HMAC of every access token checked), file system calls and
 * DNS lookups: a burst of token requests must not take all of it. Two at a time also keep both
 * cores of a small machine busy; more would only queue in the pool instead of here.
 */
const secretChecks = pLimit(2);

export function hashClientSecret(secret: string): string {
  const salt = randomBytes(SALT_LENGTH);
  const hash = scryptSync(secret, salt, KEY_LENGTH);
  return `scrypt$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

/**
 * What an unknown client's secret is checked against: a hash of the same form and parameters
 * that no secret matches, so that an unknown client id costs what a wrong secret costs and
 * client ids cannot be told apart by timing.
 */
const UNKNOWN_CLIENT = `scrypt$${randomBytes(SALT_LENGTH).toString('base64url')}$${randomBytes(KEY_LENGTH).toString('base64url')}`;

/**
 * Whether `secret` matches the stored hash (undefined: there is no such client, and the answer
 * is no, after the same work). scrypt runs on libuv's thread pool: checking secrets, wrong ones
 * included, never holds up other requests.
 */
export async function verifyClientSecret(secret: string, stored: string | undefined): Promise<boolean> {
  const [scheme, salt, hash] = (stored ?? UNKNOWN_CLIENT).split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await secretChecks(() => scryptAsync(secret, Buffer.from(salt, 'base64url'), expected.length));
  return timingSafeEqual(expected, actual) && stored !== undefined;
}

export interface ClientCredentials {
  clientId: string;
  secret: string;
}

/** One "ID:SECRET" pair; the secret is everything after the first colon. */
function parsePair(pair: string): ClientCredentials {
  const at = pair.indexOf(':');
  if (at <= 0 || at === pair.length - 1) throw new Error('a client must be given as ID:SECRET');
  return { clientId: pair.slice(0, at), secret: pair.slice(at + 1) };
}

/** Parses "id:secret" (the --client flag) and "id1:secret1,id2:secret2" (UW_CLIENTS). */
export function parseClientCredentials(spec: string): ClientCredentials[] {
  return spec
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map(parsePair);
}

/**
 * Parses a clients file (--clients-file, --clients-stdin): an "ID:SECRET" pair per line, where
 * a secret may hold commas; blank lines and lines starting with # are skipped.
 */
export function parseClientLines(text: string): ClientCredentials[] {
  return text.split(/\r?\n/).flatMap((line, i) => {
    const pair = line.trim();
    if (pair === '' || pair.startsWith('#')) return [];
    try {
      return [parsePair(pair)];
    } catch (err) {
      throw new Error(`line ${i + 1}: ${(err as Error).message}`, { cause: err });
    }
  });
}
