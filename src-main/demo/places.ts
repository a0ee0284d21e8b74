// Where the demo properties are: real ZIP codes of major US metros (city, state and centroid from
// the `zipcodes` package) with fictional street addresses on generic street names.

import zipcodes from 'zipcodes';
import { addressKey } from '../domain';
import { clamp, type Rng } from './random';

export type ZipKind = 'urban' | 'suburban' | 'industrial';

/**
 * Metro-level economics the generator prices from. Rents are 2026 ballparks for stabilized,
 * institutional-quality product: apartments in $/SF/month, commercial in $/SF/year.
 */
export interface Metro {
  key: string;
  /** market name as a research vendor publishes it */
  name: string;
  /** three-letter market abbreviation */
  abbr: string;
  areaCode: string;
  /** relative share of the lender's book */
  weight: number;
  apartmentRentPsf: number;
  officeRentPsf: number;
  retailRentPsf: number;
  industrialRentPsf: number;
  /** average daily rate of an upper-midscale hotel, USD */
  hotelAdr: number;
  /** added to the asset type's cap rate: gateway markets trade tighter */
  capRateAdjustment: number;
  homeValueMedian: number;
  householdIncomeMedian: number;
  collegeDegreeShare: number;
  /** gross median rent (census), USD per month */
  grossRentMedian: number;
}

const M = (
  key: string,
  name: string,
  areaCode: string,
  weight: number,
  apartmentRentPsf: number,
  officeRentPsf: number,
  retailRentPsf: number,
  industrialRentPsf: number,
  hotelAdr: number,
  capRateAdjustment: number,
  homeValueMedian: number,
  householdIncomeMedian: number,
  collegeDegreeShare: number,
  grossRentMedian: number,
): Metro => ({
  key,
  name,
  abbr: key,
  areaCode,
  weight,
  apartmentRentPsf,
  officeRentPsf,
  retailRentPsf,
  industrialRentPsf,
  hotelAdr,
  capRateAdjustment,
  homeValueMedian,
  householdIncomeMedian,
  collegeDegreeShare,
  grossRentMedian,
});

export const METROS: readonly Metro[] = [
  M('NYC', 'New York', '212', 10, 3.6, 62, 60, 22, 290, -0.003, 780_000, 82_000, 0.42, 1_850),
  M('LAX', 'Los Angeles', '213', 9, 3.3, 44, 42, 20, 230, -0.002, 850_000, 79_000, 0.35, 1_900),
  M('CHI', 'Chicago', '312', 6, 2.3, 36, 30, 10, 190, 0.003, 330_000, 75_000, 0.4, 1_350),
  M('DAL', 'Dallas', '214', 8, 1.75, 34, 26, 9, 165, 0, 380_000, 78_000, 0.36, 1_450),
  M('HOU', 'Houston', '713', 7, 1.55, 32, 25, 8.5, 150, 0.002, 300_000, 72_000, 0.33, 1_300),
  M('AUS', 'Austin', '512', 5, 1.85, 45, 32, 14, 210, -0.001, 520_000, 92_000, 0.5, 1_600),
  M('SAT', 'San Antonio', '210', 3, 1.45, 26, 22, 8, 140, 0.003, 280_000, 65_000, 0.29, 1_200),
  M('PHX', 'Phoenix', '602', 6, 1.6, 30, 26, 11, 170, 0, 440_000, 74_000, 0.32, 1_450),
  M('ATL', 'Atlanta', '404', 6, 1.8, 33, 27, 8.5, 175, 0, 400_000, 79_000, 0.42, 1_500),
  M('MIA', 'Miami', '305', 5, 2.9, 52, 45, 16, 240, -0.001, 600_000, 68_000, 0.33, 1_800),
  M('ORL', 'Orlando', '407', 3, 1.75, 28, 27, 10, 180, 0.002, 400_000, 68_000, 0.32, 1_550),
  M('TPA', 'Tampa', '813', 3, 1.8, 30, 26, 11, 175, 0.001, 390_000, 66_000, 0.33, 1_500),
  M('DEN', 'Denver', '303', 5, 2.1, 33, 28, 11, 180, 0, 600_000, 90_000, 0.48, 1_650),
  M('SEA', 'Seattle', '206', 5, 2.8, 42, 34, 15, 230, -0.002, 850_000, 110_000, 0.52, 1_900),
  M('SFO', 'San Francisco', '415', 4, 3.8, 60, 45, 19, 270, -0.0015, 1_300_000, 130_000, 0.58, 2_300),
  M('SJC', 'San Jose', '408', 2, 3.3, 52, 40, 18, 220, -0.002, 1_400_000, 140_000, 0.52, 2_400),
  M('BOS', 'Boston', '617', 4, 3.3, 48, 38, 16, 290, -0.002, 700_000, 98_000, 0.52, 1_900),
  M('WDC', 'Washington DC', '202', 5, 2.9, 50, 38, 15, 240, -0.0015, 620_000, 110_000, 0.56, 1_850),
  M('PHL', 'Philadelphia', '215', 3, 2.1, 32, 28, 10, 190, 0.002, 300_000, 75_000, 0.38, 1_350),
  M('NSH', 'Nashville', '615', 4, 1.95, 36, 30, 10, 220, 0, 450_000, 76_000, 0.4, 1_500),
  M('CLT', 'Charlotte', '704', 4, 1.75, 34, 28, 9, 170, 0, 390_000, 75_000, 0.42, 1_450),
  M('RDU', 'Raleigh', '919', 2, 1.7, 32, 27, 11, 160, 0, 430_000, 83_000, 0.5, 1_400),
  M('MSP', 'Minneapolis', '612', 2, 1.9, 30, 26, 9, 160, 0.003, 350_000, 85_000, 0.45, 1_350),
  M('POR', 'Portland', '503', 2, 2.2, 30, 28, 12, 170, 0.003, 530_000, 86_000, 0.45, 1_550),
  M('SDG', 'San Diego', '619', 3, 3.1, 42, 38, 19, 230, -0.0015, 900_000, 96_000, 0.42, 2_100),
  M('LVS', 'Las Vegas', '702', 3, 1.6, 27, 28, 13, 200, 0.002, 430_000, 67_000, 0.25, 1_450),
  M('SLC', 'Salt Lake City', '801', 2, 1.7, 28, 25, 10, 160, 0.002, 520_000, 82_000, 0.38, 1_350),
  M('COL', 'Columbus', '614', 2, 1.45, 24, 22, 7.5, 140, 0.004, 270_000, 68_000, 0.37, 1_150),
  M('IND', 'Indianapolis', '317', 2, 1.35, 23, 21, 7, 140, 0.005, 260_000, 65_000, 0.33, 1_100),
  M('KCM', 'Kansas City', '816', 2, 1.4, 24, 22, 7.5, 140, 0.005, 270_000, 70_000, 0.36, 1_150),
  M('BAL', 'Baltimore', '410', 2, 1.75, 26, 24, 9, 160, 0.005, 330_000, 78_000, 0.4, 1_350),
];

export interface ZipArea {
  zip: string;
  metro: Metro;
  kind: ZipKind;
  /** the research vendor's sub-market name */
  subMarket: string;
  county: string | null;
}

const Z = (zip: string, metroKey: string, kind: ZipKind, subMarket: string, county: string | null) => ({
  zip,
  metroKey,
  kind,
  subMarket,
  county,
});

const ZIP_LIST = [
  Z('10001', 'NYC', 'urban', 'Midtown South', 'New York County'),
  Z('11201', 'NYC', 'urban', 'Downtown Brooklyn', 'Kings County'),
  Z('11211', 'NYC', 'urban', 'Williamsburg', 'Kings County'),
  Z('11101', 'NYC', 'urban', 'Long Island City', 'Queens County'),
  Z('07105', 'NYC', 'industrial', 'Newark Ironbound', 'Essex County'),
  Z('90012', 'LAX', 'urban', 'Downtown Los Angeles', 'Los Angeles County'),
  Z('90028', 'LAX', 'urban', 'Hollywood', 'Los Angeles County'),
  Z('91101', 'LAX', 'suburban', 'Pasadena', 'Los Angeles County'),
  Z('90401', 'LAX', 'suburban', 'Santa Monica', 'Los Angeles County'),
  Z('90058', 'LAX', 'industrial', 'Vernon / Central LA', 'Los Angeles County'),
  Z('91761', 'LAX', 'industrial', 'Inland Empire West', 'San Bernardino County'),
  Z('60601', 'CHI', 'urban', 'The Loop', 'Cook County'),
  Z('60607', 'CHI', 'urban', 'West Loop', 'Cook County'),
  Z('60654', 'CHI', 'urban', 'River North', 'Cook County'),
  Z('60638', 'CHI', 'industrial', 'Midway / Bedford Park', 'Cook County'),
  Z('75201', 'DAL', 'urban', 'Uptown / Downtown Dallas', 'Dallas County'),
  Z('75024', 'DAL', 'suburban', 'Legacy / West Plano', 'Collin County'),
  Z('75050', 'DAL', 'industrial', 'Great Southwest', 'Dallas County'),
  Z('77002', 'HOU', 'urban', 'Downtown Houston', 'Harris County'),
  Z('77056', 'HOU', 'urban', 'Galleria / Uptown', 'Harris County'),
  Z('77479', 'HOU', 'suburban', 'Sugar Land', 'Fort Bend County'),
  Z('77032', 'HOU', 'industrial', 'North Houston / IAH', 'Harris County'),
  Z('78701', 'AUS', 'urban', 'Downtown Austin', 'Travis County'),
  Z('78704', 'AUS', 'urban', 'South Austin', 'Travis County'),
  Z('78759', 'AUS', 'suburban', 'Northwest Austin / Arboretum', 'Travis County'),
  Z('78744', 'AUS', 'industrial', 'Southeast Austin', 'Travis County'),
  Z('78205', 'SAT', 'urban', 'Downtown San Antonio', 'Bexar County'),
  Z('78219', 'SAT', 'industrial', 'East San Antonio', 'Bexar County'),
  Z('85004', 'PHX', 'urban', 'Downtown Phoenix', 'Maricopa County'),
  Z('85251', 'PHX', 'suburban', 'Old Town Scottsdale', 'Maricopa County'),
  Z('85286', 'PHX', 'suburban', 'Chandler', 'Maricopa County'),
  Z('85043', 'PHX', 'industrial', 'Southwest Phoenix', 'Maricopa County'),
  Z('30303', 'ATL', 'urban', 'Downtown Atlanta', 'Fulton County'),
  Z('30308', 'ATL', 'urban', 'Midtown Atlanta', 'Fulton County'),
  Z('30339', 'ATL', 'suburban', 'Cumberland / Galleria', 'Cobb County'),
  Z('30336', 'ATL', 'industrial', 'Fulton Industrial', 'Fulton County'),
  Z('33131', 'MIA', 'urban', 'Brickell', 'Miami-Dade County'),
  Z('33139', 'MIA', 'urban', 'Miami Beach', 'Miami-Dade County'),
  Z('33166', 'MIA', 'industrial', 'Medley / Airport West', 'Miami-Dade County'),
  Z('32801', 'ORL', 'urban', 'Downtown Orlando', 'Orange County'),
  Z('32824', 'ORL', 'industrial', 'South Orlando / Airport', 'Orange County'),
  Z('33602', 'TPA', 'urban', 'Downtown Tampa', 'Hillsborough County'),
  Z('33619', 'TPA', 'industrial', 'East Tampa', 'Hillsborough County'),
  Z('80202', 'DEN', 'urban', 'LoDo / Downtown Denver', 'Denver County'),
  Z('80112', 'DEN', 'suburban', 'Denver Tech Center', 'Arapahoe County'),
  Z('80216', 'DEN', 'industrial', 'North Denver / I-70', 'Denver County'),
  Z('98101', 'SEA', 'urban', 'Downtown Seattle', 'King County'),
  Z('98004', 'SEA', 'suburban', 'Bellevue CBD', 'King County'),
  Z('98108', 'SEA', 'industrial', 'Georgetown / SoDo', 'King County'),
  Z('94103', 'SFO', 'urban', 'SoMa', 'San Francisco County'),
  Z('94124', 'SFO', 'industrial', 'Bayview', 'San Francisco County'),
  Z('95113', 'SJC', 'urban', 'Downtown San Jose', 'Santa Clara County'),
  Z('02116', 'BOS', 'urban', 'Back Bay', 'Suffolk County'),
  Z('02139', 'BOS', 'urban', 'Cambridge', 'Middlesex County'),
  Z('20001', 'WDC', 'urban', 'NoMa / Shaw', 'District of Columbia'),
  Z('22201', 'WDC', 'suburban', 'Rosslyn-Ballston Corridor', 'Arlington County'),
  Z('19103', 'PHL', 'urban', 'Center City West', 'Philadelphia County'),
  Z('19153', 'PHL', 'industrial', 'Southwest Philadelphia / Airport', 'Philadelphia County'),
  Z('37203', 'NSH', 'urban', 'The Gulch / Midtown', 'Davidson County'),
  Z('37013', 'NSH', 'industrial', 'Antioch', 'Davidson County'),
  Z('28202', 'CLT', 'urban', 'Uptown Charlotte', 'Mecklenburg County'),
  Z('28273', 'CLT', 'industrial', 'Westinghouse / Southwest', 'Mecklenburg County'),
  Z('27601', 'RDU', 'urban', 'Downtown Raleigh', 'Wake County'),
  Z('55401', 'MSP', 'urban', 'Downtown Minneapolis', 'Hennepin County'),
  Z('97209', 'POR', 'urban', 'Pearl District', 'Multnomah County'),
  Z('92101', 'SDG', 'urban', 'Downtown San Diego', 'San Diego County'),
  Z('89101', 'LVS', 'urban', 'Downtown Las Vegas', 'Clark County'),
  Z('84101', 'SLC', 'urban', 'Downtown Salt Lake City', 'Salt Lake County'),
  Z('43215', 'COL', 'urban', 'Downtown Columbus', 'Franklin County'),
  Z('46204', 'IND', 'urban', 'Downtown Indianapolis', 'Marion County'),
  Z('46241', 'IND', 'industrial', 'Airport / West Indianapolis', 'Marion County'),
  Z('64105', 'KCM', 'urban', 'Downtown Kansas City', 'Jackson County'),
  Z('21202', 'BAL', 'urban', 'Downtown Baltimore', 'Baltimore City'),
  Z('21224', 'BAL', 'industrial', 'Canton / Highlandtown', 'Baltimore City'),
];

const METRO_BY_KEY = new Map(METROS.map((m) => [m.key, m]));

export const ZIP_AREAS: readonly ZipArea[] = ZIP_LIST.map((z) => ({
  zip: z.zip,
  metro: METRO_BY_KEY.get(z.metroKey)!,
  kind: z.kind,
  subMarket: z.subMarket,
  county: z.county,
}));

const ZIPS_BY_METRO = new Map<string, ZipArea[]>();
for (const area of ZIP_AREAS) {
  const list = ZIPS_BY_METRO.get(area.metro.key) ?? [];
  list.push(area);
  ZIPS_BY_METRO.set(area.metro.key, list);
}

export interface ZipCentroid {
  city: string;
  state: string;
  latitude: number;
  longitude: number;
}

const centroids = new Map<string, ZipCentroid>();

/** City, state and centroid of one of the list's ZIP codes (from the zipcodes package). */
export function zipCentroid(zip: string): ZipCentroid {
  let c = centroids.get(zip);
  if (!c) {
    const info = zipcodes.lookup(zip);
    if (!info) throw new Error(`demo portfolio: ZIP ${zip} is not in the zipcodes package`);
    c = { city: info.city, state: info.state, latitude: info.latitude, longitude: info.longitude };
    centroids.set(zip, c);
  }
  return c;
}

/** The metro's centroid: the mean of its listed ZIP centroids. */
export function metroCentroid(metro: Metro): { latitude: number; longitude: number } {
  const areas = ZIPS_BY_METRO.get(metro.key) ?? [];
  let lat = 0;
  let lng = 0;
  for (const a of areas) {
    const c = zipCentroid(a.zip);
    lat += c.latitude;
    lng += c.longitude;
  }
  return { latitude: round6(lat / areas.length), longitude: round6(lng / areas.length) };
}

export function pickMetro(rng: Rng): Metro {
  return rng.weighted(METROS.map((m) => [m, m.weight] as const));
}

/** A ZIP of the metro, preferring the kinds listed first (most of the time). */
export function pickZip(rng: Rng, metro: Metro, preferred: readonly ZipKind[]): ZipArea {
  const areas = ZIPS_BY_METRO.get(metro.key)!;
  if (rng.chance(0.85)) {
    for (const kind of preferred) {
      const matching = areas.filter((a) => a.kind === kind);
      if (matching.length > 0) return rng.pick(matching);
    }
  }
  return rng.pick(areas);
}

const URBAN_STREETS = [
  'Main St', 'Market St', 'Commerce St', 'Broadway', 'Elm St', 'Oak St', 'Pine St', 'Cedar St',
  'Walnut St', 'Chestnut St', 'Spring St', 'Church St', 'Center St', 'Union St', 'Franklin St',
  'Washington Ave', 'Jefferson St', 'Madison Ave', 'Lincoln Ave', 'Grand Ave', 'Central Ave',
  'Park Ave', 'Water St', 'Front St', 'Mill St', 'High St', 'Court St', 'State St', '1st St',
  '2nd St', '3rd St', '4th St', '5th St', '7th St', '9th St', '11th St', 'W 2nd St', 'E 6th St',
  'N Harbor Dr', 'S Main St', 'Monroe St', 'Adams St', 'Pearl St', 'Lafayette St',
];
const SUBURBAN_STREETS = [
  'Lakeview Dr', 'Parkway Blvd', 'Meadowbrook Dr', 'Ridgeview Rd', 'Willow Creek Dr', 'Oak Hollow Ln',
  'Town Center Blvd', 'Corporate Dr', 'Executive Pkwy', 'Legacy Dr', 'Summit Ave', 'Highland Ave',
  'Sunset Blvd', 'Magnolia Ave', 'Cypress Creek Pkwy', 'Riverside Dr', 'Stonebridge Dr',
  'Windsor Pkwy', 'Heritage Trl', 'Crossroads Blvd', 'Northpoint Pkwy', 'Research Blvd',
  'Campus Dr', 'Fairview Ave', 'Maple Ave', 'Forest Ave', 'Hillcrest Rd', 'Spring Valley Rd',
];
const INDUSTRIAL_STREETS = [
  'Industrial Blvd', 'Commerce Pkwy', 'Logistics Way', 'Distribution Dr', 'Freight Ln', 'Airport Rd',
  'Rail Yard Rd', 'Trade Center Dr', 'Port Rd', 'Enterprise Dr', 'Technology Dr', 'Gateway Blvd',
  'Manufacturers Rd', 'Foundry St', 'Terminal Way', 'Depot St', 'Cargo Rd', 'Interchange Pkwy',
  'Supply Ct', 'Warehouse Dr',
];

const STREETS: Record<ZipKind, readonly string[]> = {
  urban: URBAN_STREETS,
  suburban: SUBURBAN_STREETS,
  industrial: INDUSTRIAL_STREETS,
};
const NUMBER_RANGES: Record<ZipKind, readonly [number, number]> = {
  urban: [100, 2999],
  suburban: [1000, 9999],
  industrial: [1000, 19999],
};

export interface DemoAddress {
  fullAddress: string;
  placeId: string;
  lat: number;
  lng: number;
  zipCode: string;
  streetNumber: number;
  street: string;
  city: string;
  county: string | null;
  state: string;
  country: string;
  additionalFreeText: string | null;
}

function round6(value: number): number {
  return Number(value.toFixed(6));
}

/**
 * The offline place lookup's self-describing place id ("us:<zip5>:<address key with dashes>",
 * see gateway/place-lookup/offline-place-lookup.ts), so that a demo address typed into a create
 * resolves to the same place and is recognised as a duplicate. Re-stated here because the store
 * layer may not import the gateway.
 */
export function offlineStylePlaceId(zip5: string, key: string): string {
  return `us:${zip5}:${key.replace(/\s+/g, '-')}`;
}

export function addressOf(
  rng: Rng,
  area: ZipArea,
  streetNumber: number,
  street: string,
  additionalFreeText: string | null = null,
): DemoAddress & { addressKey: string } {
  const c = zipCentroid(area.zip);
  const key = addressKey({ streetNumber, street, city: c.city, state: c.state, zipCode: area.zip });
  return {
    fullAddress: `${streetNumber} ${street}, ${c.city}, ${c.state} ${area.zip}`,
    placeId: offlineStylePlaceId(area.zip, key),
    // A few hundred metres around the ZIP centroid.
    lat: round6(clamp(c.latitude + rng.float(-0.008, 0.008), -90, 90)),
    lng: round6(clamp(c.longitude + rng.float(-0.01, 0.01), -180, 180)),
    zipCode: area.zip,
    streetNumber,
    street,
    city: c.city,
    county: area.county,
    state: c.state,
    country: 'US',
    additionalFreeText,
    addressKey: key,
  };
}

/**
 * A street address in the ZIP that no earlier call of this allocator returned (by addressKey):
 * no two demo collaterals are at the same place.
 */
export class AddressAllocator {
  private readonly used = new Set<string>();

  take(rng: Rng, area: ZipArea, kind: ZipKind = area.kind): DemoAddress & { addressKey: string } {
    const [lo, hi] = NUMBER_RANGES[kind];
    for (let attempt = 0; ; attempt++) {
      // Addresses run out of a block only after thousands of properties per ZIP; widen then.
      const max = attempt < 50 ? hi : hi * 10;
      const number = rng.int(lo, max);
      const street = rng.pick(STREETS[kind]);
      const address = addressOf(rng, area, number, street);
      if (!this.used.has(address.addressKey)) {
        this.used.add(address.addressKey);
        return address;
      }
    }
  }
}

/** A street address for a person or a company office (not checked for uniqueness). */
export function anyAddress(rng: Rng, area: ZipArea, additionalFreeText: string | null = null): DemoAddress {
  const kind: ZipKind = area.kind === 'industrial' ? 'suburban' : area.kind;
  const [lo, hi] = NUMBER_RANGES[kind];
  const address: DemoAddress & { addressKey?: string } = addressOf(rng, area, rng.int(lo, hi), rng.pick(STREETS[kind]), additionalFreeText);
  delete address.addressKey;
  return address;
}

/** The street names used in ZIPs of this kind (for comparable sales nearby). */
export function streetsOf(kind: ZipKind): readonly string[] {
  return STREETS[kind];
}
