import { z } from 'zod';

/** A calendar date YYYY-MM-DD; zod's ISO date format also rejects impossible days (2025-02-30). */
export const IsoDate = z.iso.date().describe('Date, YYYY-MM-DD');
export type IsoDate = z.infer<typeof IsoDate>;

export const Timestamp = z.iso
  .datetime({ offset: true, local: true })
  .describe('ISO 8601 date-time');
export type Timestamp = z.infer<typeof Timestamp>;

export const NumberMap = z.record(z.string(), z.number());
export type NumberMap = z.infer<typeof NumberMap>;

export const usd = (what?: string) => z.number().describe(what ? `${what}, USD` : 'USD');
export const decimal = (what: string) => z.number().describe(`${what}, decimal (0.72 = 72 %)`);
export const percentage = (what: string) =>
  z.number().describe(`${what}, percentage (7.5 = 7.5 %)`);
export const months = (what: string) => z.number().describe(`${what}, months`);

/**
 * A read field this implementation adds to a spec response. Optional because a spec-only server
 * (the central platform) does not send it, and the sync client parses its responses too.
 */
export const extension = <T extends z.ZodType>(schema: T, what: string) =>
  schema.optional().describe(`Extension beyond the spec: ${what}. Absent from spec-only servers.`);

/** A shape of many same-typed fields, for the long flat lists of the spec (market data). */
export const fields = <const K extends readonly string[], S extends z.ZodType>(keys: K, schema: () => S) =>
  Object.fromEntries(keys.map((key) => [key, schema()])) as { [P in K[number]]: S };
