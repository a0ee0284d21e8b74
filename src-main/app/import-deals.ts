import type { GatewayContext } from '../gateway';
import { dealsNamed, workstationDb } from '../store';

/*
 * The deals an import file names (issue 17): the import screen sends the distinct deal
 * references of the file's rows and gets back only the deals they may mean (by id, loan id or
 * name), instead of reading every deal of the book (deals.pipeline). It then resolves each row,
 * and names the ambiguous ones, as before.
 */

export function importDealChannels(ctx: GatewayContext) {
  return {
    'import.findDeals': async ({ references }: { references: string[] }) => ({ deals: dealsNamed(workstationDb(ctx.store), references) }),
  };
}
