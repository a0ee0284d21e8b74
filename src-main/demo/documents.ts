// The files of a deal: photos, the appraisal, the environmental report, a request or term
// sheet, and (written by the collateral) rent rolls and operating statements.

import type { DemoContext, DemoState } from './book';
import { addDays, timestamp, yearOf } from './calendar';
import type { Rng } from './random';

const CONTENT_TYPES = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  jpg: 'image/jpeg',
} as const;

export function addFile(ctx: DemoContext, rng: Rng, dealId: string, name: string, kind: keyof typeof CONTENT_TYPES, size: readonly [number, number], date: string): string {
  const { ids, out } = ctx;
  const id = ids.next();
  out.files.push({
    id,
    dealId,
    name,
    contentType: CONTENT_TYPES[kind],
    size: rng.int(size[0], size[1]),
    createdAt: timestamp(date, rng.int(8, 18), rng.int(0, 59)),
    updatedAt: timestamp(date, 19, 0),
  });
  return id;
}

/** The deal's own documents, as rows; answers the exterior photo's id (the deal's main image). */
export function addDealDocuments(ctx: DemoContext, rng: Rng, dealId: string, state: DemoState, pipeline: boolean, createdDate: string): string {
  const { asOf } = ctx;
  const photoId = addFile(ctx, rng, dealId, 'exterior-photo.jpg', 'jpg', [1_200_000, 6_500_000], createdDate);
  if (rng.chance(0.3)) addFile(ctx, rng, dealId, 'aerial-photo.jpg', 'jpg', [2_000_000, 9_000_000], createdDate);
  if (!pipeline || state === 'Prep' || rng.chance(0.5)) {
    addFile(ctx, rng, dealId, `appraisal-${yearOf(createdDate)}.pdf`, 'pdf', [3_000_000, 18_000_000], addDays(createdDate, 20) > asOf ? asOf : addDays(createdDate, 20));
  }
  if (rng.chance(0.5)) addFile(ctx, rng, dealId, 'phase-i-environmental-site-assessment.pdf', 'pdf', [2_000_000, 9_000_000], createdDate);
  if (pipeline) addFile(ctx, rng, dealId, state === 'NewDeal' ? 'loan-request.pdf' : 'term-sheet.pdf', 'pdf', [90_000, 600_000], createdDate);
  return photoId;
}
