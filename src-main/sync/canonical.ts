import { createHash } from 'node:crypto';

// The canonical form of a remote resource: keys sorted at every level, numbers in their one
// shortest round-trip spelling with -0 read as 0 and non-finite values as null, undefined object
// members dropped (as JSON does). Two reads of an unchanged resource give the same text, so the
// same hash, whatever the key order the server wrote.

function write(value: unknown, out: string[]): void {
  if (value === null || value === undefined) {
    out.push('null');
    return;
  }
  switch (typeof value) {
    case 'number':
      out.push(Number.isFinite(value) ? String(value === 0 ? 0 : value) : 'null');
      return;
    case 'string':
      out.push(JSON.stringify(value));
      return;
    case 'boolean':
      out.push(value ? 'true' : 'false');
      return;
    case 'object': {
      if (Array.isArray(value)) {
        out.push('[');
        value.forEach((item, i) => {
          if (i > 0) out.push(',');
          write(item, out);
        });
        out.push(']');
        return;
      }
      const record = value as Record<string, unknown>;
      const keys = Object.keys(record)
        .filter((k) => record[k] !== undefined)
        .sort();
      out.push('{');
      keys.forEach((key, i) => {
        if (i > 0) out.push(',');
        out.push(JSON.stringify(key), ':');
        write(record[key], out);
      });
      out.push('}');
      return;
    }
    default:
      out.push('null');
  }
}

/** JSON text with sorted keys and normalised numbers. */
export function canonicalJson(value: unknown): string {
  const out: string[] = [];
  write(value, out);
  return out.join('');
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
