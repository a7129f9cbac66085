import { z } from 'zod';
import type { ErrorDef } from '../errors.ts';
import { Language } from '../language.ts';

/**
 * Errors of the reseller REST API as RFC 9457 problem details (`application/problem+json`):
 * the standard members (type, title, status, detail) and the catalogue's own (code, i18n key and
 * the text in both languages), so a client can show its user the shop's words in either
 * language and branch on the stable code, never on text.
 */
export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** The problem's type: one URN per catalogue entry, stable as the code it names. */
export const problemType = (def: Pick<ErrorDef, 'code'>) => `urn:simshop:problem:${def.code}`;

export const problemSchema = z.object({
  type: z.string(),
  /** The catalogue text in the language Accept-Language asked for (English otherwise). */
  title: z.string(),
  status: z.number().int(),
  /** What was wrong with this request, in the same language (the title again when nothing more is known). */
  detail: z.string(),
  code: z.number().int(),
  i18n: z.string(),
  texts: z.object({ en: z.string(), 'zh-Hans': z.string() }),
  /** The request field the problem is about (`body.quantity`, `query.limit`), when there is one. */
  field: z.string().nullable(),
  /** Rate limit: seconds until a new request may go (also the Retry-After header). */
  retryAfter: z.number().int().optional(),
});
export type Problem = z.infer<typeof problemSchema>;

/** `{{name}}` in a catalogue text filled from `params`; unknown names stay as written. */
const fill = (text: string, params: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (all, name: string) => (name in params ? String(params[name]) : all));

/** The problem of one catalogue error, in `lang`; `detail` is said in both languages when given. */
export function toProblem(
  def: ErrorDef,
  lang: Language,
  extra: { field?: string | null; detail?: { en: string; zh: string } | null; params?: Record<string, string | number>; retryAfter?: number } = {},
): Problem {
  const params = extra.params ?? {};
  const texts = { en: fill(def.en, params), 'zh-Hans': fill(def.zh, params) };
  const title = texts[lang];
  const detail = extra.detail ? (lang === Language.zhHans ? extra.detail.zh : extra.detail.en) : title;
  return {
    type: problemType(def),
    title,
    status: def.status,
    detail,
    code: def.code,
    i18n: def.i18n,
    texts,
    field: extra.field ?? null,
    ...(extra.retryAfter === undefined ? {} : { retryAfter: extra.retryAfter }),
  };
}

/**
 * Rate-limit headers (IETF draft-ietf-httpapi-ratelimit-headers, the form eSIM Go and others
 * send): the limit of the current window, what is left of it and the seconds until it resets.
 * A refused request (429) also carries Retry-After.
 */
export const RATE_LIMIT_HEADERS = { limit: 'RateLimit-Limit', remaining: 'RateLimit-Remaining', reset: 'RateLimit-Reset', retryAfter: 'Retry-After' } as const;

/** Per key: 10 requests a second sustained, a burst of 20 (two seconds' worth at once). */
export const API_RATE_LIMIT = { perSecond: 10, burst: 20 } as const;

/** The header that makes a POST safe to send again (the same key and body answer once). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** How long an idempotency key answers with its first answer. */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
