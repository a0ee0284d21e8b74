import type { z } from 'zod';
import { inputSchemas, type ChannelSpec, type SpecOutput } from '../channel';
import { ANALYSIS_CHANNELS } from './analysis';
import { APP_INFO_CHANNELS } from './app';
import { DEAL_READ_CHANNELS, DEAL_WRITE_CHANNELS } from './deal';
import { HISTORY_CHANNELS } from './history';
import { IMPORT_CHANNELS } from './import';
import { MEMO_CHANNELS } from './memo';
import { DEAL_CHANNELS } from './new-deal';
import { PIPELINE_CHANNELS } from './pipeline';
import { REPORT_CHANNELS } from './report';
import { SYNC_CHANNELS } from './sync';
import { WORK_CHANNELS } from './work';

/*
 * The workstation's channel table, as the renderer and the preload see it: every operation the
 * UI can ask the main process for, defined once with its input schema (validated again on entry
 * by src-main/app) and its result type (channel.ts). Each feature declares its channels in its
 * own file here; the table is their union. No Node or Electron code: the preload and the
 * renderer import this folder (through the contract's entry).
 *
 * Two transports carry the same calls (invoke.ts): Electron IPC (window.uw, src-preload) and,
 * in web mode, the HTTP bridge (POST BRIDGE_INVOKE_PATH with the per-launch session in its
 * cookie or in SESSION_HEADER, events over BRIDGE_EVENTS_PATH as server-sent events).
 */

export const APP_CHANNELS = {
  ...APP_INFO_CHANNELS,
  ...PIPELINE_CHANNELS,
  ...DEAL_READ_CHANNELS,
  ...DEAL_WRITE_CHANNELS,
  ...IMPORT_CHANNELS,
  ...REPORT_CHANNELS,
  ...MEMO_CHANNELS,
  ...ANALYSIS_CHANNELS,
  ...WORK_CHANNELS,
  ...SYNC_CHANNELS,
  ...HISTORY_CHANNELS,
  // new deals and comparison
  ...DEAL_CHANNELS,
} as const satisfies Record<string, ChannelSpec>;

export type AppChannelName = keyof typeof APP_CHANNELS;
export const APP_CHANNEL_NAMES = Object.keys(APP_CHANNELS) as AppChannelName[];
/** Each channel's input schema, by name: what both transports validate a call with. */
export const APP_CHANNEL_INPUTS = inputSchemas(APP_CHANNELS);

/** channel -> what the renderer sends (defaults not yet applied) and what it gets back. */
export type AppChannels = {
  [K in AppChannelName]: { input: z.input<(typeof APP_CHANNEL_INPUTS)[K]>; output: SpecOutput<(typeof APP_CHANNELS)[K]> };
};
export type ChannelInput<K extends AppChannelName> = AppChannels[K]['input'];
export type ChannelOutput<K extends AppChannelName> = AppChannels[K]['output'];

export * from './analysis';
export * from './app';
export * from './deal';
export * from './events';
export * from './history';
export * from './import';
export * from './invoke';
export * from './memo';
export * from './new-deal';
export * from './pipeline';
export * from './report';
export type { Body } from './shared';
export * from './sync';
export * from './work';
