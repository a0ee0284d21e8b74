import type { CollateralCashFlowResponseDto, RevenueValuationDto } from '../contract';
import type { AlternativeValuationRow, RevenueValuationRow } from '../store';

// One mapping per valuation shape, both directions, for what a valuation's read shows as stored:
// the reads turn rows into the DTOs, the sync client's working copy turns the platform's DTOs
// back into rows (docs/sync.md). What the read shows only through a figure (the cash flow, the
// reversion) is computed by the reads and solved back by the sync client, not mapped here.

type AlternativeValuationDto = CollateralCashFlowResponseDto['alternativeValuations'][number];

const LABELS = [
  'name',
  'capRate',
  'expensesSourceId',
  'comment',
  'parentId',
  'descriptor',
  'startDate',
  'endDate',
  'revenueSource',
  'capRateSource',
  'vacancySource',
  'archive',
] as const satisfies readonly (keyof RevenueValuationRow & keyof RevenueValuationDto)[];
type Labels = Pick<RevenueValuationRow, (typeof LABELS)[number]>;

function pickLabels(from: Labels): Labels {
  return Object.fromEntries(LABELS.map((key) => [key, from[key]])) as Labels;
}

/** A revenue valuation's stored labels as its DTO shows them (a row without a type: by its kind). */
export function revenueValuationLabelsDto(v: RevenueValuationRow): Labels & Pick<RevenueValuationDto, 'valuationsInfoId' | 'userValuationType'> {
  return { ...pickLabels(v), valuationsInfoId: v.id, userValuationType: v.userValuationType ?? (v.isMarket ? 'Market' : 'Underwritten') };
}

/** The same labels back as the row's columns. */
export function revenueValuationLabelColumns(v: RevenueValuationDto): Labels & Pick<RevenueValuationRow, 'id' | 'userValuationType'> {
  return { ...pickLabels(v), id: v.valuationsInfoId, userValuationType: v.userValuationType };
}

export function alternativeValuationDto(a: AlternativeValuationRow): AlternativeValuationDto {
  return {
    name: a.name,
    valuationsInfoId: a.id,
    description: a.description,
    parentId: a.parentId,
    descriptor: a.descriptor,
    valuation: a.valuation,
    asOfDate: a.asOfDate,
  };
}

/** valueBasis is not in the read: the working copy keeps its own (docs/sync.md). */
export function alternativeValuationColumns(a: AlternativeValuationDto, collateralId: string, isMain: boolean): Omit<AlternativeValuationRow, 'createdAt' | 'updatedAt' | 'valueBasis'> {
  return {
    id: a.valuationsInfoId,
    collateralId,
    isMain,
    name: a.name,
    description: a.description,
    parentId: a.parentId,
    descriptor: a.descriptor,
    valuation: a.valuation,
    asOfDate: a.asOfDate,
  };
}
