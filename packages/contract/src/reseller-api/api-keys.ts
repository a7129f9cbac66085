import { z } from 'zod';
import { API_PATHS } from '../api-paths.ts';
import { i18nField } from '../catalogue.ts';
import { apiSpendLimitSetRequest, apiSpendLimitsRequest, apiSpendLimitsResponse } from './spend-limits.ts';

/**
 * API keys a reseller makes in the shop (Mine → API) for its own systems to call the reseller
 * REST API (/api/v1). The secret is shown once, when made or rotated; the shop keeps only its
 * hash and a short prefix to recognise it by.
 */

/** What a key may do: each REST operation names the one scope it needs. */
export const ApiKeyScope = { read: 'read', order: 'order', topup: 'topup', refund: 'refund', webhooks: 'webhooks' } as const;
export type ApiKeyScope = (typeof ApiKeyScope)[keyof typeof ApiKeyScope];
export const apiKeyScopeSchema = z.enum(ApiKeyScope);
export const API_KEY_SCOPES: readonly ApiKeyScope[] = Object.values(ApiKeyScope);

/** Live keys move money; test keys run against the sandbox (play money, simulated eSIMs, nothing sent to anyone). */
export const ApiKeyMode = { live: 'live', test: 'test' } as const;
export type ApiKeyMode = (typeof ApiKeyMode)[keyof typeof ApiKeyMode];
export const apiKeyModeSchema = z.enum(ApiKeyMode);

/** The secret's start, by mode: `sk_live_…` / `sk_test_…`. */
export const API_KEY_SECRET_PREFIX: Record<ApiKeyMode, string> = { live: 'sk_live_', test: 'sk_test_' };
/** Keys one account may hold at a time (revoked ones do not count). */
export const API_KEYS_MAX = 10;
export const API_KEY_NAME_MAX = 60;
export const API_KEY_IPS_MAX = 20;

/** One address (IPv4 or IPv6) or a CIDR block of them. */
export const ipAllowEntrySchema = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()], { error: 'validation.invalid' });

export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mode: apiKeyModeSchema,
  /** The secret's first characters (`sk_live_AbC1`), to recognise the key by; never enough to use it. */
  prefix: z.string(),
  scopes: z.array(apiKeyScopeSchema),
  /** Empty: any address may use the key. */
  ipAllowList: z.array(z.string()),
  createdAt: z.number().int(),
  lastUsedAt: z.number().int().nullable(),
  revokedAt: z.number().int().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListRequest = z.object({ i18n: i18nField });
export const apiKeyListResponse = z.object({ items: z.array(apiKeySchema), max: z.number().int() });

export const apiKeyCreateRequest = z.object({
  name: z.string().trim().min(1, 'validation.required').max(API_KEY_NAME_MAX, 'validation.too_long'),
  mode: apiKeyModeSchema.default(ApiKeyMode.live),
  scopes: z.array(apiKeyScopeSchema).min(1, 'validation.required').max(API_KEY_SCOPES.length),
  ipAllowList: z.array(z.string().trim().pipe(ipAllowEntrySchema)).max(API_KEY_IPS_MAX, 'validation.too_long').default([]),
  i18n: i18nField,
});
export const apiKeyRefRequest = z.object({ id: z.number().int().positive().max(2_147_483_647), i18n: i18nField });
/** The key and its whole secret, which is never shown again. */
export const apiKeySecretResponse = z.object({ key: apiKeySchema, secret: z.string() });

/** The shop's Mine → API actions (a reseller's own keys), the table api.ts lists as `apiKey`. */
export const apiKeyEndpoint = {
  path: API_PATHS.apiKey,
  summary: "Reseller API keys (Mine → API)",
  actions: {
    list: { access: 'reseller', summary: "The caller's API keys, newest first, revoked ones too, with the most one may hold", request: apiKeyListRequest, response: apiKeyListResponse },
    create: { access: 'reseller', summary: 'Makes a key with a name, scopes, live or test mode and an optional IP allow-list; the secret is in this answer only', request: apiKeyCreateRequest, response: apiKeySecretResponse },
    rotate: { access: 'reseller', summary: 'Gives a key a new secret (in this answer only); the old secret stops working at once', request: apiKeyRefRequest, response: apiKeySecretResponse },
    revoke: { access: 'reseller', summary: 'Revokes a key: it stops working at once and for good', request: apiKeyRefRequest, response: apiKeySchema },
    spend_limits: { access: 'reseller', summary: "The caller's daily spend limits for the API's orders, one per currency, with today's spending (UTC day)", request: apiSpendLimitsRequest, response: apiSpendLimitsResponse },
    set_spend_limit: { access: 'reseller', summary: "Sets or removes (null) one currency's daily spend limit for the API's orders; answers every currency's as spend_limits does", request: apiSpendLimitSetRequest, response: apiSpendLimitsResponse },
  },
} as const;
