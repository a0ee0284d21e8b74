// Fictional names for people, companies, tenants and properties. Any resemblance to a real
// business is a coincidence of common words.

import type { Rng } from './random';

export const FIRST_NAMES = [
  'James', 'Maria', 'Robert', 'Jennifer', 'Michael', 'Linda', 'David', 'Patricia', 'William', 'Elizabeth',
  'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Daniel', 'Karen', 'Matthew', 'Nancy',
  'Anthony', 'Lisa', 'Mark', 'Priya', 'Steven', 'Emily', 'Andrew', 'Michelle', 'Joshua', 'Aisha',
  'Kevin', 'Laura', 'Brian', 'Mei', 'George', 'Rebecca', 'Edward', 'Sofia', 'Jason', 'Olivia',
  'Carlos', 'Hannah', 'Luis', 'Grace', 'Wei', 'Fatima', 'Omar', 'Chloe', 'Raj', 'Isabella',
  'Hiroshi', 'Amara', 'Diego', 'Ngozi', 'Samuel', 'Elena', 'Tyrone', 'Yuki', 'Ahmed', 'Camila',
];

export const MIDDLE_INITIALS = ['A.', 'B.', 'C.', 'D.', 'E.', 'J.', 'K.', 'L.', 'M.', 'R.', 'S.', 'T.'];

export const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
  'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin',
  'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson',
  'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores',
  'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts',
  'Patel', 'Kim', 'Chen', 'Shah', 'Okafor', 'Kowalski', 'Rossi', 'Schmidt', 'Cohen', 'Murphy',
  'Sullivan', 'Brennan', 'Fischer', 'Tanaka', 'Haddad', 'Novak', 'Larsen', 'Dubois', 'Mendoza', 'Abernathy',
];

export function personName(rng: Rng): { firstName: string; lastName: string } {
  return { firstName: rng.pick(FIRST_NAMES), lastName: rng.pick(LAST_NAMES) };
}

/** Words that name properties, sponsors and tenants. */
const PLACE_WORDS = [
  'Cedar', 'Maple', 'Willow', 'Aspen', 'Magnolia', 'Cypress', 'Juniper', 'Laurel', 'Sycamore', 'Birch',
  'Harbor', 'Summit', 'Ridge', 'Lakeview', 'Riverside', 'Parkside', 'Meridian', 'Beacon', 'Heritage', 'Crescent',
  'Foundry', 'Union', 'Granite', 'Copper', 'Ironwood', 'Stonegate', 'Bluebird', 'Redwood', 'Northgate', 'Westbrook',
  'Eastview', 'Southpoint', 'Fairview', 'Highland', 'Oakmont', 'Pinecrest', 'Brookstone', 'Silverleaf', 'Windsor', 'Canal',
];

export function placeWord(rng: Rng): string {
  return rng.pick(PLACE_WORDS);
}

const SPONSOR_SUFFIXES = [
  'Capital Partners', 'Real Estate Group', 'Development', 'Properties', 'Investment Partners',
  'Realty Advisors', 'Holdings', 'Equities', 'Asset Management', 'Communities',
];

/** A sponsor (operating) company: e.g. "Granite Peak Capital Partners". */
export function sponsorCompanyName(rng: Rng): string {
  const style = rng.int(0, 2);
  if (style === 0) return `${placeWord(rng)} ${rng.pick(SPONSOR_SUFFIXES)}`;
  if (style === 1) return `${rng.pick(LAST_NAMES)} ${rng.pick(SPONSOR_SUFFIXES)}`;
  return `${placeWord(rng)} ${rng.pick(['Peak', 'Point', 'Square', 'Bridge', 'Gate', 'Stone'])} ${rng.pick(SPONSOR_SUFFIXES)}`;
}

/** Relationship managers (CustomField1 of the shipped system configuration). */
export const RELATIONSHIP_MANAGERS = [
  'Alicia Moreno', 'Ben Whitaker', 'Catherine Osei', 'Derek Lindqvist', 'Grace Tan', 'Hector Alvarez',
];

const OFFICE_TENANT_KINDS = [
  'Law Group', 'Dental Associates', 'Wealth Advisors', 'Analytics', 'Insurance Agency', 'Engineering',
  'Architects', 'Staffing', 'Title Company', 'Software', 'Physical Therapy', 'Accounting LLP',
  'Pediatrics', 'Consulting Group', 'Marketing Co.', 'Credit Union Branch',
];
const RETAIL_TENANT_KINDS = [
  'Coffee Roasters', 'Nail Spa', 'Fitness', 'Pizzeria', 'Pharmacy', 'Wireless', 'Taqueria', 'Dry Cleaners',
  'Urgent Care', 'Pet Supply', 'Bakery', 'Mattress Outlet', 'Sushi Bar', 'Barber Shop', 'Market', 'Yoga Studio',
];
const INDUSTRIAL_TENANT_KINDS = [
  'Logistics', 'Supply Co.', 'Fabrication', 'Distribution', 'Foods', 'Packaging', 'Freight', 'Building Products',
  'Auto Parts', 'Cold Storage', 'E-Commerce Fulfillment', 'Machine Works',
];
const SPECIAL_TENANT_KINDS = [
  'Charter Academy', 'Medical Center', 'Surgery Center', 'Data Systems', 'Early Learning', 'Community Church',
  'Dialysis Clinic', 'Research Labs',
];
const LAND_TENANT_KINDS = ['Parking Operators', 'Fuel & Convenience', 'Quick Service Restaurants', 'Car Wash', 'Bank Branch'];

export type TenantSector = 'office' | 'retail' | 'industrial' | 'special' | 'land';

const TENANT_KINDS: Record<TenantSector, readonly string[]> = {
  office: OFFICE_TENANT_KINDS,
  retail: RETAIL_TENANT_KINDS,
  industrial: INDUSTRIAL_TENANT_KINDS,
  special: SPECIAL_TENANT_KINDS,
  land: LAND_TENANT_KINDS,
};

/** A fictional commercial tenant, e.g. "Bluebird Coffee Roasters LLC". */
export function tenantBusinessName(rng: Rng, sector: TenantSector): string {
  const lead = rng.chance(0.7) ? placeWord(rng) : rng.pick(LAST_NAMES);
  const suffix = rng.weighted([['', 5], [' LLC', 3], [', Inc.', 2]] as const);
  return `${lead} ${rng.pick(TENANT_KINDS[sector])}${suffix}`;
}

/** A fictional residential tenant. */
export function residentName(rng: Rng): string {
  return `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
}

const MF_NAMES = ['Apartments', 'Residences', 'Flats', 'Lofts', 'Commons', 'Village', 'Place', 'Terrace'];
const OFFICE_NAMES = ['Tower', 'Plaza', 'Center', 'Corporate Center', 'Office Park', 'Building'];
const RETAIL_NAMES = ['Plaza', 'Marketplace', 'Shopping Center', 'Crossing', 'Shoppes', 'Town Center'];
const INDUSTRIAL_NAMES = ['Industrial Park', 'Business Center', 'Commerce Center', 'Distribution Center', 'Logistics Park'];

/** The property's marketing name, by asset type. */
export function propertyName(rng: Rng, assetType: string, street: string): string {
  const word = placeWord(rng);
  switch (assetType) {
    case 'Multi_Family_Apartments':
      return rng.chance(0.3) ? `The ${word}` : `${word} ${rng.pick(MF_NAMES)}`;
    case 'Senior_Housing':
      return `The ${word} ${rng.pick(['Senior Living', 'Retirement Community', 'at Home', 'Assisted Living'])}`;
    case 'Office':
      return rng.chance(0.4) ? `${street} ${rng.pick(['Tower', 'Building', 'Plaza'])}` : `${word} ${rng.pick(OFFICE_NAMES)}`;
    case 'Flex_Office':
      return `${word} ${rng.pick(['Tech Park', 'Flex Center', 'Business Park', 'Research Park'])}`;
    case 'Retail':
      return `${word} ${rng.pick(RETAIL_NAMES)}`;
    case 'Industrial':
    case 'Distribution_Warehouse':
      return `${word} ${rng.pick(INDUSTRIAL_NAMES)}`;
    case 'Self_Storage':
      return `${word} ${rng.pick(['Self Storage', 'Storage Center', 'Secure Storage'])}`;
    case 'Hotel':
      return rng.chance(0.5) ? `The ${word} Hotel` : `${word} ${rng.pick(['Suites', 'Inn & Suites', 'Hotel & Conference Center'])}`;
    case 'Land':
      return `${word} ${rng.pick(['Development Site', 'Land Parcel', 'Pad Sites'])}`;
    case 'Special_Purpose':
      return `${word} ${rng.pick(['Medical Pavilion', 'Academy Campus', 'Data Center', 'Surgical Center', 'Event Center'])}`;
    case 'Mixed':
      return `${word} ${rng.pick(['Lofts & Retail', 'Square', 'Station', 'Yards', 'Quarter'])}`;
    default:
      return `${word} ${rng.pick(OFFICE_NAMES)}`;
  }
}
