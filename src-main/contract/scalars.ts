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

/**
 * What the API takes: far above anything an underwriter enters, far below what would lose
 * precision in a double or let one client fill the store (a 10 MB note). Documented in the
 * OpenAPI document as maxLength, minimum and maximum.
 */
export const LIMITS = {
  /** Entity ids: this implementation's are UUIDs (36 characters). */
  idLength: 100,
  /** User ids are e-mail addresses, at most 254 characters (RFC 5321). */
  emailLength: 254,
  /** Names and labels: a deal name, a suite, a status, a city, a client's item id. */
  nameLength: 200,
  /** A complete street address with its suite or unit. */
  addressLength: 500,
  /** Free text: a note, a description (about four printed pages). */
  textLength: 10_000,
  /**
   * USD amounts: a trillion dollars, hundreds of times the largest single real estate loan, and
   * cents stay exact (a double holds every cent up to 2^53 / 100, about 9 * 10^13).
   */
  money: 1e12,
  /** Square feet, units, rooms, floors: a billion. */
  quantity: 1e9,
  /** Loan terms of more than 100 years are typos; they would also push maturity past year 9999. */
  termMonths: 1200,
  /**
   * Significant digits a number written as text always keeps in a double (more are refused
   * unless the double reads back as the same decimal).
   */
  significantDigits: 15,
} as const;

/**
 * A whole number with thousands separators, as toLocaleString('en-US') writes it (1e12 ->
 * "1,000,000,000,000"), for the limits quoted in descriptions and messages built at import. Not
 * toLocaleString itself: its first call loads ICU's number formatting, about 20 ms of CPU at
 * every start of the service (bench: cold-start) for a few constant texts.
 */
export function groupedDigits(value: number): string {
  if (!Number.isSafeInteger(value)) throw new RangeError(`groupedDigits takes a whole number, not ${value}`);
  return String(value).replace(/\B(?=(\d{3})+$)/g, ',');
}

/**
 * The message of every limit check above. The gateway tells a storage limit (always a
 * ValidationError) from a business rule by it; the text the client reads is the gateway's own.
 */
export const STORAGE_LIMIT = 'beyond what the API stores';

const text = (max: number) => z.string().max(max, STORAGE_LIMIT);
/** An entity id in a request. */
export const entityId = () => text(LIMITS.idLength);
/** A user id (an e-mail address) in a request. */
export const userId = () => text(LIMITS.emailLength);
/** A name or label in a request. */
export const shortText = () => text(LIMITS.nameLength);
/** A street address in a request. */
export const addressText = () => text(LIMITS.addressLength);
/** Free text in a request. */
export const freeText = () => text(LIMITS.textLength);
/** A USD amount in a request (negative amounts are refused where a rule says so). */
export const amount = (what?: string) => usd(what).min(-LIMITS.money, STORAGE_LIMIT).max(LIMITS.money, STORAGE_LIMIT);
/** A size or count in a request: square feet, units, rooms, a floor. */
export const quantity = (what?: string) => {
  const n = z.number().min(-LIMITS.quantity, STORAGE_LIMIT).max(LIMITS.quantity, STORAGE_LIMIT);
  return what ? n.describe(what) : n;
};
