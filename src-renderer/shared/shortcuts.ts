import { getHotkeyHandler } from '@mantine/hooks';
import type { MenuCommand } from '../../src-main/contract';

/*
 * The workstation's keyboard shortcuts (the key list in App.tsx's navigation mirrors them).
 * Hotkeys are in @mantine/hooks' notation; `mod` is Ctrl, or Cmd on macOS. A browser keeps
 * Ctrl+1–8 for its tabs, so each screen also has Alt+1–5.
 */
export const SHORTCUTS: readonly (readonly [hotkey: string, command: MenuCommand])[] = [
  ['mod+1', 'go.pipeline'],
  ['mod+2', 'go.report'],
  ['mod+3', 'go.import'],
  ['mod+4', 'go.sync'],
  ['mod+5', 'go.stress'],
  ['alt+1', 'go.pipeline'],
  ['alt+2', 'go.report'],
  ['alt+3', 'go.import'],
  ['alt+4', 'go.sync'],
  ['alt+5', 'go.stress'],
  // The key itself, not its name: the matcher compares event.key (",") with what is written here.
  ['mod+,', 'go.settings'],
  ['mod+shift+L', 'theme.toggle'],
  ['/', 'pipeline.search'],
  ['mod+F', 'pipeline.search'],
  // New deal: N (outside a text field), or Alt+N (Ctrl+N is the browser's new window).
  ['n', 'deal.new'],
  ['alt+N', 'deal.new'],
];

/** What a key press says about the element it happened in. */
export interface KeyTarget {
  tagName: string;
  type?: string;
  isContentEditable?: boolean;
}

export interface KeyPress {
  key: string;
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  target: KeyTarget | null;
}

/** Inputs that take no typed text: a key pressed on them is not a character for a field. */
const NOT_TEXT_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file', 'image']);

/**
 * Where typing goes into a field, so that a key is the user's text and no shortcut: text
 * inputs, text areas, selects and editable content. A checkbox, a switch (a checkbox with
 * role=switch), a radio or a button is not one: the shortcuts work while it has focus.
 */
export function isTextEntry(target: KeyTarget | null): boolean {
  if (target === null) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName.toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  return tag === 'INPUT' && !NOT_TEXT_INPUTS.has((target.type ?? 'text').toLowerCase());
}

/** The command a key press runs, or null (none, or typing in a field). */
export function shortcutFor(press: KeyPress): MenuCommand | null {
  if (isTextEntry(press.target)) return null;
  let found: MenuCommand | null = null;
  const handle = getHotkeyHandler(
    SHORTCUTS.map(([hotkey, command]) => [
      hotkey,
      () => {
        found ??= command;
      },
      { preventDefault: false },
    ]),
  );
  handle(press as unknown as KeyboardEvent);
  return found;
}
