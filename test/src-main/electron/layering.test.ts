import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The policy modules are tested here without Electron; they must stay free of it.
 * (ESLint guards the layers; this guards the split inside src-main/electron.)
 */
const dir = new URL('../../../src-main/electron/', import.meta.url);
const ELECTRON_MODULES = new Set(['app-protocol.ts', 'dialogs.ts', 'ipc.ts', 'main.ts', 'menu.ts', 'security.ts', 'window-state-store.ts', 'window.ts']);
const importsElectron = /\bfrom\s+['"]electron(?:\/[^'"]*)?['"]|\bimport\s*\(\s*['"]electron['"]|\brequire\(\s*['"]electron['"]/;

describe('src-main/electron', () => {
  const files = readdirSync(dir).filter((name) => name.endsWith('.ts'));

  it('keeps every policy module free of electron imports', () => {
    const offenders = files.filter((name) => !ELECTRON_MODULES.has(name) && importsElectron.test(readFileSync(new URL(name, dir), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('lists every module that does import electron', () => {
    const electronModules = files.filter((name) => importsElectron.test(readFileSync(new URL(name, dir), 'utf8')));
    expect(electronModules.sort()).toEqual([...ELECTRON_MODULES].sort());
  });
});
