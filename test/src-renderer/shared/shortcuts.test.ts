import { describe, expect, it } from 'vitest';
import { isTextEntry, shortcutFor, type KeyPress, type KeyTarget } from '../../../src-renderer/shared/shortcuts';

const BODY: KeyTarget = { tagName: 'BODY' };
const SWITCH: KeyTarget = { tagName: 'INPUT', type: 'checkbox' };
const TEXT: KeyTarget = { tagName: 'INPUT', type: 'text' };

/** A key press as the browser reports it: `key` is the character ("," for the comma key). */
const press = (key: string, mods: Partial<Pick<KeyPress, 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>> = {}, target: KeyTarget | null = BODY): KeyPress => ({
  key,
  code: '',
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
  target,
});

describe('keyboard shortcuts', () => {
  it('open Settings with Ctrl+, (and Cmd+, on macOS)', () => {
    expect(shortcutFor(press(',', { ctrlKey: true }))).toBe('go.settings');
    expect(shortcutFor(press(',', { metaKey: true }))).toBe('go.settings');
  });

  it('go to each screen with Ctrl+1–5 and Alt+1–5', () => {
    const screens = ['go.pipeline', 'go.report', 'go.import', 'go.sync', 'go.stress'];
    screens.forEach((command, i) => {
      expect(shortcutFor(press(String(i + 1), { ctrlKey: true }))).toBe(command);
      expect(shortcutFor(press(String(i + 1), { altKey: true }))).toBe(command);
    });
  });

  it('work while a switch, a checkbox, a radio or a button has focus', () => {
    for (const target of [SWITCH, { tagName: 'INPUT', type: 'radio' }, { tagName: 'BUTTON', type: 'submit' }]) {
      expect(shortcutFor(press('2', { altKey: true }, target))).toBe('go.report');
      expect(shortcutFor(press(',', { ctrlKey: true }, target))).toBe('go.settings');
      expect(shortcutFor(press('n', {}, target))).toBe('deal.new');
    }
  });

  it('leave keys to a text field, a text area, a select and editable content', () => {
    for (const target of [TEXT, { tagName: 'INPUT' }, { tagName: 'INPUT', type: 'search' }, { tagName: 'TEXTAREA' }, { tagName: 'SELECT' }, { tagName: 'DIV', isContentEditable: true }]) {
      expect(isTextEntry(target)).toBe(true);
      expect(shortcutFor(press('n', {}, target))).toBeNull();
      expect(shortcutFor(press('/', {}, target))).toBeNull();
      expect(shortcutFor(press('2', { altKey: true }, target))).toBeNull();
    }
  });

  it('search with / or Ctrl+F, a new deal with N or Alt+N, light / dark with Ctrl+Shift+L, and nothing for other keys', () => {
    expect(shortcutFor(press('/'))).toBe('pipeline.search');
    expect(shortcutFor(press('f', { ctrlKey: true }))).toBe('pipeline.search');
    expect(shortcutFor(press('n'))).toBe('deal.new');
    expect(shortcutFor(press('n', { altKey: true }))).toBe('deal.new');
    expect(shortcutFor(press('L', { ctrlKey: true, shiftKey: true }))).toBe('theme.toggle');
    expect(shortcutFor(press('2'))).toBeNull();
    expect(shortcutFor(press('n', { ctrlKey: true }))).toBeNull();
    expect(shortcutFor(press(',', {}))).toBeNull();
  });
});
