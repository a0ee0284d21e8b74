import { z } from 'zod';

/*
 * What the channel files share: the id and empty inputs, and the success body of a gateway
 * answer as a channel returns it (the envelope's failure becomes a failed InvokeResult).
 */

export const Id = z.string().min(1).max(200);
export const Empty = z.object({}).strict();
export const byId = z.object({ id: Id }).strict();
export const byDealId = z.object({ dealId: Id }).strict();

/** The gateway's success body, without the envelope (errors come back as failed InvokeResults). */
export type Body<T> = Omit<T, 'success' | 'error'>;
