import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appResponseHeaders, contentTypeFor, isSpaRoute, resolveAppFile } from '../../../src-main/electron/app-files';
import { CONTENT_SECURITY_POLICY } from '../../../src-main/electron/csp';

const root = join('/opt', 'uw', 'out', 'renderer');

describe('resolveAppFile', () => {
  it('maps app://workstation/ paths into the renderer root', () => {
    expect(resolveAppFile('app://workstation/', root)).toBe(join(root, 'index.html'));
    expect(resolveAppFile('app://workstation', root)).toBe(join(root, 'index.html'));
    expect(resolveAppFile('app://workstation/index.html', root)).toBe(join(root, 'index.html'));
    expect(resolveAppFile('app://workstation/assets/index-abc.js?v=1#x', root)).toBe(
      join(root, 'assets', 'index-abc.js'),
    );
    expect(resolveAppFile('app://workstation/assets/a%20b.css', root)).toBe(join(root, 'assets', 'a b.css'));
  });

  it.each([
    'app://workstation/../../etc/passwd',
    'app://workstation/%2e%2e/%2e%2e/etc/passwd',
    'app://workstation/assets/..%2f..%2f..%2fetc%2fpasswd',
    'app://workstation/..%5c..%5cwindows',
    'app://workstation/%00index.html',
    'app://workstation/%E0%A4%A',
    'app://workstation//etc/passwd',
    'app://workstation/C:/Windows/win.ini',
    'app://evil.example/index.html',
    'app://workstation@evil.example/index.html',
    'file:///etc/passwd',
    'https://workstation/index.html',
  ])('never leaves the root for %s', (url) => {
    const resolved = resolveAppFile(url, root);
    // Refused (null), or -- where the URL parser already collapsed the dots -- a path that is
    // still inside the root (app://workstation/../../etc/passwd is app://workstation/etc/passwd).
    if (resolved !== null) expect(resolved.startsWith(join(root, '/'))).toBe(true);
  });

  it.each([
    'app://workstation/assets/..%2f..%2f..%2fetc%2fpasswd',
    'app://workstation/..%5c..%5cwindows',
    'app://workstation/%00index.html',
    'app://workstation/%E0%A4%A',
    'app://evil.example/index.html',
    'app://workstation@evil.example/index.html',
    'file:///etc/passwd',
    'https://workstation/index.html',
  ])('refuses %s', (url) => {
    expect(resolveAppFile(url, root)).toBeNull();
  });

  it('never resolves outside the root for any path shape', () => {
    const shapes = ['..', '%2e%2e', '.%2e', '%2e.', '..%2f', '%2f..', '....', '.', '%5c', '//', '/./'];
    for (const a of shapes) {
      for (const b of shapes) {
        const resolved = resolveAppFile(`app://workstation/${a}/${b}/secret`, root);
        if (resolved !== null) expect(resolved.startsWith(root)).toBe(true);
      }
    }
  });
});

describe('isSpaRoute', () => {
  it('treats extension-less paths as client-side routes', () => {
    expect(isSpaRoute('app://workstation/deals/42')).toBe(true);
    expect(isSpaRoute('app://workstation/')).toBe(true);
    expect(isSpaRoute('app://workstation/assets/missing.js')).toBe(false);
  });
});

describe('response headers', () => {
  it('sends the CSP, nosniff and a content type on every file', () => {
    const headers = appResponseHeaders('/x/index.html');
    expect(headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('knows the types a Vite build emits', () => {
    expect(contentTypeFor('a.js')).toMatch(/^text\/javascript/);
    expect(contentTypeFor('a.CSS')).toMatch(/^text\/css/);
    expect(contentTypeFor('a.svg')).toBe('image/svg+xml');
    expect(contentTypeFor('a.woff2')).toBe('font/woff2');
    expect(contentTypeFor('a.unknown')).toBe('application/octet-stream');
  });
});
