import type { DataTag, QueryClient, QueryKey } from '@tanstack/react-query';
import { FIRST_ANSWERS_ELEMENT_ID, FIRST_ANSWERS_FRESH_MS, type ActionName, type EndpointName, type FirstAnswers, type RequestOf, type ResponseOf, type ShopCall } from '@simshop/contract';

let answers: FirstAnswers['answers'] | undefined;

/**
 * The answer the server wrote into this page's HTML for this very call (contract
 * `first-answers.ts`), once: the next visit to the page asks the server. Undefined when the page
 * has none for it, or they are no longer fresh (a copy the service worker saved for offline use).
 */
function takeFirstAnswer<E extends EndpointName, A extends ActionName<E>>(endpoint: E, action: A, body: RequestOf<E, A>): ResponseOf<E, A> | undefined {
  answers ??= typeof document === 'undefined' ? [] : parseFirstAnswers(document.getElementById(FIRST_ANSWERS_ELEMENT_ID)?.textContent, Date.now());
  return takeAnswer(answers, endpoint, action, body) as ResponseOf<E, A> | undefined;
}

/** The server drawing a page: the answers its HTML will carry, which the page's render takes as the browser will. */
export function provideFirstAnswers(list: FirstAnswers['answers']): void {
  answers = [...list];
}

/**
 * The server drawing a page: the calls its queries are waiting for (each query's key is its call,
 * endpoint-query.ts; a list read page by page waits for its first page), for the server to answer
 * before it draws again.
 */
export function callsAwaitingAnswers(client: QueryClient): ShopCall[] {
  const calls: ShopCall[] = [];
  for (const query of client.getQueryCache().getAll()) {
    const [endpoint, action, body] = query.queryKey;
    if (query.state.data !== undefined || typeof endpoint !== 'string' || typeof action !== 'string') continue;
    // The option the list's own query was made with (endpointInfiniteQuery), read back from it.
    const firstPage = (query.options as { initialPageParam?: unknown }).initialPageParam;
    calls.push({ endpoint, action, body: firstPage === undefined ? (body ?? {}) : { ...(body as object), page: firstPage }, key: query.queryKey, paged: firstPage !== undefined });
  }
  return calls;
}

/**
 * Puts every answer the page came with into the cache: under the key of the query that asked for
 * it when the server drew the page, else under its call's key (endpoint-query.ts) and a first
 * page's under its list's too (a list read page by page). None is taken away: a page's own query
 * that keys its call differently still takes its answer (seedFromFirstAnswer).
 */
export function seedPageAnswers(client: QueryClient, keyOf: (endpoint: string, action: string, body: unknown) => QueryKey): void {
  answers ??= typeof document === 'undefined' ? [] : parseFirstAnswers(document.getElementById(FIRST_ANSWERS_ELEMENT_ID)?.textContent, Date.now());
  for (const answer of answers) {
    // Drawn on the server: the query that asked for it is known.
    if (answer.key) {
      client.setQueryData(answer.key, answer.paged ? { pages: [answer.data], pageParams: [1] } : answer.data);
      continue;
    }
    client.setQueryData(keyOf(answer.endpoint, answer.action, answer.body), answer.data);
    const { page, ...rest } = (answer.body ?? {}) as { page?: unknown };
    if (page === 1) client.setQueryData(keyOf(answer.endpoint, answer.action, rest), { pages: [answer.data], pageParams: [1] });
  }
}

/**
 * The answers this page's HTML came with are still fresh (or it came with none): what the server
 * drew from them is what the app draws too, so it may take over the server's HTML as it is.
 */
export function firstAnswersFresh(): boolean {
  const text = document.getElementById(FIRST_ANSWERS_ELEMENT_ID)?.textContent;
  return !text || parseFirstAnswers(text, Date.now()).length > 0;
}

/**
 * Puts the page's answer to this call (`take`, as the query's data) where the query under
 * `queryKey` finds it, so the page draws it without asking; false when there is none, or `take`
 * refuses it: the caller then asks the server.
 */
export function seedFromFirstAnswer<E extends EndpointName, A extends ActionName<E>, T>(
  client: QueryClient,
  queryKey: DataTag<QueryKey, T, Error>,
  call: { endpoint: E; action: A; body: RequestOf<E, A> },
  take: (answer: ResponseOf<E, A>) => T | undefined = (answer) => answer as T,
): boolean {
  const answer = takeFirstAnswer(call.endpoint, call.action, call.body);
  const data = answer === undefined ? undefined : take(answer);
  if (data === undefined) return false;
  client.setQueryData(queryKey, data);
  return true;
}

/** The answers in the element's text, or none when there are none, they do not parse or are not fresh at `now`. */
export function parseFirstAnswers(text: string | null | undefined, now: number): FirstAnswers['answers'] {
  if (!text) return [];
  try {
    const given = JSON.parse(text) as FirstAnswers;
    return Math.abs(now - given.at) < FIRST_ANSWERS_FRESH_MS && Array.isArray(given.answers) ? given.answers : [];
  } catch {
    return [];
  }
}

/** Removes and returns the data of the answer to this call (the same body, whatever its keys' order). */
export function takeAnswer(list: FirstAnswers['answers'], endpoint: string, action: string, body: unknown): unknown {
  const wanted = canonical(body);
  const i = list.findIndex((a) => a.endpoint === endpoint && a.action === action && canonical(a.body) === wanted);
  return i === -1 ? undefined : list.splice(i, 1)[0]!.data;
}

/** A request body as text with its keys in order, so two bodies compare by content alone. */
function canonical(body: unknown): string {
  return JSON.stringify(body, (_key, value: unknown) => (value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b))) : value));
}
