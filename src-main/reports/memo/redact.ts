import { format } from '../../contract';

/** A social security number written with dashes or spaces (123-45-6789, 123 45 6789). */
const SSN_PATTERN = /(?<!\d)\d{3}[- ]\d{2}[- ]\d{4}(?!\d)/g;

/**
 * A function masking every social security number in a text to its last four digits: any
 * number written the way SSNs are (123-45-6789), and each of `known` (the deal's people's
 * numbers) however it is written — plain digits too, which no pattern could tell from a loan
 * number. The memo passes every string it prints through it: a number pasted into the
 * recommendation, a note or a history value is masked like the one in the person's field.
 */
export function ssnRedactor(known: readonly (string | null)[]): (text: string) => string {
  const knownDigits = [...new Set(known.map((s) => s?.replace(/\D/g, '') ?? '').filter((d) => d.length >= 9))];
  // Each known number with any single separator (or none) between its digits.
  const knownPatterns = knownDigits.map((d) => new RegExp(`(?<!\\d)${d.split('').join('[- .]?')}(?!\\d)`, 'g'));
  return (text) => {
    let out = text.replace(SSN_PATTERN, (m) => format.maskSsn(m)!);
    for (const p of knownPatterns) out = out.replace(p, (m) => format.maskSsn(m)!);
    return out;
  };
}

/**
 * Applies `redact` to every string of a document definition (plain JSON plus the header and
 * footer functions, whose results are redacted as they are produced).
 */
export function redactStrings<T>(value: T, redact: (text: string) => string): T {
  if (typeof value === 'string') return redact(value) as T;
  if (typeof value === 'function') {
    const fn = value as (...args: unknown[]) => unknown;
    return ((...args: unknown[]) => redactStrings(fn(...args), redact)) as T;
  }
  if (Array.isArray(value)) return value.map((v) => redactStrings(v, redact)) as T;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactStrings(v, redact)])) as T;
  }
  return value;
}
