import { isSuccess } from '@simshop/contract';
import type { Total } from '@simshop/contract';

/**
 * The pure half of the API client: reading a response body and deciding what it means
 * (SPEC §7, DESIGN §3). No network, no storage, no UI — unit-tested in node.
 */

/**
 * SPEC §7 says response strings "have backslashes stripped before parsing". Doing that to
 * every response would corrupt valid JSON (an escaped quote `\"` inside a string, `\\`, `\n`,
 * `\u4e2d`), and our server always sends valid JSON. So the raw text is parsed first and the
 * backslashes are stripped only when that fails — which is exactly the case the rule exists for:
 * a body with stray escaping such as `{\"status\":200}`.
 */
export function parseResponseText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (first) {
    try {
      return JSON.parse(text.replace(/\\/g, '')) as unknown;
    } catch {
      throw first;
    }
  }
}

/** What a failure envelope says (SPEC §7: status or code, an i18n key, msg or message, data); an ApiError carries the same. */
export type ApiFailure = Pick<ApiError, 'status' | 'code' | 'i18n' | 'msg' | 'field' | 'data'>;

export type Classified =
  | { readonly kind: 'success'; readonly data: unknown; readonly total: Total | null }
  | { readonly kind: 'expired' }
  | { readonly kind: 'failure'; readonly failure: ApiFailure }
  | { readonly kind: 'http-error'; readonly httpStatus: number }
  | { readonly kind: 'invalid' };

const SESSION_LOST = 401;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null);
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

function readTotal(value: unknown): Total | null {
  if (!isRecord(value)) return null;
  const cart = num(value.cart);
  return cart !== null && cart >= 0 ? { cart: Math.floor(cart) } : null;
}

export function readFailure(body: Record<string, unknown>): ApiFailure {
  return {
    status: num(body.status),
    code: num(body.code),
    i18n: str(body.i18n),
    msg: str(body.msg) ?? str(body.message),
    field: str(body.field),
    data: body.data ?? null,
  };
}

/**
 * Classifies a response (SPEC §7):
 * - HTTP 401 or envelope status 401 → the session is gone;
 * - HTTP 200 with status 200 or code 0 → success (with `total` when the call changed counters);
 * - HTTP 200 otherwise → a catalogue failure;
 * - any other HTTP status → "request error {code}". One deliberate refinement: if such a
 *   response still carries a failure envelope with an i18n key (a proxy or an older server may
 *   send 4xx/5xx with the envelope), the catalogue message is more useful than the bare code,
 *   so it is treated as a failure (DESIGN §7: every server error shows its catalogue message).
 */
export function classifyResponse(httpStatus: number, body: unknown): Classified {
  if (httpStatus === SESSION_LOST) return { kind: 'expired' };
  if (isRecord(body) && num(body.status) === SESSION_LOST) return { kind: 'expired' };
  if (httpStatus !== 200) {
    if (isRecord(body) && str(body.i18n) && !isSuccess(body)) return { kind: 'failure', failure: readFailure(body) };
    return { kind: 'http-error', httpStatus };
  }
  if (!isRecord(body)) return { kind: 'invalid' };
  if (isSuccess({ status: num(body.status), code: num(body.code) })) {
    return { kind: 'success', data: body.data ?? null, total: readTotal(body.total) };
  }
  return { kind: 'failure', failure: readFailure(body) };
}

/** `offline`: the device said it has no network before the call failed (navigator.onLine). */
export type ApiErrorKind = 'failure' | 'expired' | 'http' | 'network' | 'offline' | 'timeout' | 'invalid';

/** A failed call, carrying what the envelope said so pages can react to a particular error. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | null;
  readonly code: number | null;
  readonly i18n: string | null;
  readonly msg: string | null;
  readonly field: string | null;
  readonly data: unknown;
  readonly httpStatus: number | null;

  constructor(kind: ApiErrorKind, details: Partial<ApiFailure> & { httpStatus?: number | null } = {}) {
    super(details.msg ?? details.i18n ?? `API ${kind} error`);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = details.status ?? null;
    this.code = details.code ?? null;
    this.i18n = details.i18n ?? null;
    this.msg = details.msg ?? null;
    this.field = details.field ?? null;
    this.data = details.data ?? null;
    this.httpStatus = details.httpStatus ?? null;
  }
}

export interface Translator {
  exists(key: string): boolean;
  t(key: string, params?: Record<string, unknown>): string;
}

/**
 * The text shown for a failed call, written for people: the catalogue's translation
 * of the i18n key, else the server's English msg, else "unknown error" — never the field it is
 * about (that goes to the developer console). Network failures say what the person can do:
 * offline, the shop down (5xx, a timeout), the connection lost.
 */
export function describeApiError(error: ApiError, tr: Translator): string {
  switch (error.kind) {
    case 'offline':
      return tr.t('error.offline');
    case 'network':
      return tr.t('error.connection');
    case 'timeout':
      return tr.t('error.shop-unavailable');
    case 'http':
      return (error.httpStatus ?? 0) >= 500 ? tr.t('error.shop-unavailable') : tr.t('error.request', { code: error.httpStatus ?? 0 });
    case 'invalid':
      return tr.t('error.unknown');
    case 'expired':
      return tr.t('login.expired.content');
    case 'failure':
      if (error.i18n && tr.exists(error.i18n)) return tr.t(error.i18n);
      return error.msg ?? tr.t('error.unknown');
  }
}

/** What the developer console gets beside the toast: the catalogue key and the field it is about. */
export function debugApiError(error: ApiError): string | null {
  if (error.kind !== 'failure' || (!error.field && !error.i18n)) return null;
  return `simshop: ${error.i18n ?? error.code ?? 'failure'}${error.field ? ` (${error.field})` : ''}`;
}

/** Query retry policy: only a transient failure (network, timeout, 5xx) is worth a second try. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.kind === 'network' || error.kind === 'offline' || error.kind === 'timeout') return true;
  return error.kind === 'http' && (error.httpStatus ?? 0) >= 500;
}
