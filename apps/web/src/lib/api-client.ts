import { API_BASE, API_PATHS, LIMITS } from '@simshop/contract';
import type { ActionName, EndpointName, RequestOf, ResponseOf } from '@simshop/contract';
import { BASENAME, paths } from '@/config/paths';
import { runtime } from '@/config/runtime';
import { i18n } from '@/i18n';
import { setCartCount } from './cart-count';
import { loginRedirect } from './open-page';
import { ApiError, classifyResponse, debugApiError, describeApiError, parseResponseText } from './api-response';
import { clearSession } from './session';
import { signRequestInBrowser } from './request-signing';
import { readToken } from './storage';
import { toast } from './toast';

export { ApiError, describeApiError, isRetryable } from './api-response';

/**
 * The one API client (SPEC §7, DESIGN §3): `POST /fetch<path>?action=<name>`, JSON body, signed
 * headers, 60 s timeout. Types come from the contract's `api` table, so a call's body and
 * result are typed by the same schemas the server validates with; the paths come from the
 * schema-free `API_PATHS`, so the schemas themselves stay out of the shop's bundle.
 */

// A domain of the API table without its path here fails to typecheck (api.ts checks it too).
const PATHS: Readonly<Record<EndpointName, string>> = API_PATHS;

export interface CallOptions {
  /** Cancels the call (TanStack Query passes its signal). */
  readonly signal?: AbortSignal;
  /** Skip the error toast: the caller shows the failure itself. */
  readonly silent?: boolean;
}

const translator = {
  exists: (key: string) => i18n.exists(key),
  t: (key: string, params?: Record<string, unknown>) => i18n.t(key, params),
};

let sessionDialogOpen = false;

/**
 * SPEC §4 "On expiry": the badge and the stored session go, then a modal offers sign-in or
 * cancel; either way the page reloads so no screen keeps showing the old account's data.
 * Without a stored token the user was never signed in: the modal only offers to sign in.
 */
function handleSessionLost(hadToken: boolean): void {
  if (sessionDialogOpen) return;
  sessionDialogOpen = true;
  if (hadToken) clearSession();
  // Fetched when a session is lost, not with the first screen: dialogs bring antd-mobile's
  // animation library with them.
  void import('@/lib/overlays')
    .then(({ Dialog }) =>
      Dialog.confirm({
        title: i18n.t(hadToken ? 'session.expired.title' : 'session.sign-in.title'),
        content: i18n.t(hadToken ? 'login.expired.content' : 'res.unauthenticated'),
        confirmText: i18n.t('btn.sign-in'),
        cancelText: i18n.t('common.cancel'),
      }),
    )
    .then((signIn) => {
      sessionDialogOpen = false;
      // Back to the page the user is on when choosing: a call answered during a navigation
      // (the next page's data is asked for before its address shows) must not send them back
      // to the page they were leaving.
      if (signIn) window.location.assign(`${BASENAME}${paths['login-regular'].getHref({ redirect: loginRedirect(window.location) })}`);
      else if (hadToken) window.location.reload();
    });
}

function fail(error: ApiError, silent: boolean | undefined): never {
  const debug = debugApiError(error);
  if (debug) console.debug(debug);
  if (!silent && error.kind !== 'expired') toast.error(describeApiError(error, translator));
  throw error;
}

export async function call<E extends EndpointName, A extends ActionName<E>>(
  endpoint: E,
  action: A,
  body: RequestOf<E, A>,
  options: CallOptions = {},
): Promise<ResponseOf<E, A>> {
  // The server drawing a page asks nothing over the network (it answers what the page's queries
  // wait for itself, entry-server.tsx): the call stays pending, so the page shows that part
  // loading, as the browser's first render before its calls answer does too.
  if (import.meta.env.SSR) return new Promise<never>(() => undefined);
  const query = `action=${encodeURIComponent(action)}`;
  const json = JSON.stringify(body ?? {});
  const token = readToken();
  const headers = {
    'content-type': 'application/json',
    accept: 'application/json',
    ...(await signRequestInBrowser(runtime, { query, body: json, token })),
  };

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, LIMITS.networkTimeoutMs);
  const onAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });

  let httpStatus: number;
  let text: string;
  try {
    const response = await fetch(`${API_BASE}${PATHS[endpoint]}?${query}`, { method: 'POST', headers, body: json, signal: controller.signal, credentials: 'same-origin' });
    httpStatus = response.status;
    text = await response.text();
  } catch (cause) {
    // The caller cancelled (a query was dropped): nothing to tell the user.
    if (options.signal?.aborted && !timedOut) throw cause;
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    return fail(new ApiError(timedOut ? 'timeout' : offline ? 'offline' : 'network'), options.silent);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }

  let parsed: unknown = null;
  if (text.trim() !== '') {
    try {
      parsed = parseResponseText(text);
    } catch {
      parsed = null;
    }
  }

  const result = classifyResponse(httpStatus, parsed);
  switch (result.kind) {
    case 'success': {
      if (result.total) setCartCount(result.total.cart);
      // Responses are checked against the contract in development builds only: the server that
      // sends them is the same release and asserts every response's shape outside production
      // (API and browser tests), and no response schema transforms what it reads, so production
      // takes the data as sent and its bundle carries no zod schemas, which stay off the first screen.
      if (import.meta.env.DEV && !(await matchesContract(endpoint, action, result.data))) return fail(new ApiError('invalid'), options.silent);
      return result.data as ResponseOf<E, A>;
    }
    case 'expired':
      handleSessionLost(token !== null);
      throw new ApiError('expired', { status: 401 });
    case 'failure':
      return fail(new ApiError('failure', result.failure), options.silent);
    case 'http-error':
      return fail(new ApiError('http', { httpStatus: result.httpStatus }), options.silent);
    case 'invalid':
      return fail(new ApiError('invalid', { httpStatus }), options.silent);
  }
}

/** Development builds: the server answered with a shape this build does not know; say so rather than rendering half-valid data. */
async function matchesContract(endpoint: EndpointName, action: string, data: unknown): Promise<boolean> {
  const { api } = await import('@simshop/contract');
  const actions = api[endpoint].actions as Record<string, { response: { safeParse(v: unknown): { success: boolean; error?: unknown } } }>;
  const checked = actions[action]?.response.safeParse(data);
  if (checked && !checked.success) console.error(`simshop: unexpected ${endpoint}.${action} response`, checked.error);
  return checked?.success ?? true;
}
