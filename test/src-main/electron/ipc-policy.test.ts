import { describe, expect, it, vi } from 'vitest';
import { APP_ENTRY_URL, IPC_EVENT_CHANNEL, IPC_INVOKE_CHANNEL } from '../../../src-main/electron/constants';
import {
  handleInvoke,
  isTrustedSender,
  unknownChannelDispatcher,
  type ChannelDispatcher,
} from '../../../src-main/electron/ipc-policy';
import { isDevicePermissionGranted, isPermissionGranted } from '../../../src-main/electron/permissions';
import { EVENT_CHANNEL, INVOKE_CHANNEL } from '../../../src-preload/api';

const trusted = { frameUrl: APP_ENTRY_URL, isMainFrame: true };
const silent = () => {};

describe('IPC channel names', () => {
  it('are the same in the preload and in the main process', () => {
    expect(INVOKE_CHANNEL).toBe(IPC_INVOKE_CHANNEL);
    expect(EVENT_CHANNEL).toBe(IPC_EVENT_CHANNEL);
    expect(IPC_INVOKE_CHANNEL).toBe('uw:invoke');
    expect(IPC_EVENT_CHANNEL).toBe('uw:event');
  });
});

describe('isTrustedSender', () => {
  it('trusts only the top-level app:// document', () => {
    expect(isTrustedSender(APP_ENTRY_URL)).toBe(true);
    expect(isTrustedSender('app://workstation/deals/1')).toBe(true);
    expect(isTrustedSender(APP_ENTRY_URL, false)).toBe(false);
    expect(isTrustedSender('https://example.com/')).toBe(false);
    expect(isTrustedSender('file:///work/main/out/renderer/index.html')).toBe(false);
    expect(isTrustedSender('app://evil.example/')).toBe(false);
    expect(isTrustedSender(undefined)).toBe(false);
    expect(isTrustedSender('')).toBe(false);
  });
});

describe('handleInvoke', () => {
  it('answers unknown channel until the channel table exists', async () => {
    await expect(handleInvoke(trusted, { channel: 'deals.list', payload: {} })).resolves.toEqual({
      ok: false,
      error: 'unknown channel',
    });
    await expect(unknownChannelDispatcher('x', undefined, { senderUrl: APP_ENTRY_URL })).resolves.toEqual({
      ok: false,
      error: 'unknown channel',
    });
  });

  it('refuses untrusted senders before looking at the request', async () => {
    const dispatch = vi.fn<ChannelDispatcher>();
    for (const sender of [
      { frameUrl: 'https://example.com/', isMainFrame: true },
      { frameUrl: APP_ENTRY_URL, isMainFrame: false },
      { frameUrl: undefined, isMainFrame: true },
    ]) {
      await expect(handleInvoke(sender, { channel: 'deals.list' }, dispatch, silent)).resolves.toEqual({
        ok: false,
        error: 'untrusted sender',
      });
    }
    expect(dispatch).not.toHaveBeenCalled();
  });

  it.each([
    undefined,
    null,
    'deals.list',
    42,
    [],
    {},
    { channel: '' },
    { channel: 7 },
    { channel: '../../etc' },
    { channel: 'a'.repeat(200) },
    { channel: 'deals.list', payload: 1, extra: true },
  ])('rejects a malformed envelope: %j', async (request) => {
    const dispatch = vi.fn<ChannelDispatcher>();
    const result = await handleInvoke(trusted, request, dispatch, silent);
    expect(result).toMatchObject({ ok: false, error: 'invalid request' });
    expect(dispatch).not.toHaveBeenCalled();
  });

  it('passes channel, payload and sender to the dispatcher', async () => {
    const dispatch = vi.fn<ChannelDispatcher>().mockResolvedValue({ ok: true, value: 3 });
    await expect(handleInvoke(trusted, { channel: 'deals.count', payload: { q: 1 } }, dispatch)).resolves.toEqual({
      ok: true,
      value: 3,
    });
    expect(dispatch).toHaveBeenCalledWith('deals.count', { q: 1 }, { senderUrl: APP_ENTRY_URL });
  });

  it('never lets an exception or its stack reach the renderer', async () => {
    const log = vi.fn();
    const dispatch: ChannelDispatcher = () => Promise.reject(new Error('SQLITE_CORRUPT at /home/me/secret.db'));
    const result = await handleInvoke(trusted, { channel: 'deals.list' }, dispatch, log);
    expect(result).toEqual({ ok: false, error: 'internal error' });
    expect(JSON.stringify(result)).not.toContain('secret');
    expect(log).toHaveBeenCalledOnce();
  });
});

describe('permissions', () => {
  it.each(['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'fullscreen', 'unknown'])(
    'denies %s',
    (permission) => {
      expect(isPermissionGranted(permission, APP_ENTRY_URL)).toBe(false);
      expect(isPermissionGranted(permission)).toBe(false);
    },
  );

  it('never selects a device', () => {
    for (const device of ['hid', 'serial', 'usb', 'bluetooth']) expect(isDevicePermissionGranted(device)).toBe(false);
  });
});
