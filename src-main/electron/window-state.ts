import { z } from 'zod';

/**
 * The main window's size, position and maximized state, kept between launches (electron-store,
 * see window-state-store.ts). Plain logic, tested without Electron: what is saved is validated,
 * and a window is only restored where it is visible on a display that still exists (a laptop
 * unplugged from its second monitor must not open its window off-screen).
 */

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const WindowState = z.object({
  x: z.int(),
  y: z.int(),
  width: z.int().min(100).max(100_000),
  height: z.int().min(100).max(100_000),
  maximized: z.boolean().default(false),
});
export type WindowState = z.infer<typeof WindowState>;

export const DEFAULT_SIZE = { width: 1440, height: 900 } as const;
export const MIN_SIZE = { width: 960, height: 600 } as const;
/** How much of the window's title bar area must be on a display to count as visible. */
const MIN_VISIBLE = 64;

function overlap(a: Rect, b: Rect): { width: number; height: number } {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return { width: Math.max(0, width), height: Math.max(0, height) };
}

/** Is the top strip of `bounds` (where the title bar is) on one of the displays' work areas? */
export function isVisibleOnSomeDisplay(bounds: Rect, workAreas: readonly Rect[]): boolean {
  const titleBar: Rect = { x: bounds.x, y: bounds.y, width: bounds.width, height: Math.min(bounds.height, 40) };
  return workAreas.some((area) => {
    const o = overlap(titleBar, area);
    return o.width >= Math.min(MIN_VISIBLE, bounds.width) && o.height > 0;
  });
}

/**
 * The bounds to open the window with: the saved ones when valid and visible (shrunk to fit the
 * display they are on), otherwise the default size centred on the primary work area.
 */
export function restoreWindowState(saved: unknown, workAreas: readonly Rect[], primary: Rect): WindowState {
  const fallback: WindowState = {
    width: Math.min(DEFAULT_SIZE.width, primary.width),
    height: Math.min(DEFAULT_SIZE.height, primary.height),
    x: Math.round(primary.x + Math.max(0, (primary.width - Math.min(DEFAULT_SIZE.width, primary.width)) / 2)),
    y: Math.round(primary.y + Math.max(0, (primary.height - Math.min(DEFAULT_SIZE.height, primary.height)) / 2)),
    maximized: false,
  };
  const parsed = WindowState.safeParse(saved);
  if (!parsed.success) return fallback;
  const state = parsed.data;
  if (!isVisibleOnSomeDisplay(state, workAreas)) return { ...fallback, maximized: state.maximized };
  const area = workAreas.find((a) => overlap(state, a).width > 0 && overlap(state, a).height > 0) ?? primary;
  return {
    ...state,
    width: Math.max(MIN_SIZE.width, Math.min(state.width, area.width)),
    height: Math.max(MIN_SIZE.height, Math.min(state.height, area.height)),
  };
}

/** What to save when the window moves, resizes or closes: the normal bounds, plus maximized. */
export function captureWindowState(normalBounds: Rect, maximized: boolean): WindowState {
  return {
    x: Math.round(normalBounds.x),
    y: Math.round(normalBounds.y),
    width: Math.round(normalBounds.width),
    height: Math.round(normalBounds.height),
    maximized,
  };
}
