import type { z } from 'zod';

/**
 * One channel of the workstation UI, defined in one place: the schema its input is validated
 * with (on entry, in the main process) and the type of what it answers. The answer is a type
 * only (nothing to validate: the main process produces it), carried by `output`, which is never
 * set at run time. The handler sits in src-main/app, keyed by the same name; the handler table's
 * type lists every channel, so a channel without its handler does not compile.
 */
export interface ChannelSpec<I extends z.ZodType = z.ZodType, O = unknown> {
  readonly input: I;
  readonly output?: O;
}

/** `channel(InputSchema).returns<Output>()`. */
export function channel<I extends z.ZodType>(input: I): { returns<O>(): ChannelSpec<I, O> } {
  return { returns: () => ({ input }) };
}

export type SpecInput<S> = S extends ChannelSpec<infer I, unknown> ? I : never;
export type SpecOutput<S> = S extends ChannelSpec<z.ZodType, infer O> ? O : never;

/** The input schemas of a channel table, by name (what the transports validate with). */
export function inputSchemas<T extends Record<string, ChannelSpec>>(channels: T): { [K in keyof T]: SpecInput<T[K]> } {
  return Object.fromEntries(Object.entries(channels).map(([name, spec]) => [name, spec.input])) as { [K in keyof T]: SpecInput<T[K]> };
}
