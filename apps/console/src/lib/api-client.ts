import { adminApi, API_BASE, signRequest, type AdminActionName, type AdminEndpointName, type AdminRequestOf, type AdminResponseOf } from '@simshop/contract';
import { CONSOLE_BASENAME, runtime } from '@/config/runtime';
import { clearSignedIn } from './storage';

/**
 * The console's one API client: `POST /fetch/admin/<domain>.do?action=<name>`, signed like the
 * shop's calls. The staff session travels as the admin API's HttpOnly cookie (never readable
 * here), with the console's header that the server asks of cookie calls against cross-site
 * forgery. Body and result are typed by the contract's admin table.
 * A failure throws an ApiError carrying the catalogue's i18n key and the field it is about, so
 * a form can show the message next to that field.
 */
export class ApiError extends Error {
  constructor(
    readonly kind: 'failure' | 'network' | 'http' | 'expired',
    readonly i18n: string,
    readonly field: string | null = null,
    readonly code: number | null = null,
    readonly data: unknown = null,
  ) {
    super(i18n);
  }
}

const TIMEOUT_MS = 60_000;

/** Sent with every call: the server refuses a cookie-authenticated call without it (CSRF). */
export const CONSOLE_HEADER = { 'x-simshop-console': '1' };

export function sessionLost(): never {
  clearSignedIn();
  const here = window.location.pathname.slice(CONSOLE_BASENAME.length) + window.location.search;
  if (!window.location.pathname.startsWith(`${CONSOLE_BASENAME}/login`)) {
    window.location.assign(`${CONSOLE_BASENAME}/login?redirect=${encodeURIComponent(here || '/')}`);
  }
  throw new ApiError('expired', 'login.expired.content');
}

export interface AdminCallOptions {
  /** Cancels the call (TanStack Query passes its signal). */
  readonly signal?: AbortSignal;
}

export async function adminCall<E extends AdminEndpointName, A extends AdminActionName<E>>(
  endpoint: E,
  action: A,
  body: AdminRequestOf<E, A>,
  options: AdminCallOptions = {},
): Promise<AdminResponseOf<E, A>> {
  const query = `action=${encodeURIComponent(action)}`;
  const json = JSON.stringify(body ?? {});
  const headers = { 'content-type': 'application/json', ...CONSOLE_HEADER, ...signRequest({ certificate: runtime.certificate, secret: runtime.secret }, { query, body: json }) };
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  options.signal?.addEventListener('abort', () => controller.abort(), { once: true });
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${adminApi[endpoint].path}?${query}`, { method: 'POST', headers, body: json, signal: controller.signal, credentials: 'same-origin' });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiError('network', 'console.error.network');
  } finally {
    clearTimeout(timer);
  }
  if (response.status === 401) return sessionLost();
  if (!response.ok) throw new ApiError('http', 'console.error.http', null, response.status);
  const envelope = (await response.json()) as { status: number; code: number; data: unknown; i18n: string; field?: string };
  if (envelope.status === 401) return sessionLost();
  if (envelope.code !== 0) throw new ApiError('failure', envelope.i18n, envelope.field ?? null, envelope.code, envelope.data);
  return envelope.data as AdminResponseOf<E, A>;
}

/** A multipart upload to a console upload route (files are not signed over their body, like the shop's). */
export async function adminUpload<T>(path: string, file: Blob, fields: Record<string, string> = {}): Promise<T> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', file);
  const query = '';
  const headers = { ...CONSOLE_HEADER, ...signRequest({ certificate: runtime.certificate, secret: runtime.secret }, { query, body: '' }) };
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, { method: 'POST', headers, body: form, credentials: 'same-origin' });
  } catch {
    throw new ApiError('network', 'console.error.network');
  }
  if (response.status === 401) return sessionLost();
  const envelope = (await response.json()) as { status: number; code: number; data: T; i18n: string; field?: string };
  if (envelope.code !== 0) throw new ApiError('failure', envelope.i18n, envelope.field ?? null, envelope.code, envelope.data);
  return envelope.data;
}
