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

/** The claims of a verified token, and the issuer (base URL) it was verified for. */
interface Verified extends TokenClaims {
  issuer: string;
  exp: number;
  nbf: number | undefined;
}

/** Verified tokens kept (a client holds one token at a time; a server sees few clients). */
const VERIFIED_KEPT = 256;

/** HS256 tokens whose key lives in the data directory, so tokens survive a restart. */
/** `baseUrl` is read per call: with --port 0 it is known only once the server listens. */
export async function createTokenService(store: StorePort, baseUrl: () => string, lifetimeSeconds = TOKEN_LIFETIME_SECONDS): Promise<TokenService> {
  // Stored only if none is (never overwritten), then read back: several servers starting
  // together on one database end up with the same key, whichever stored it.
  const encoded = await store.settingOrInsert<string>(KEY_SETTING, randomBytes(32).toString('base64url'));
  // Imported once: given raw bytes, jose imports the key again on every sign and verify.
  const key = crypto.subtle.importKey('raw', Buffer.from(encoded, 'base64url'), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  const audience = () => `${baseUrl()}/api/`;
  // Tokens whose signature and claims were verified, oldest first. Every API request carries
  // its token, and the HMAC check through WebCrypto (a job on the thread pool) cost about a
  // sixth of the server's CPU on a sync's single reads (bench row sync-pull): a token seen
  // before is not checked again while it lasts.
  const verified = new Map<string, Verified>();
  const verifyClaims = async (token: string): Promise<TokenClaims | null> => {
    const now = Math.floor(Date.now() / 1000);
    const issuer = baseUrl();
    const kept = verified.get(token);
    // A token verified before stays valid until its expiry (and from its nbf), as jose judges
    // them (no clock tolerance), for the same issuer.
    if (kept && kept.issuer === issuer && kept.exp > now && (kept.nbf === undefined || kept.nbf <= now)) return kept;
    if (kept) verified.delete(token);
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, await key, {
        issuer,
        audience: audience(),
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'iat', 'sub'],
      }));
    } catch {
      return null;
    }
    const claims: Verified = { clientId: payload.sub!, issuedAt: payload.iat!, issuer, exp: payload.exp!, nbf: payload.nbf };
    if (verified.size >= VERIFIED_KEPT) verified.delete(verified.keys().next().value!);
    verified.set(token, claims);
    return claims;
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
      // Only the signature and claims are kept: the client's existence is asked on every request.
      const claims = await verifyClaims(token);
      if (!claims) return null;
      return clientAccepts(claims, await store.apiClientCreatedAt(claims.clientId)) ? claims.clientId : null;
    },
  };
}
