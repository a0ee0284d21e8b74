import type { EndpointName } from '../contract';
import type { StorePort } from '../store';
import { clientAccepts, type TokenClaims } from './tokens';

// getDealInfo's token check in one round trip, on an engine that offers it (PostgreSQL): the
// auth hook checks the token's signature and claims only, and the client check rides on the
// deal read's statement (StorePort.dealReadCheckingClient).

/** A store whose deal read can check a token's client in the same statement. */
export type ClientCheckingStore = StorePort & Required<Pick<StorePort, 'dealReadCheckingClient'>>;

/** The store, when its engine offers the one-statement check; else undefined (SQLite: no round trips to save). */
export function clientCheckingStore(store: StorePort): ClientCheckingStore | undefined {
  return store.dealReadCheckingClient ? (store as ClientCheckingStore) : undefined;
}

/** A route's own settings (Fastify's route config). */
export interface RouteConfig {
  /** The token's client is checked in the read's statement (PostgreSQL), not by the auth hook. */
  clientCheckInRead?: boolean;
}

/**
 * The reads whose client check joins the read's statement on PostgreSQL: getDealInfo, the API's
 * hottest read, whose only first store call is dealRead (a read: running it before the check
 * changes nothing, and nothing is answered before the check).
 */
export const CLIENT_CHECK_IN_READ = new Set<EndpointName>(['getDealInfo']);

export const REFUSED = Symbol('the token\'s client is gone');

/** Thrown by the checked dealRead when the client is refused: the handler stops there. */
class ClientRefused extends Error {}

/**
 * Runs `work` (a read handler) on a store whose dealRead also makes the token's client check
 * (StorePort.dealReadCheckingClient). If the read found no deal, or never called dealRead (a path
 * parameter refused before any read), the check is made on its own afterwards, as the auth hook
 * makes it; an error in the handler is answered only once the client is known to be good.
 * REFUSED: the client is gone (answer 401).
 */
export async function checkedRead(store: ClientCheckingStore, claims: TokenClaims, work: (store: StorePort) => Promise<unknown>): Promise<unknown> {
  let accepted: boolean | undefined;
  const readStore: StorePort = Object.create(store, {
    dealRead: {
      value: async (id: string, version: number) => {
        const { read, client } = await store.dealReadCheckingClient(id, version, claims.clientId);
        if (client !== undefined) accepted = clientAccepts(claims, client);
        if (accepted === false) throw new ClientRefused();
        return read;
      },
    },
  });
  const settle = async () => (accepted ??= clientAccepts(claims, await store.apiClientCreatedAt(claims.clientId)));
  let answer: unknown;
  try {
    answer = await work(readStore);
  } catch (error) {
    if (error instanceof ClientRefused) return REFUSED;
    if (!(await settle().catch(() => true))) return REFUSED;
    throw error;
  }
  return (await settle()) ? answer : REFUSED;
}
