import { AssetType, assetTypeOf, IMPORT_COLUMNS, importHeaderKey, label, type ImportCollateralItemDto, type ImportColumnKey } from '../../../src-main/contract';

/**
 * The fields of an import item a file column can fill: the contract's import columns (the same
 * list the template and the list of columns show), each under its header as the label and what
 * it expects as the hint.
 */
export const IMPORT_TARGETS = IMPORT_COLUMNS.map((c) => ({ key: c.key, label: c.header, hint: c.expects, aliases: c.aliases }));

export type ImportTarget = ImportColumnKey;
/** target -> index of the file column (null: not mapped). */
export type Mapping = Record<ImportTarget, number | null>;

/**
 * A first mapping from the headers' names: a header equal to a column's own name (the template's
 * "Valuation amount") or to one of its aliases, ignoring case, spaces and punctuation. Each file
 * column is used at most once; a column's own name wins over another column's alias.
 */
export function guessMapping(headers: readonly string[]): Mapping {
  const keys = headers.map(importHeaderKey);
  const used = new Set<number>();
  const mapping = {} as Mapping;
  for (const target of IMPORT_TARGETS) {
    const index = keys.findIndex((k) => k === importHeaderKey(target.label));
    mapping[target.key] = index >= 0 ? index : null;
    if (index >= 0) used.add(index);
  }
  for (const target of IMPORT_TARGETS) {
    if (mapping[target.key] !== null) continue;
    const index = keys.findIndex((k, i) => !used.has(i) && (target.aliases as readonly string[]).includes(k));
    mapping[target.key] = index >= 0 ? index : null;
    if (index >= 0) used.add(index);
  }
  return mapping;
}

/**
 * The one-line address of a row: the address cell, then City, then "State ZIP", joined with
 * commas ("100 Main St, Springfield, IL 62701"); parts left empty are left out. Empty when all are.
 */
export function assembleAddress(parts: { street: string; city: string; state: string; zip: string }): string {
  const region = [parts.state, parts.zip].filter(Boolean).join(' ');
  return [parts.street, parts.city, region].filter(Boolean).join(', ');
}

export interface RowProblem {
  row: number;
  field: string;
  message: string;
}

/** What a file may name a deal by. */
export interface DealRef {
  id: string;
  loanId: string | null;
  seedName: string;
}

export type DealMatch = { deal: DealRef } | { problem: 'unknown' | 'ambiguous'; candidates: DealRef[] };
export type DealResolver = (reference: string) => DealMatch;

/** A deal as a person reads it: its name and loan id. */
export function dealLabel(deal: DealRef): string {
  return deal.loanId ? `${deal.seedName} (${deal.loanId})` : deal.seedName;
}

/**
 * Finds the deal a file's cell names: its id exactly, else its loan id or its name, exact but
 * case-insensitive. A loan id or name that several deals share is ambiguous: the match lists
 * them, and the row cannot be imported until the file names one of them by a unique value.
 */
export function dealResolver(deals: readonly DealRef[]): DealResolver {
  const byId = new Map(deals.map((d) => [d.id, d]));
  const byKey = new Map<string, Set<DealRef>>();
  const index = (key: string | null, deal: DealRef) => {
    const k = key?.trim().toLowerCase();
    if (!k) return;
    let set = byKey.get(k);
    if (!set) byKey.set(k, (set = new Set()));
    set.add(deal);
  };
  for (const deal of deals) {
    index(deal.loanId, deal);
    index(deal.seedName, deal);
  }
  return (reference) => {
    const exact = byId.get(reference);
    if (exact) return { deal: exact };
    const candidates = [...(byKey.get(reference.trim().toLowerCase()) ?? [])];
    if (candidates.length === 1) return { deal: candidates[0]! };
    return { problem: candidates.length === 0 ? 'unknown' : 'ambiguous', candidates };
  };
}

/** The references of a deal cell ("A; B | C"): each named deal, trimmed. */
function referencesOf(cell: string): string[] {
  return cell
    .split(/[;|]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * Every distinct deal reference the mapped rows hold (and the default deal's id): what the
 * screen asks the main process to find (import.findDeals), instead of reading every deal.
 */
export function dealReferences(rows: readonly string[][], mapping: Mapping, defaultDealId: string | null): string[] {
  const found = new Set<string>(defaultDealId ? [defaultDealId] : []);
  const index = mapping.dealIds;
  if (index !== null) for (const row of rows) for (const reference of referencesOf((row[index] ?? '').trim())) found.add(reference);
  return [...found].sort();
}

/** A deal reference that cannot be imported, in words. */
function dealProblem(reference: string, match: Exclude<DealMatch, { deal: DealRef }>): string {
  if (match.problem === 'unknown') return `No deal has the id, loan id or name "${reference}".`;
  return `"${reference}" names ${match.candidates.length} deals: ${match.candidates.map(dealLabel).join('; ')}. Use the loan id or the deal id.`;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The import request for the mapped rows, and what is wrong with them before sending: what the
 * request's schema would refuse outright, and deals that `resolve` cannot find or that are
 * ambiguous (the core's own checks come back in the report). Each deal reference becomes the
 * deal's id.
 */
export function buildImportItems(
  rows: readonly string[][],
  mapping: Mapping,
  defaultDealId: string | null,
  resolve: DealResolver,
): { items: ImportCollateralItemDto[]; problems: RowProblem[] } {
  const problems: RowProblem[] = [];
  const items = rows.map((row, i) => {
    const cell = (key: ImportTarget) => {
      const index = mapping[key];
      return index === null ? '' : (row[index] ?? '').trim();
    };
    const rowNumber = i + 2; // 1-based, after the header line
    const dealIds = referencesOf(cell('dealIds') || defaultDealId || '').map((reference) => {
      const match = resolve(reference);
      if ('deal' in match) return match.deal.id;
      problems.push({ row: rowNumber, field: 'Deals', message: dealProblem(reference, match) });
      return reference;
    });
    const propertyType = cell('propertyType');
    const assetType = propertyType ? assetTypeOf(propertyType) : null;
    if (propertyType && assetType === null) {
      problems.push({
        row: rowNumber,
        field: 'Property type',
        message: `"${propertyType}" is not a property type: use one of ${AssetType.options.map((t) => label(t)).join(', ')}.`,
      });
    }
    const collateral: ImportCollateralItemDto['collateralCreateData'] = { dealIds };
    if (cell('name')) collateral.name = cell('name');
    if (assetType !== null) collateral.propertyType = assetType;
    if (cell('subType')) collateral.subType = cell('subType');
    if (cell('subStatus')) collateral.subStatus = cell('subStatus');
    if (cell('description')) collateral.description = cell('description');
    const fullAddress = assembleAddress({ street: cell('fullAddress'), city: cell('city'), state: cell('usState'), zip: cell('zipCode') });
    if (fullAddress || cell('additionalFreeText')) {
      collateral.address = {
        ...(fullAddress ? { fullAddress } : {}),
        ...(cell('additionalFreeText') ? { additionalFreeText: cell('additionalFreeText') } : {}),
      };
    }
    const item: ImportCollateralItemDto = { clientItemId: cell('clientItemId') || `row-${rowNumber}`, collateralCreateData: collateral };
    if (cell('migrationReference')) item.migrationReference = cell('migrationReference');
    const hasValuation = (['valuationName', 'valuation', 'valuationDescription', 'asOfDate', 'valueBasis'] as const).some((k) => mapping[k] !== null && cell(k) !== '');
    if (hasValuation) {
      const valuation: NonNullable<ImportCollateralItemDto['alternativeValuationCreateData']> = {};
      if (cell('valuationName')) valuation.name = cell('valuationName');
      if (cell('valuation')) {
        const n = Number(cell('valuation').replace(/[,$\s]/g, ''));
        if (Number.isFinite(n)) valuation.valuation = n;
        else problems.push({ row: rowNumber, field: 'Valuation amount', message: `"${cell('valuation')}" is not a number.` });
      }
      if (cell('valuationDescription')) valuation.description = cell('valuationDescription');
      if (cell('asOfDate')) {
        if (ISO_DATE.test(cell('asOfDate'))) valuation.asOfDate = cell('asOfDate');
        else problems.push({ row: rowNumber, field: 'Valuation as of', message: `"${cell('asOfDate')}" is not a date (YYYY-MM-DD).` });
      }
      if (cell('valueBasis')) valuation.valueBasis = cell('valueBasis');
      item.alternativeValuationCreateData = valuation;
    }
    return item;
  });
  const seen = new Map<string, number>();
  items.forEach((item, i) => {
    const first = seen.get(item.clientItemId);
    if (first !== undefined) problems.push({ row: i + 2, field: 'Client item id', message: `"${item.clientItemId}" is also used on row ${first}.` });
    else seen.set(item.clientItemId, i + 2);
  });
  return { items, problems };
}

/** The import request's field paths, as the columns of the file that fill them. */
const FIELD_COLUMNS: Record<string, string> = {
  'collateralCreateData.dealIds': 'Deals',
  'collateralCreateData.name': 'Collateral name',
  'collateralCreateData.subType': 'Sub-type',
  'collateralCreateData.subStatus': 'Sub-status',
  'collateralCreateData.description': 'Description',
  'collateralCreateData.propertyType': 'Property type',
  'collateralCreateData.address': 'Address',
  'alternativeValuationCreateData.name': 'Valuation name',
  'alternativeValuationCreateData.valuation': 'Valuation amount',
  'alternativeValuationCreateData.description': 'Valuation description',
  'alternativeValuationCreateData.asOfDate': 'Valuation as of',
  'alternativeValuationCreateData.valueBasis': 'Value basis',
  migrationReference: 'Migration reference',
  clientItemId: 'Client item id',
};

/**
 * An import report's message in the file's words: the request's field paths
 * ("collateralCreateData.subType must be one of ...") become the columns that fill them
 * ("Sub-type must be one of ..."); an address's own parts (".fullAddress") and list
 * positions ("[0]") go with them.
 */
export function reportMessage(message: string): string {
  return message.replace(/\b((?:collateralCreateData|alternativeValuationCreateData)\.\w+)(?:\.\w+|\[\d+\])*/g, (whole, path: string) => FIELD_COLUMNS[path] ?? whole);
}
