/**
 * The first line of an error message, for the logs. A failed statement's error (drizzle's
 * DrizzleQueryError) carries the statement's values on the lines after its first, and those may
 * be secrets (a client secret's hash, the signing key) or personal data (an SSN): never logged.
 */
export function firstLine(message: string | undefined): string {
  return (message ?? '').split('\n')[0] ?? '';
}
