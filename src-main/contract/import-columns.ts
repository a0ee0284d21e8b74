import { AssetType } from './enums';
import { label } from './format';

/*
 * The columns a collateral import file may have: the import screen's column mapping, the list of
 * columns it shows, and the template file a user downloads all read this one list. `header` is
 * the column's name in the template (and a file with that header is mapped to it on its own);
 * `aliases` are other headers mapped to it, compared without case, spaces or punctuation.
 */

export interface ImportColumn {
  key: string;
  /** The column's name in the template and on the screen. */
  header: string;
  /** What a cell of the column holds, in words. */
  expects: string;
  /** The template's example value. */
  example: string;
  aliases: readonly string[];
}

export const IMPORT_COLUMNS = [
  {
    key: 'clientItemId',
    header: 'Client item id',
    expects: 'Your own reference of the row, shown in the import report; the row number when left out. Each row its own.',
    example: 'row-1',
    aliases: ['clientitemid', 'itemid', 'id', 'ref', 'rowid'],
  },
  {
    key: 'migrationReference',
    header: 'Migration reference',
    expects: "The collateral's id in the system it comes from: a row whose reference was imported before is not imported twice.",
    example: 'LEGACY-000123',
    aliases: ['migrationreference', 'migrationref', 'externalid', 'legacyid'],
  },
  {
    key: 'dealIds',
    header: 'Deals',
    expects: "The deal the collateral belongs to: its loan id, its name or its deal id; several separated by ; or |. Rows without one take the deal chosen on the screen.",
    example: 'LN-2026-00042',
    aliases: ['dealids', 'dealid', 'deal', 'deals', 'loanid', 'loanids', 'loan', 'dealname', 'dealnames'],
  },
  { key: 'name', header: 'Collateral name', expects: 'The name of the property.', example: 'Riverside Apartments', aliases: ['name', 'collateralname', 'collateral', 'property', 'propertyname'] },
  {
    key: 'propertyType',
    header: 'Property type',
    expects: `One of: ${AssetType.options.map((t) => label(t)).join(', ')} (as the app writes them, or as Multi_Family_Apartments).`,
    example: label('Multi_Family_Apartments'),
    aliases: ['propertytype', 'assettype', 'type'],
  },
  { key: 'subType', header: 'Sub-type', expects: "One of the sub-types configured for the property type (the system configuration's list).", example: '', aliases: ['subtype'] },
  { key: 'subStatus', header: 'Sub-status', expects: 'Free text.', example: '', aliases: ['substatus', 'status'] },
  { key: 'description', header: 'Description', expects: 'Free text.', example: 'Garden-style, 120 units', aliases: ['description', 'notes', 'comment'] },
  {
    key: 'fullAddress',
    header: 'Address',
    expects: 'The street address, or the whole address on one line ("100 Main St, Springfield, IL 62701"). City, State and ZIP, when given, are added to it.',
    example: '100 Congress Ave',
    aliases: ['fulladdress', 'address', 'streetaddress', 'street', 'address1', 'addressline1'],
  },
  { key: 'city', header: 'City', expects: 'The city, added to the address.', example: 'Austin', aliases: ['city', 'town'] },
  { key: 'usState', header: 'State', expects: 'The US state, two letters (TX), added to the address.', example: 'TX', aliases: ['state', 'usstate', 'st', 'province'] },
  { key: 'zipCode', header: 'ZIP', expects: 'The ZIP code (78701), added to the address.', example: '78701', aliases: ['zip', 'zipcode', 'postalcode', 'postcode'] },
  { key: 'additionalFreeText', header: 'Suite / unit', expects: 'Suite or unit, kept beside the address.', example: '', aliases: ['additionalfreetext', 'suite', 'unit', 'address2', 'addressline2'] },
  { key: 'valuationName', header: 'Valuation name', expects: 'The name of an alternative valuation to add (an appraisal, a broker opinion).', example: 'Broker opinion of value', aliases: ['valuationname', 'appraisal', 'appraisalname'] },
  { key: 'valuation', header: 'Valuation amount', expects: 'US dollars, greater than 0 ($ and thousands separators allowed).', example: '18500000', aliases: ['valuation', 'value', 'amount', 'appraisedvalue'] },
  { key: 'valuationDescription', header: 'Valuation description', expects: 'Free text.', example: '', aliases: ['valuationdescription'] },
  { key: 'asOfDate', header: 'Valuation as of', expects: 'The valuation date, YYYY-MM-DD.', example: '2026-10-01', aliases: ['asofdate', 'asof', 'valuationdate', 'date'] },
  { key: 'valueBasis', header: 'Value basis', expects: "One of the value bases configured (the system configuration's list), e.g. As Is.", example: 'As Is', aliases: ['valuebasis', 'basis'] },
] as const satisfies readonly ImportColumn[];

export type ImportColumnKey = (typeof IMPORT_COLUMNS)[number]['key'];

/** A header as compared with the columns' names: lower case, letters and digits only. */
export function importHeaderKey(header: string): string {
  return header.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/**
 * The asset type a cell names: the enum name (Multi_Family_Apartments) or the app's label
 * (Multi Family Apartments), ignoring case, spaces and punctuation; null when it names none.
 */
export function assetTypeOf(text: string): AssetType | null {
  const key = importHeaderKey(text);
  if (key === '') return null;
  return AssetType.options.find((t) => importHeaderKey(t) === key) ?? null;
}
