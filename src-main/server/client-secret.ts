import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

// scrypt with a per-secret salt: a stolen data directory does not reveal client secrets.
const KEY_LENGTH = 32;

export function hashClientSecret(secret: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(secret, salt, KEY_LENGTH);
  return `scrypt$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

export function verifyClientSecret(secret: string, stored: string): boolean {
  const [scheme, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = scryptSync(secret, Buffer.from(salt, 'base64url'), expected.length);
  return timingSafeEqual(expected, actual);
}

/** Parses "id:secret" (the --client flag) and "id1:secret1,id2:secret2" (UW_CLIENTS). */
export function parseClientCredentials(spec: string): { clientId: string; secret: string }[] {
  return spec
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf(':');
      if (at <= 0 || at === pair.length - 1) throw new Error('a client must be given as ID:SECRET');
      return { clientId: pair.slice(0, at), secret: pair.slice(at + 1) };
    });
}
