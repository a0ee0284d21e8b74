import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ENTRY_URL } from '../../../src-main/electron/constants';
import { handleInvoke } from '../../../src-main/electron/ipc-policy';
import { harness, type Harness } from '../app/support';

/** The Electron IPC path with the real channel table behind it (the seam src-main/index.ts wires). */
describe('IPC over the channel table', () => {
  let h: Harness;
  beforeAll(() => {
    h = harness({ deals: 1 });
  });
  afterAll(() => h.close());
  const silent = () => {};

  it('answers a trusted call through the channel table', async () => {
    const result = await handleInvoke({ frameUrl: APP_ENTRY_URL, isMainFrame: true }, { channel: 'app.info', payload: {} }, h.table.dispatch, silent);
    expect(result).toMatchObject({ ok: true, value: { dealCount: 1 } });
  });

  it('refuses an untrusted frame before the channel table sees anything', async () => {
    let called = false;
    const dispatch = (channel: string, payload: unknown) => {
      called = true;
      return h.table.dispatch(channel, payload);
    };
    const result = await handleInvoke({ frameUrl: 'https://evil.example/', isMainFrame: true }, { channel: 'deals.pipeline' }, dispatch, silent);
    expect(result).toEqual({ ok: false, error: 'untrusted sender' });
    expect(called).toBe(false);
  });

  it('passes the channel table\'s payload validation through', async () => {
    const result = await handleInvoke({ frameUrl: APP_ENTRY_URL, isMainFrame: true }, { channel: 'deal.info', payload: { id: 42 } }, h.table.dispatch, silent);
    expect(result).toMatchObject({ ok: false, details: { code: 'InvalidInput', target: 'id' } });
  });
});
