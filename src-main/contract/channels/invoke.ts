import { z } from 'zod';
import type { ErrorDto } from '../error';

/*
 * The envelope of a channel call, one for both transports: what a call sends over Electron IPC
 * (src-preload, checked by src-main/electron/ipc-policy.ts) and over web mode's bridge
 * (src-main/server/bridge.ts), and what it answers. No channel table here: the server checks
 * calls with this schema without building the table's.
 */

/** One call: the channel's name and its input (checked by the channel's own schema on entry). */
export const InvokeRequest = z
  .object({
    channel: z
      .string()
      .min(1)
      .max(128)
      .regex(/^[A-Za-z][\w.:-]*$/, 'channel name'),
    payload: z.unknown().optional(),
  })
  .strict();
export type InvokeRequest = z.infer<typeof InvokeRequest>;

/** What every call answers: never a thrown error across a transport. */
export type InvokeResult<T = unknown> = { ok: true; value: T } | { ok: false; error: string; details?: unknown };

/** Why a call failed, in `details` of a failed InvokeResult (a gateway ErrorDto, or input issues). */
export interface CallErrorDetails {
  /** The core's error code (MissingEntity, ValidationError, Duplicated, ...), or 'InvalidInput'. */
  code: string;
  /** The field or parameter that caused it (dotted path), when known. */
  target?: string;
  /** The gateway's ErrorDto, when the gateway refused the call. */
  error?: ErrorDto;
  /** Input validation issues: one per offending field. */
  issues?: { path: string; message: string }[];
}
