import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  betterSqliteBindingCandidates,
  nativeBindingDirName,
  resolveBetterSqliteBinding,
  type NativeBindingEnvironment,
} from '../../../src-main/electron/native-binding';

const dev: NativeBindingEnvironment = {
  electronVersion: '45.4.1',
  platform: 'linux',
  arch: 'x64',
  isPackaged: false,
  resourcesPath: '/opt/electron/resources',
  appPath: '/work/main',
};
const packaged: NativeBindingEnvironment = { ...dev, isPackaged: true, resourcesPath: '/opt/uw/resources', appPath: '/opt/uw/resources/app.asar' };

describe('better-sqlite3 binding for Electron', () => {
  it('names the folder after the Electron version, platform and arch (the ABI is determined by them)', () => {
    expect(nativeBindingDirName('45.4.1', 'linux', 'x64')).toBe('electron-45.4.1-linux-x64');
  });

  it('looks in out/native when unpackaged and in resources/native when packaged', () => {
    expect(betterSqliteBindingCandidates(dev)).toEqual([
      join('/work/main', 'out', 'native', 'electron-45.4.1-linux-x64', 'better_sqlite3.node'),
    ]);
    expect(betterSqliteBindingCandidates(packaged)[0]).toBe(
      join('/opt/uw/resources', 'native', 'electron-45.4.1-linux-x64', 'better_sqlite3.node'),
    );
  });

  it('returns the first existing candidate', () => {
    const expected = betterSqliteBindingCandidates(dev)[0];
    expect(resolveBetterSqliteBinding(dev, (p) => p === expected)).toEqual({ ok: true, path: expected });
  });

  it('explains how to build it when it is missing, and never falls back to the Node build', () => {
    const result = resolveBetterSqliteBinding(dev, () => false);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.message).toContain('scripts/build-electron-native.mjs');
      expect(result.message).toContain('45.4.1');
      expect(result.message).not.toContain('node_modules');
    }
    const broken = resolveBetterSqliteBinding(packaged, () => false);
    expect(broken.ok).toBe(false);
    if (!broken.ok) expect(broken.message).toContain('reinstall');
  });
});
