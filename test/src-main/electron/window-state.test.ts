import { describe, expect, it } from 'vitest';
import { captureWindowState, isVisibleOnSomeDisplay, restoreWindowState } from '../../../src-main/electron/window-state';

const laptop = { x: 0, y: 0, width: 1440, height: 875 };
const monitor = { x: 1440, y: 0, width: 2560, height: 1415 };

describe('window state', () => {
  it('restores saved bounds that are on a display', () => {
    const saved = { x: 1600, y: 100, width: 1800, height: 1000, maximized: true };
    expect(restoreWindowState(saved, [laptop, monitor], laptop)).toEqual(saved);
  });

  it('opens on the primary display when the saved display is gone (monitor unplugged)', () => {
    const saved = { x: 1600, y: 100, width: 1800, height: 1000, maximized: false };
    const restored = restoreWindowState(saved, [laptop], laptop);
    expect(restored).toEqual({ x: 0, y: 0, width: 1440, height: 875, maximized: false });
  });

  it('shrinks a window larger than its display, but not below the minimum size', () => {
    expect(restoreWindowState({ x: 0, y: 0, width: 4000, height: 3000 }, [laptop], laptop)).toMatchObject({ width: 1440, height: 875 });
    expect(restoreWindowState({ x: 0, y: 0, width: 200, height: 200 }, [laptop], laptop)).toMatchObject({ width: 960, height: 600 });
  });

  it('ignores a corrupt or missing saved state', () => {
    const centred = { x: 0, y: 0, width: 1440, height: 875, maximized: false };
    for (const saved of [undefined, null, 'big', { x: 'a' }, { x: 0, y: 0, width: -5, height: 10 }, { x: 0.5, y: 0, width: 1000, height: 800 }]) {
      expect(restoreWindowState(saved, [laptop], laptop)).toEqual(centred);
    }
    const big = { x: 0, y: 0, width: 2560, height: 1415 };
    expect(restoreWindowState(undefined, [big], big)).toEqual({ x: 560, y: 258, width: 1440, height: 900, maximized: false });
  });

  it('needs the title bar on screen, not just a corner', () => {
    expect(isVisibleOnSomeDisplay({ x: 1400, y: 0, width: 1000, height: 800 }, [laptop])).toBe(false); // 40 px of title bar
    expect(isVisibleOnSomeDisplay({ x: 1300, y: 0, width: 1000, height: 800 }, [laptop])).toBe(true);
    expect(isVisibleOnSomeDisplay({ x: 100, y: -900, width: 1000, height: 800 }, [laptop])).toBe(false);
  });

  it('captures whole-pixel normal bounds and the maximized flag', () => {
    expect(captureWindowState({ x: 10.4, y: 20.6, width: 1000.2, height: 700.7 }, true)).toEqual({ x: 10, y: 21, width: 1000, height: 701, maximized: true });
  });
});
