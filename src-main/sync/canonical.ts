import { createHash } from 'node:crypto';

// The canonical form of a remote resource: keys sorted at every level, numbers in their one
// shortest round-trip spelling with -0 read as 0 and non-finite values as null, undefined object
// members dropped (as JSON does). Two reads of an unchanged resource give the same text, so the
// same hash, whatever the key order the server wrote.

// Every read of every sync goes through here (tens of MB per thousand deals): the text is built
// by concatenation (V8 ropes), object keys are quoted once and remembered, and numbers are
// spelled by String(), which is JSON's spelling for finite numbers (and spells -0 as "0").

const quotedKeys = new Map<string, string>();

function quoteKey(key: string): string {
  let quoted = quotedKeys.get(key);
  if (quoted === undefined) {
    quoted = JSON.stringify(key);
    // Keys are field names, a small set; ids used as keys (maps) are not worth remembering forever.
    if (quotedKeys.size < 4096) quotedKeys.set(key, quoted);
  }
  return quoted;
}

function write(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  switch (typeof value) {
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'string':
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object': {
      if (Array.isArray(value)) {
        if (value.length === 0) return '[]';
        let out = '[' + write(value[0]);
        for (let i = 1; i < value.length; i++) out += ',' + write(value[i]);
        return out + ']';
      }
      const record = value as Record<string, unknown>;
      const keys = Object.keys(record).sort();
      let out = '{';
      let first = true;
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i]!;
        const item = record[key];
        if (item === undefined) continue;
        out += (first ? '' : ',') + quoteKey(key) + ':' + write(item);
        first = false;
      }
      return out + '}';
    }
    default:
      return 'null';
  }
}

/** JSON text with sorted keys and normalised numbers. */
export function canonicalJson(value: unknown): string {
  return write(value);
}

/** A short content hash of the canonical form (SHA-256, base64url). */
export function contentHash(value: unknown): string {
  return hashText(canonicalJson(value));
}

export function hashText(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}

/** Equality of two values as the remote would show them (undefined and null are the same). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if ((a === null || a === undefined) && (b === null || b === undefined)) return true;
  if (typeof a !== 'object' && typeof b !== 'object') return typeof a === 'number' && typeof b === 'number' && a === b;
  return canonicalJson(a) === canonicalJson(b);
}
