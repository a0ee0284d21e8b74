import type { ErrorCode, ErrorDto } from '../contract';

/** A failed call: the spec's envelope with no DTO fields. */
export interface Failure {
  success: false;
  error: ErrorDto;
}

export function failure(code: ErrorCode, target: string, message: string, details: ErrorDto[] = []): Failure {
  return { success: false, error: { target, code, message, details } };
}

export function missingEntity(target: string, kind: string): Failure {
  return failure('MissingEntity', target, `No ${kind} exists with this ${target}.`);
}

export function ok<T extends object>(body: T): T & { success: true; error: null } {
  return { success: true, error: null, ...body };
}
