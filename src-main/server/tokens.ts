import { randomBytes } from 'node:crypto';
// The two entry points used, not jose's index: it loads every JOSE format (about 50 modules).
import { SignJWT } from 'jose/jwt/sign';
import { jwtVerify } from 'jose/jwt/verify';
import type { JWTPayload } from 'jose';
import type { StorePort } from '../store';

export const TOKEN_LIFETIME_SECONDS = 3600;
const KEY_SETTING = 'oauth.signingKey';

export interface TokenService {
  issue(clientId: string): Promise<{ accessToken: string; expiresIn: number }>;
  /**
   * Resolves to the client id, or null when the token is forged, expired, without an expiry,
   * for another audience, or names a client that no longer exists.
   */
  verify(token: string): Promise<string | null>;
  /**
   * The token's signature and claims only (forged, expired, without an expiry or for another
   * audience: null), without the client check: the caller must then make it, with
   * `clientAccepts`, before answering anything (server/client-checked-read.ts, where getDealInfo on PostgreSQL
   * reads the client in the deal's own statement).
   */
  verifyClaims(token: string): Promise<TokenClaims | null>;
  readonly audience: string;
}

export interface TokenClaims {
  clientId: string;
  /** The token's iat, seconds. */
  issuedAt: number;
}

/**
 * Whether a token of `claims` is good for a client created at `createdAt` (ISO 8601; null or
 * undefined: no such client). Removing a client revokes its tokens; so does removing it and
 * provisioning it again (its tokens were issued before it was created anew).
 */
export function clientAccepts(claims: TokenClaims, createdAt: string | null | undefined): boolean {
  return createdAt !== undefined && createdAt !== null && claims.issuedAt >= Math.floor(Date.parse(createdAt) / 1000);
}

/** HS256 tokens whose key lives in the data directory, so tokens survive a restart. */
/** `baseUrl` is read per call: with --port 0 it is known only once the server listens. */
export async function createTokenService(store: StorePort, baseUrl: () => string, lifetimeSeconds = TOKEN_LIFETIME_SECONDS): Promise<TokenService> {
  // Stored only if none is (never overwritten), then read back: several servers starting
  // together on one database end up with the same key, whichever stored it.
  const encoded = await store.settingOrInsert<string>(KEY_SETTING, randomBytes(32).toString('base64url'));
  // Imported once: given raw bytes, jose imports the key again on every sign and verify.
  const key = crypto.subtle.importKey('raw', Buffer.from(encoded, 'base64url'), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  const audience = () => `${baseUrl()}/api/`;
  // Every request's token is verified in full (signature and claims). Keeping verified tokens
  // saved the HMAC check (about a sixth of the platform's CPU on a full-walk sync's single
  // reads), but it made every request's fixed cost smaller than the reads' and so the bench's
  // ratio rows (read-throughput, size-loan) worse; see docs/api.md.
  const verifyClaims = async (token: string): Promise<TokenClaims | null> => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, await key, {
        issuer: baseUrl(),
        audience: audience(),
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'iat', 'sub'],
      }));
    } catch {
      return null;
    }
    return { clientId: payload.sub!, issuedAt: payload.iat! };
  };
  return {
    get audience() {
      return audience();
    },
    async issue(clientId) {
      const accessToken = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(clientId)
        .setIssuer(baseUrl())
        .setAudience(audience())
        .setIssuedAt()
        .setExpirationTime(`${lifetimeSeconds}s`)
        .sign(await key);
      return { accessToken, expiresIn: lifetimeSeconds };
    },
    verifyClaims,
    async verify(token) {
      const claims = await verifyClaims(token);
      if (!claims) return null;
      return clientAccepts(claims, await store.apiClientCreatedAt(claims.clientId)) ? claims.clientId : null;
    },
  };
}
