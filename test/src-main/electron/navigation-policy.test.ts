import { describe, expect, it } from 'vitest';
import { APP_ENTRY_URL } from '../../../src-main/electron/constants';
import {
  devServerOrigin,
  isAllowedNavigation,
  isAppUrl,
  parseUrl,
  windowOpenDecision,
} from '../../../src-main/electron/navigation-policy';

describe('parseUrl', () => {
  it('parses absolute URLs and refuses everything else', () => {
    expect(parseUrl('app://workstation/index.html')?.hostname).toBe('workstation');
    expect(parseUrl('/relative')).toBeNull();
    expect(parseUrl('')).toBeNull();
    expect(parseUrl(undefined)).toBeNull();
    expect(parseUrl(42)).toBeNull();
    expect(parseUrl(`app://workstation/${'a'.repeat(9000)}`)).toBeNull();
  });
});

describe('isAppUrl / isAllowedNavigation', () => {
  it.each([
    APP_ENTRY_URL,
    'app://workstation/',
    'app://workstation',
    'app://workstation/deals/123?tab=rent-roll#top',
    'APP://workstation/index.html',
  ])('allows the app itself: %s', (url) => {
    expect(isAppUrl(url)).toBe(true);
    expect(isAllowedNavigation(url)).toBe(true);
  });

  it.each([
    'https://example.com/',
    'http://127.0.0.1:8080/',
    'http://localhost:5173/',
    'file:///etc/passwd',
    'file:///work/main/out/renderer/index.html',
    'data:text/html,<script>alert(1)</script>',
    'javascript:alert(1)',
    'about:blank',
    'blob:app://workstation/1234',
    'app://evil.example/index.html',
    'app://workstation.evil.example/',
    'app://workstation@evil.example/',
    'app://user:pass@workstation/',
    'app://workstation:8080/',
    'appx://workstation/',
    'devtools://devtools/bundled/inspector.html',
    'chrome://settings',
    'not a url',
    '',
  ])('denies everything else: %s', (url) => {
    expect(isAllowedNavigation(url)).toBe(false);
  });

  it('denies non-strings', () => {
    expect(isAllowedNavigation(undefined)).toBe(false);
    expect(isAllowedNavigation(null)).toBe(false);
    expect(isAllowedNavigation({ href: APP_ENTRY_URL })).toBe(false);
  });
});

describe('dev server origin', () => {
  it('accepts only loopback http(s) origins', () => {
    expect(devServerOrigin('http://localhost:5173/')).toBe('http://localhost:5173');
    expect(devServerOrigin('http://127.0.0.1:5173')).toBe('http://127.0.0.1:5173');
    expect(devServerOrigin('https://example.com:5173')).toBeNull();
    expect(devServerOrigin('file:///tmp/x')).toBeNull();
    expect(devServerOrigin('http://user@localhost:5173')).toBeNull();
    expect(devServerOrigin(undefined)).toBeNull();
  });

  it('allows the dev server origin only when given, and only that origin', () => {
    const options = { devServerUrl: 'http://localhost:5173/' };
    expect(isAllowedNavigation('http://localhost:5173/index.html', options)).toBe(true);
    expect(isAllowedNavigation('http://localhost:5174/', options)).toBe(false);
    expect(isAllowedNavigation('http://localhost:5173/')).toBe(false);
    expect(isAllowedNavigation('https://example.com/', { devServerUrl: 'https://example.com/' })).toBe(false);
    expect(isAllowedNavigation(APP_ENTRY_URL, options)).toBe(true);
  });
});

describe('windowOpenDecision', () => {
  it.each([APP_ENTRY_URL, 'https://example.com/', 'about:blank', ''])('denies every new window: %s', (url) => {
    expect(windowOpenDecision(url)).toEqual({ action: 'deny' });
  });
});
