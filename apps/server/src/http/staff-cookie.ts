import { API_BASE, SIGNATURE_HEADERS } from '@simshop/contract';
import { parseCookie, stringifySetCookie } from 'cookie';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/**
 * The staff session as the console holds it: an HttpOnly cookie sent only to the admin API, so
 * no script on the shared origin (the shop's included) can read the token. SameSite=Strict keeps
 * other sites from sending it; on top, a call authenticated by the cookie must carry the
 * console's own header, which a cross-site form, link or image cannot set (CSRF).
 * A `token` header (API clients, tests) still works as before and needs no such header.
 */
export const STAFF_SESSION_COOKIE = 'simshop_staff';
export const STAFF_COOKIE_PATH = `${API_BASE}/admin`;
export const CONSOLE_REQUEST_HEADER = 'x-simshop-console';

/**
 * The cookie that holds a staff session, or (null) the one that removes it. No Max-Age: it ends
 * with the browser session at the latest; the server's idle and absolute limits still apply.
 */
export function staffSessionCookie(config: Config, token: string | null): string {
  return stringifySetCookie({
    name: STAFF_SESSION_COOKIE,
    value: token ?? '',
    path: STAFF_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: /^https:/i.test(config.publicUrl ?? ''),
    ...(token === null ? { maxAge: 0, expires: new Date(0) } : {}),
  });
}

export type StaffCredential = { token: string; via: 'header' | 'cookie' } | null;

/** The staff token of a request: the `token` header if sent, else the session cookie. */
export function staffCredential(request: FastifyRequest, headerToken: string): StaffCredential {
  if (headerToken) return { token: headerToken, via: 'header' };
  const cookie = parseCookie(request.headers.cookie ?? '')[STAFF_SESSION_COOKIE];
  return cookie ? { token: cookie, via: 'cookie' } : null;
}

/** A cookie-authenticated call without the console's header, or one the browser says came from another site. */
export function forgedConsoleRequest(request: FastifyRequest, credential: StaffCredential): boolean {
  if (credential?.via !== 'cookie') return false;
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return true;
  return request.headers[CONSOLE_REQUEST_HEADER] !== '1';
}

/** The `token` header of a request ('' when absent). */
export function headerToken(request: FastifyRequest): string {
  const raw = request.headers[SIGNATURE_HEADERS.token];
  return typeof raw === 'string' ? raw : '';
}
