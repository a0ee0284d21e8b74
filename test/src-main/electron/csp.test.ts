import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CONTENT_SECURITY_POLICY,
  META_CONTENT_SECURITY_POLICY,
  buildCsp,
  isStrictCsp,
  parseCsp,
} from '../../../src-main/electron/csp';

function metaCsp(html: string): string | undefined {
  const match = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/i.exec(html);
  return match?.[1];
}

describe('content security policy', () => {
  it('allows scripts from the app itself only', () => {
    const policy = parseCsp(CONTENT_SECURITY_POLICY);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(isStrictCsp(CONTENT_SECURITY_POLICY)).toBe(true);
    expect(isStrictCsp(META_CONTENT_SECURITY_POLICY)).toBe(true);
  });

  it('keeps header-only directives out of the <meta> variant', () => {
    expect(parseCsp(META_CONTENT_SECURITY_POLICY).has('frame-ancestors')).toBe(false);
  });

  it('is the policy src-renderer/index.html carries', () => {
    const html = readFileSync(new URL('../../../src-renderer/index.html', import.meta.url), 'utf8');
    expect(metaCsp(html)).toBe(META_CONTENT_SECURITY_POLICY);
  });

  it.each([
    "default-src 'self'; script-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'none'",
    "default-src 'self'; script-src 'self' 'unsafe-eval'; object-src 'none'; base-uri 'none'",
    "default-src 'self'; script-src 'self' https://cdn.example.com; object-src 'none'; base-uri 'none'",
    "default-src *; object-src 'none'; base-uri 'none'",
    "script-src 'self'; base-uri 'none'",
    "script-src 'self'; object-src 'none'",
    "default-src 'self'; script-src 'self' data:; object-src 'none'; base-uri 'none'",
    '',
  ])('rejects a weaker policy: %s', (policy) => {
    expect(isStrictCsp(policy)).toBe(false);
  });

  it('accepts a strict policy that relies on default-src', () => {
    expect(isStrictCsp("default-src 'self'; object-src 'none'; base-uri 'self'")).toBe(true);
  });

  it('parses case-insensitively, first directive wins', () => {
    const parsed = parseCsp("SCRIPT-SRC 'self';  script-src *; ; img-src data:");
    expect(parsed.get('script-src')).toEqual(["'self'"]);
    expect(parsed.get('img-src')).toEqual(['data:']);
  });

  it('builds "name value value; ..." strings', () => {
    expect(buildCsp({ 'default-src': ["'self'"], 'img-src': ["'self'", 'data:'] })).toBe(
      "default-src 'self'; img-src 'self' data:",
    );
  });
});
