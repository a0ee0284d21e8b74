import type { z } from 'zod';
import { issuesToErrorDto, STORAGE_LIMIT, type ErrorCode } from '../contract';
import { failure, type Failure } from './result';

/**
 * Validates a request body with its contract schema. `valueCode` is the code for a value of the
 * right type that breaks a rule (an enum outside its set, a range): the creates call that
 * InvalidCreateValues; a wrong type or shape, or a value beyond the API's storage limits, stays
 * ValidationError, a missing field MissingMandatoryField.
 */
export function parseBody<S extends z.ZodType>(
  schema: S,
  body: unknown,
  valueCode: ErrorCode = 'ValidationError',
): { ok: true; value: z.infer<S> } | { ok: false; failure: Failure } {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return { ok: false, failure: failure('ValidationError', 'body', 'The request body must be a JSON object.') };
  }
  const parsed = schema.safeParse(body);
  if (parsed.success) return { ok: true, value: parsed.data };
  const error = issuesToErrorDto(parsed.error, body);
  const first = parsed.error.issues[0];
  // A value beyond what the API stores (contract LIMITS) is a ValidationError on any endpoint.
  const isValueRule = first && first.message !== STORAGE_LIMIT && ['invalid_value', 'too_small', 'too_big', 'invalid_format', 'not_multiple_of'].includes(first.code);
  const code = error.code === 'ValidationError' && isValueRule ? valueCode : error.code;
  return { ok: false, failure: { success: false, error: { ...error, code } } };
}
