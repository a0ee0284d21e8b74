/**
 * The plain decimal spelling (no exponent) of n x 10^shift, built from n's shortest round-trip
 * digits: plainDecimal(0.055, 2) is "5.5", so that parsing "5.5" as a percentage gives back
 * exactly 0.055. The bulk update accepts numbers only in plain decimal notation.
 */
export function plainDecimal(n: number, shift = 0): string {
  if (!Number.isFinite(n)) throw new RangeError(`not a finite number: ${n}`);
  if (n === 0) return '0';
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(n));
  if (!m) throw new RangeError(`unexpected number spelling: ${String(n)}`);
  const [, sign, int, frac = '', exp = '0'] = m;
  const digits = int! + frac;
  const point = int!.length + Number(exp) + shift;
  let whole: string;
  let fraction: string;
  if (point <= 0) {
    whole = '0';
    fraction = '0'.repeat(-point) + digits;
  } else if (point >= digits.length) {
    whole = digits + '0'.repeat(point - digits.length);
    fraction = '';
  } else {
    whole = digits.slice(0, point);
    fraction = digits.slice(point);
  }
  whole = whole.replace(/^0+(?=\d)/, '');
  fraction = fraction.replace(/0+$/, '');
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}
