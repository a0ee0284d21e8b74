import type { z } from 'zod';
import type {
  APP_CHANNEL_INPUTS,
  AppChannelName,
  Body,
  CallErrorDetails,
  ChannelOutput,
  ChannelSpec,
  EndpointName,
  ErrorDto,
  ResponseOf,
} from '../../contract';
import { GATEWAY, isRefusal, type EndpointRequest, type GatewayContext } from '../../gateway';
import type { AppEnvironment, Emit, ExportTargetChooser } from '../environment';
import { exportWithProgress, type ProgressExport, type ExportOutcome } from '../file-export';
import type { LongWork } from '../long-work';

/*
 * What every feature's channels are built from (channels/<feature>.ts): one ChannelKit, made
 * once per channel table. Each feature is a function of the kit answering its handlers; the
 * table (channels/index.ts) spreads them into one, whose type lists every channel of the
 * contract's APP_CHANNELS, so a missing or mistyped handler does not compile.
 */

/** A channel's input as its handler receives it: parsed by the channel's schema, defaults applied. */
export type ChannelInputOf<K extends AppChannelName> = z.output<(typeof APP_CHANNEL_INPUTS)[K]>;
export type ChannelHandler<K extends AppChannelName> = (input: ChannelInputOf<K>) => Promise<ChannelOutput<K>>;
/** The whole table: one handler per channel of the contract. */
export type ChannelHandlers = { [K in AppChannelName]: ChannelHandler<K> };
/** The handlers of one feature's channel table (a contract/channels/<feature>.ts table). */
export type HandlersOf<T extends Record<string, ChannelSpec>> = Pick<ChannelHandlers, keyof T & AppChannelName>;

/** A refusal with a message for the user and details for the UI to place it. */
export class ChannelError extends Error {
  constructor(
    message: string,
    readonly details: CallErrorDetails,
  ) {
    super(message);
  }
}

/** The envelope's fields taken off a gateway answer: what a channel returns. */
export function envelopeBody<T extends { success: boolean; error: unknown }>(response: T): Body<T> {
  const { success: _s, error: _e, ...body } = response;
  return body;
}

export interface ChannelKit {
  env: AppEnvironment;
  /** The gateway's context: the open store, the place lookup, the configuration, the clock. */
  ctx: GatewayContext;
  /**
   * Calls one gateway function (the same the HTTP API serves), typed by the contract's endpoint
   * table: its success body, or a thrown ChannelError carrying the ErrorDto.
   */
  gateway<N extends EndpointName>(
    name: N,
    params: EndpointRequest<N>['params'],
    body?: EndpointRequest<N>['body'],
    context?: GatewayContext,
  ): Promise<Body<ResponseOf<N>>>;
  /** A refusal: a message for the user, details for the UI to place it. */
  refuse(message: string, details: CallErrorDetails): ChannelError;
  /** A gateway refusal (its ErrorDto, or a fallback message) as the table's. */
  refusal(error: ErrorDto | null, fallback: string): ChannelError;
  /** The store changed through a channel: open screens refetch these deals (null: all). */
  changed(dealIds: string[] | null): void;
  emit: Emit;
  /** The cancellable work of the table (work.cancel): exports and stress runs. */
  work: LongWork;
  /** The host's choice of file for an export (Electron: a save dialog; web mode: a download). */
  exportTarget: ExportTargetChooser;
  /** An export with progress events by its exportId, cancellable through work.cancel. */
  exportWithProgress<R extends object>(job: ProgressExport<R>): Promise<ExportOutcome<R>>;
}

export function createChannelKit(env: AppEnvironment, work: LongWork): ChannelKit {
  const ctx = env.gateway;
  const refuse = (message: string, details: CallErrorDetails) => new ChannelError(message, details);
  const refusal = (error: ErrorDto | null, fallback: string) => {
    const e = error ?? { target: '', code: 'ValidationError' as const, message: fallback, details: [] };
    return refuse(e.message, { code: e.code, target: e.target, error: e });
  };
  return {
    env,
    ctx,
    async gateway(name, params, body, context = ctx) {
      const response = await GATEWAY[name](context, { params, body });
      if (isRefusal(response)) throw refusal(response.error, `${name} failed.`);
      return envelopeBody(response);
    },
    refuse,
    refusal,
    changed: (dealIds) => env.emit('data.changed', { dealIds }),
    emit: env.emit,
    work,
    exportTarget: env.exportTarget,
    exportWithProgress: (job) => exportWithProgress(env.exportTarget, work, env.emit, job),
  };
}
