import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { parse as parseCookies, serialize as serializeCookie } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BRIDGE_PATH_PREFIX, SESSION_HEADER } from '../contract';

/*
 * Who may talk to the web mode (the page, its assets and the bridge).
 *
 * - Host: the name the browser asked for must be one this server goes by (an IP address,
 *   localhost, the address it was told to bind, the host of its public URL). A page of another
 *   site whose name was pointed at 127.0.0.1 (DNS rebinding) names its own host and is refused.
 * - Origin: a request a page makes says where that page came from; it must be this very origin
 *   (scheme, host and port), so a page on another port of the same machine, which the browser
 *   counts as the same site, is refused too. Sec-Fetch-Site says the same thing on the requests
 *   that carry no Origin.
 * - Session: the per-launch secret, from the SESSION_HEADER header (tools, tests) or from the
 *   session cookie, which the link `uw serve --web` prints sets: HttpOnly (no script reads it),
 *   SameSite=Strict (no other site's page makes the browser send it), Path=/bridge (sent only
 *   to the bridge), one name per port (two servers on one machine keep their own). So every
 *   tab of the browser that opened the link reaches the bridge, a deal pasted into a new tab
 *   included, and the secret leaves the address bar at once.
 */

export interface WebOriginPolicy {
  /** Host names besides IP addresses and localhost (lower case, without port). */
  hosts: ReadonlySet<string>;
}

/** The policy for a server bound to `host` and reached through `publicUrl` (when given). */
export function webOriginPolicy(host: string, publicUrl?: string): WebOriginPolicy {
  const hosts = new Set(['localhost', host.toLowerCase().replace(/^\[|\]$/g, '')]);
  if (publicUrl && URL.canParse(publicUrl)) hosts.add(new URL(publicUrl).hostname.toLowerCase().replace(/^\[|\]$/g, ''));
  return { hosts };
}

/** The host name of a Host header (without port or IPv6 brackets), or null when it is not one. */
function hostName(header: string | undefined): string | null {
  if (!header || !URL.canParse(`http://${header}`)) return null;
  const url = new URL(`http://${header}`);
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return null;
  return url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
}

/** Whether a Host header names this server. */
export function isAllowedHost(header: string | undefined, policy: WebOriginPolicy): boolean {
  const name = hostName(header);
  return name !== null && (isIP(name) !== 0 || name.endsWith('.localhost') || policy.hosts.has(name));
}

/**
 * Why a request may not use the web mode, or null when it may: a Host this server does not go
 * by, or (unless `hostOnly`) a page of another origin (Origin, else Sec-Fetch-Site).
 */
export function foreignRequest(request: FastifyRequest, policy: WebOriginPolicy, hostOnly = false): string | null {
  const host = request.headers.host;
  if (!isAllowedHost(host, policy)) return 'This server does not answer to that host name.';
  if (hostOnly) return null;
  const origin = request.headers.origin;
  if (origin !== undefined) {
    const same = URL.canParse(origin) && new URL(origin).host.toLowerCase() === host!.toLowerCase();
    if (!same) return 'Pages of another origin may not call the workstation.';
  }
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return 'Pages of another origin may not call the workstation.';
  return null;
}

/** Refuses a foreign request (403) and says so; false when the request may go on. */
export function refuseForeign(request: FastifyRequest, reply: FastifyReply, policy: WebOriginPolicy, hostOnly = false): boolean {
  const reason = foreignRequest(request, policy, hostOnly);
  if (reason === null) return false;
  void reply.code(403).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(reason);
  return true;
}

/** The session cookie's name for the port this server listens on. */
export function sessionCookieName(request: FastifyRequest): string {
  return `uw-session-${request.socket.localPort ?? 0}`;
}

/** The session a request presents: its SESSION_HEADER header, else its session cookie. */
export function presentedSession(request: FastifyRequest): unknown {
  const header = request.headers[SESSION_HEADER];
  if (header !== undefined) return header;
  const cookies = request.headers.cookie;
  return cookies ? parseCookies(cookies)[sessionCookieName(request)] : undefined;
}

/** The Set-Cookie header that keeps the session for the bridge, in this browser, until it closes. */
export function sessionCookie(request: FastifyRequest, session: string): string {
  return serializeCookie(sessionCookieName(request), session, { httpOnly: true, sameSite: 'strict', path: BRIDGE_PATH_PREFIX });
}

/** Constant-time comparison of a presented session with the launch's secret. */
export function isValidSession(presented: unknown, secret: string): boolean {
  if (typeof presented !== 'string' || presented.length === 0 || presented.length > 512) return false;
  const a = createHash('sha256').update(presented).digest();
  const b = createHash('sha256').update(secret).digest();
  return timingSafeEqual(a, b);
}
