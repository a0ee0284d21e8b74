/**
 * The renderer's Content Security Policy. One definition, used for the app:// response header
 * (src-main/electron/app-protocol.ts) and checked against the <meta> tag of
 * src-renderer/index.html by test/src-main/electron/csp.test.ts, so the two never drift.
 *
 * script-src 'self' only: no inline script, no eval, no remote code.
 * style-src allows 'unsafe-inline' because Mantine writes its CSS variables into a <style>
 * element and uses style attributes; styles cannot execute code.
 */
export type CspDirectives = Readonly<Record<string, readonly string[]>>;

export const CSP_DIRECTIVES: CspDirectives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'object-src': ["'none'"],
  'frame-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
};

/** Directives a <meta http-equiv="Content-Security-Policy"> cannot carry (browsers ignore them there). */
const HEADER_ONLY_DIRECTIVES = new Set(['frame-ancestors', 'report-uri', 'sandbox']);

export function buildCsp(directives: CspDirectives = CSP_DIRECTIVES): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');
}

/** The policy sent as an HTTP header on every app:// response. */
export const CONTENT_SECURITY_POLICY = buildCsp();

/** The same policy without header-only directives: what src-renderer/index.html carries. */
export const META_CONTENT_SECURITY_POLICY = buildCsp(
  Object.fromEntries(Object.entries(CSP_DIRECTIVES).filter(([name]) => !HEADER_ONLY_DIRECTIVES.has(name))),
);

/** Parses a policy into directive -> sources (directive names lower-cased, first occurrence wins). */
export function parseCsp(policy: string): Map<string, string[]> {
  const result = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/).filter(Boolean);
    if (name === undefined) continue;
    const key = name.toLowerCase();
    if (!result.has(key)) result.set(key, values);
  }
  return result;
}

const UNSAFE_SCRIPT_SOURCES = ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", "'wasm-unsafe-eval'", '*', 'data:', 'blob:', 'http:', 'https:', 'filesystem:'];

/**
 * Is `policy` at least as strict as the checklist asks: scripts only from 'self' (script-src,
 * or default-src when script-src is absent), no plugins (object-src 'none'), and no <base>
 * hijacking (base-uri 'none' or 'self')?
 */
export function isStrictCsp(policy: string): boolean {
  const parsed = parseCsp(policy);
  const scripts = parsed.get('script-src') ?? parsed.get('default-src');
  if (!scripts || scripts.length === 0) return false;
  if (scripts.some((source) => UNSAFE_SCRIPT_SOURCES.includes(source.toLowerCase()))) return false;
  if (!scripts.every((source) => source === "'self'")) return false;
  const objects = parsed.get('object-src') ?? parsed.get('default-src');
  if (!objects || objects.join(' ') !== "'none'") return false;
  const base = parsed.get('base-uri');
  if (!base || !(base.join(' ') === "'none'" || base.join(' ') === "'self'")) return false;
  return true;
}
