/**
 * A social security number as the UI shows it by default: only its last four digits
 * ("***-**-6789"). Null stays null; a value with fewer than four digits is fully masked.
 */
export function maskSsn(ssn: string | null): string | null {
  if (ssn === null) return null;
  const digits = ssn.replace(/\D/g, '');
  if (digits.length < 4) return '***-**-****';
  return `***-**-${digits.slice(-4)}`;
}
