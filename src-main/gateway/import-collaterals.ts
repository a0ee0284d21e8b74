import { randomUUID } from 'node:crypto';
import {
  ImportCollateralsRequestDto,
  type ImportErrorDto,
  type ImportReportResponseDto,
  type ImportResponseDto,
} from '../contract';
import type { GatewayContext } from './context';
import { isBlank, itemError } from './import-items';
import { enqueueImport } from './import-queue';
import { missingEntity, ok, type Failure } from './result';
import { parseBody } from './validation';

export { resumePendingImports } from './import-queue';

/** A failed import call: the envelope, its error naming the item when there is one. */
interface ImportFailure {
  success: false;
  error: ImportErrorDto;
}

const ITEM_PATH = /^collaterals\.(\d+)\.(.+)$/;

/** Adds the import error fields (fieldName, clientItemId, ...) to a shape error about one item. */
function withItemFields(error: Failure['error'], body: unknown): ImportErrorDto {
  const match = ITEM_PATH.exec(error.target);
  if (!match) return error;
  const items = (body as { collaterals?: unknown }).collaterals;
  const item = Array.isArray(items) ? (items[Number(match[1])] as Record<string, unknown> | undefined) : undefined;
  const clientItemId = item && typeof item === 'object' && typeof item.clientItemId === 'string' ? item.clientItemId : null;
  return { ...error, entityId: null, fieldName: match[2], clientItemId, bulkOperationType: 'Create' };
}

/** Checks the request takes no async look-up to refuse: the shape, and clientItemId usable as a key. */
function checkClientItemIds(request: ImportCollateralsRequestDto): ImportErrorDto | null {
  const seen = new Set<string>();
  for (const [index, item] of request.collaterals.entries()) {
    if (isBlank(item.clientItemId)) {
      return itemError(index, item, 'clientItemId', 'MissingMandatoryField', 'clientItemId must not be blank: it names the item in the import report.');
    }
    if (seen.has(item.clientItemId)) {
      return itemError(index, item, 'clientItemId', 'ValidationError', `clientItemId ${item.clientItemId} is used by more than one item of the request.`);
    }
    seen.add(item.clientItemId);
  }
  return null;
}

/**
 * Accepts an import: the shape is checked at once, then the request is stored as a Pending report
 * and the call answers its id. The checks the spec marks "checked asynchronously" and the writes
 * run afterwards in the import queue; their results are read with getImportReport.
 */
export async function importCollaterals(ctx: GatewayContext, body: unknown): Promise<ImportResponseDto | ImportFailure> {
  const parsed = parseBody(ImportCollateralsRequestDto, body);
  if (!parsed.ok) return { success: false, error: withItemFields(parsed.failure.error, body) };
  const request = parsed.value;
  const refused = checkClientItemIds(request);
  if (refused) return { success: false, error: refused };
  const reportId = randomUUID();
  await ctx.store.insertImportReport({ id: reportId, request, now: ctx.now().toISOString() });
  enqueueImport(ctx, reportId);
  return ok({ reportId });
}

/** The report of an import: Pending until every item has been checked, then Completed. */
export async function getImportReport(ctx: GatewayContext, reportId: string): Promise<ImportReportResponseDto | Failure> {
  const report = await ctx.store.importReport(reportId);
  if (!report) return missingEntity('reportId', 'import report');
  // Stored entries carry the index of their request item (the progress log); the DTO does not.
  const byItem = <T extends { itemIndex: number }>(a: T, b: T) => a.itemIndex - b.itemIndex;
  return ok({
    reportId: report.id,
    status: report.status,
    createdEntities: [...report.createdEntities].sort(byItem).map(({ itemIndex: _, ...entity }) => entity),
    errors: [...report.errors].sort(byItem).map(({ itemIndex: _, ...error }) => error),
  });
}
