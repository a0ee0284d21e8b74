import { z } from 'zod';
import { BulkOperationType, ErrorCode } from './enums';
import { lazyShape } from './lazy-shape';

export const ErrorDto = z
  .object({
    target: z.string().describe('Field or parameter that caused the error'),
    code: ErrorCode,
    message: z.string(),
    get details(): z.ZodArray<z.ZodUnion<readonly [typeof ErrorDto, z.ZodString]>> {
      return z
        .array(z.union([ErrorDto, z.string()]))
        .describe('Nested errors (some spec samples show plain strings)');
    },
  })
  .meta({ id: 'ErrorDto' });
export type ErrorDto = z.infer<typeof ErrorDto>;

// The additions are absent when the error concerns no item (e.g. a malformed request body).
export const ImportErrorDto = ErrorDto.extend({
  entityId: z.string().nullish().describe('Entity that failed'),
  fieldName: z.string().nullish(),
  clientItemId: z.string().nullish().describe('Client-chosen id of the failing import item'),
  bulkOperationType: BulkOperationType.nullish(),
}).meta({ id: 'ImportErrorDto' });
export type ImportErrorDto = z.infer<typeof ImportErrorDto>;

/** Every response body: success and error (null on success), then the DTO's own fields. */
export function envelope<T extends z.ZodRawShape>(shape: T) {
  // Lazy (lazy-shape.ts): a lazy `shape` is only read when the envelope's own shape is.
  return z.object(
    lazyShape(() => ({
      success: z.boolean(),
      error: ErrorDto.nullable().describe('Null on success'),
      ...shape,
    })),
  );
}

/** The body of a failed call that carries no DTO fields, e.g. an unknown id or a 401. */
export const FailureResponse = z.object({ success: z.literal(false), error: ErrorDto }).meta({ id: 'FailureResponse' });
export type FailureResponse = z.infer<typeof FailureResponse>;

type Issue = z.core.$ZodIssue;

const pathOf = (path: PropertyKey[]) => (path.length ? path.map(String).join('.') : 'body');

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

// Without reportInput or the input, zod's default invalid_type message is the only trace of
// "undefined"; a missing enum or union value then reads as a ValidationError.
function isMissing(issue: Issue, input: unknown): boolean {
  if ('input' in issue) return issue.input === undefined;
  if (input !== undefined) return valueAt(input, issue.path) === undefined;
  return issue.code === 'invalid_type' && / received undefined$/.test(issue.message);
}

const TYPE_NAMES: Record<string, string> = {
  int: 'an integer',
  number: 'a number',
  string: 'a string',
  boolean: 'a boolean',
  object: 'an object',
  array: 'an array',
};

const FORMAT_NAMES: Record<string, string> = {
  date: 'a real calendar date in YYYY-MM-DD format',
  datetime: 'an ISO 8601 date-time',
  uuid: 'a UUID',
  email: 'an e-mail address',
};

const list = (values: readonly unknown[]) => values.map((v) => JSON.stringify(v)).join(', ');

function bound(issue: z.core.$ZodIssueTooSmall | z.core.$ZodIssueTooBig) {
  const small = issue.code === 'too_small';
  const limit = String(small ? issue.minimum : issue.maximum);
  const strict = issue.inclusive === false;
  if (issue.origin === 'array' || issue.origin === 'set')
    return `${small ? 'at least' : 'at most'} ${limit} item(s)`;
  if (issue.origin === 'string')
    return small && limit === '1' ? 'non-empty' : `${small ? 'at least' : 'at most'} ${limit} characters`;
  if (small) return strict ? `greater than ${limit}` : `at least ${limit}`;
  return strict ? `less than ${limit}` : `at most ${limit}`;
}

/** Describes what was expected without ever echoing the input value (it may be a secret). */
function expectation(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return TYPE_NAMES[issue.expected] ?? issue.expected;
    case 'invalid_value':
      return issue.values.length === 1
        ? `exactly ${list(issue.values)}`
        : `one of ${list(issue.values)}`;
    case 'too_small':
    case 'too_big':
      return bound(issue);
    case 'invalid_format':
      return FORMAT_NAMES[issue.format] ?? `in ${issue.format} format`;
    case 'not_multiple_of':
      return `a multiple of ${String(issue.divisor)}`;
    case 'invalid_union':
      return 'one of the allowed forms';
    default:
      return 'valid';
  }
}

function issueToErrorDto(issue: Issue, input: unknown): ErrorDto {
  const target = pathOf(issue.path);
  const base = { target, details: [] };
  if (isMissing(issue, input))
    return {
      ...base,
      code: 'MissingMandatoryField',
      message: `${target} is required (expected ${expectation(issue)})`,
    };
  const message =
    issue.code === 'unrecognized_keys'
      ? `${target} has unknown field(s): ${issue.keys.join(', ')}`
      : issue.code === 'custom'
        ? `${target}: ${issue.message}`
        : `${target} must be ${expectation(issue)}`;
  return { ...base, code: 'ValidationError', message };
}

/**
 * Turns a zod failure into the spec's ErrorDto: the first issue names the field, the others
 * follow in details. Pass the parsed input (or parse with `reportInput: true`) so that any
 * absent value, enums included, is reported as MissingMandatoryField.
 */
export function issuesToErrorDto(error: z.ZodError, input?: unknown): ErrorDto {
  const [first, ...rest] = error.issues.map((issue) => issueToErrorDto(issue, input));
  if (!first) return { target: 'body', code: 'ValidationError', message: 'Invalid input', details: [] };
  return { ...first, details: rest };
}
