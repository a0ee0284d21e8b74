// A normalised US street address, so that "12 Main Street, Austin, TX" and
// "12 main st austin tx 78701" are recognised as the same property.

const SUFFIXES: Record<string, string> = {
  street: 'st', avenue: 'ave', av: 'ave', boulevard: 'blvd', drive: 'dr', road: 'rd', lane: 'ln',
  court: 'ct', place: 'pl', parkway: 'pkwy', highway: 'hwy', terrace: 'ter', circle: 'cir',
  square: 'sq', trail: 'trl', way: 'way', plaza: 'plz', north: 'n', south: 's', east: 'e', west: 'w',
  northeast: 'ne', northwest: 'nw', southeast: 'se', southwest: 'sw',
};

export interface AddressKeyParts {
  streetNumber?: number | string | null;
  street?: string | null;
  city?: string | null;
  state?: string | null;
  zipCode?: string | null;
}

function words(value: string | number | null | undefined): string[] {
  return String(value ?? '')
    .toLowerCase()
    .replace(/[.,#'"]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => SUFFIXES[w] ?? w);
}

/** The duplicate-detection key: number, street, city, state and 5-digit ZIP, normalised. */
export function addressKey(parts: AddressKeyParts): string {
  const zip5 = String(parts.zipCode ?? '').slice(0, 5);
  return [...words(parts.streetNumber), ...words(parts.street), ...words(parts.city), ...words(parts.state), zip5]
    .filter(Boolean)
    .join(' ');
}
