import { useEffect, useRef } from 'react';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type {
  AppChannelName,
  AppEventName,
  AppEvents,
  CallErrorDetails,
  ChannelInput,
  ChannelOutput,
} from '../../src-main/contract';
import { transport } from './transport';

/** A failed call: the core's message, and where it belongs (details.target). */
export class CallError extends Error {
  constructor(
    message: string,
    readonly details: CallErrorDetails | undefined,
  ) {
    super(message);
    this.name = 'CallError';
  }

  /** The field the core blamed (an input path or the gateway's error target). */
  get target(): string | undefined {
    return this.details?.target;
  }
}

function asDetails(details: unknown): CallErrorDetails | undefined {
  return details && typeof details === 'object' && 'code' in details ? (details as CallErrorDetails) : undefined;
}

/** Calls one channel; resolves its value or throws a CallError with the core's message. */
export async function call<K extends AppChannelName>(channel: K, input: ChannelInput<K>): Promise<ChannelOutput<K>> {
  const result = await transport().invoke(channel, input);
  if (!result.ok) throw new CallError(result.error, asDetails(result.details));
  return result.value as ChannelOutput<K>;
}

export function queryKey<K extends AppChannelName>(channel: K, input: ChannelInput<K>) {
  return [channel, input] as const;
}

/** A read through react-query, keyed by channel and input. */
export function useChannel<K extends AppChannelName>(
  channel: K,
  input: ChannelInput<K>,
  options: Omit<UseQueryOptions<ChannelOutput<K>, CallError>, 'queryKey' | 'queryFn'> = {},
) {
  return useQuery<ChannelOutput<K>, CallError>({
    queryKey: queryKey(channel, input),
    queryFn: () => call(channel, input),
    ...options,
  });
}

/** Subscribes to a main-process event for the component's lifetime. */
export function useEvent<E extends AppEventName>(event: E, listener: (payload: AppEvents[E]) => void): void {
  const ref = useRef(listener);
  useEffect(() => {
    ref.current = listener;
  });
  useEffect(() => transport().on(event, (payload) => ref.current(payload as AppEvents[E])), [event]);
}

/** The readable message of anything thrown. */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
