import { z } from 'zod';
import { API_PATHS } from '../api-paths.ts';
import { i18nField } from '../catalogue.ts';
import { currencySchema } from '../enums.ts';
import { orderDetailSchema, orderNoSchema } from '../orders.ts';
import { bulkJobStateSchema } from './bulk-operations.ts';

/**
 * Webhooks a reseller registers in the shop (Mine → API → Webhooks): endpoints that receive the
 * events they pick, signed as the Standard Webhooks specification says (`webhook-id`,
 * `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256 of id.timestamp.body>`),
 * delivered at least once with retries for 24 hours, each try kept in a delivery log.
 */

/** What an endpoint can be told of. */
export const WebhookEventType = {
  orderCompleted: 'order.completed',
  bulkJobDone: 'bulk_job.done',
  esimInstalled: 'esim.installed',
  esimUsage75: 'esim.usage_75',
  esimUsage90: 'esim.usage_90',
  esimExpiring: 'esim.expiring',
  balanceLow: 'balance.low',
  refundPaid: 'refund.paid',
  spendLimitWarning: 'spend_limit.warning',
} as const;
export type WebhookEventType = (typeof WebhookEventType)[keyof typeof WebhookEventType];
export const webhookEventTypeSchema = z.enum(WebhookEventType);
export const WEBHOOK_EVENT_TYPES: readonly WebhookEventType[] = Object.values(WebhookEventType);
/** The type of the event "send a test event" sends; no endpoint subscribes to it, every endpoint may receive it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** Endpoints one reseller may have. */
export const WEBHOOK_ENDPOINTS_MAX = 10;
export const WEBHOOK_DESCRIPTION_MAX = 120;
export const WEBHOOK_URL_MAX = 500;
/** The signing secret's start (Standard Webhooks). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** balance.low fires when a balance paid order takes a balance below this (minor units), unless the endpoint says otherwise. */
export const WEBHOOK_BALANCE_LOW_DEFAULT = 10_000;

const LOCAL_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The URL, or null for a text that is not one (URL.parse is not in Node 20). */
function parseUrl(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** Whether a URL's host is this machine (http is allowed there outside production). */
export const isLocalWebhookUrl = (url: string): boolean => LOCAL_HOSTS.has(parseUrl(url)?.hostname ?? '');

/** https anywhere; http only to this machine (the server refuses even that in production). No credentials in the URL. */
export const webhookUrlSchema = z
  .string()
  .trim()
  .max(WEBHOOK_URL_MAX, 'validation.too_long')
  .pipe(z.url({ protocol: /^https?$/, error: 'validation.invalid' }))
  .refine((url) => {
    // Checked even when the URL check above failed: a text that is no URL is refused here too.
    const parsed = parseUrl(url);
    return parsed !== null && parsed.username === '' && parsed.password === '' && (parsed.protocol === 'https:' || isLocalWebhookUrl(url));
  }, 'validation.invalid');

// --- payloads: the `data` of each event ---

export const webhookEsimSchema = z.object({ iccid: z.string(), orderNo: orderNoSchema.nullable() });
export const webhookPayloadSchemas = {
  /** The order as GET /api/v1/orders/{id} answers it, once paid and issued. */
  [WebhookEventType.orderCompleted]: orderDetailSchema,
  /** A bulk job ended (`state`: done, failed or cancelled): `done` units ordered, `failed` not ordered and refunded. */
  [WebhookEventType.bulkJobDone]: z.object({ jobId: z.string(), state: bulkJobStateSchema, orderNo: orderNoSchema.nullable(), done: z.number().int(), failed: z.number().int() }),
  [WebhookEventType.esimInstalled]: webhookEsimSchema.extend({ installedAt: z.number().int() }),
  [WebhookEventType.esimUsage75]: webhookEsimSchema.extend({ usedPercent: z.number().int() }),
  [WebhookEventType.esimUsage90]: webhookEsimSchema.extend({ usedPercent: z.number().int() }),
  /** The plan ends within 3 days, then within 1 day (`daysLeft`); told once each, once for both when both are reached between two looks. */
  [WebhookEventType.esimExpiring]: webhookEsimSchema.extend({ expiresAt: z.number().int(), daysLeft: z.number().int() }),
  /** A balance paid order took the balance (minor units) below the endpoint's threshold. */
  [WebhookEventType.balanceLow]: z.object({ currency: currencySchema, balance: z.number().int(), threshold: z.number().int() }),
  /** Money of a refunded order is back: on the balance, or sent to the card. */
  [WebhookEventType.refundPaid]: z.object({ orderNo: orderNoSchema, amount: z.number().int(), currency: currencySchema }),
  /** The API's orders took 80 % of the day's spend limit of a currency (minor units; `day`: the UTC day, YYYY-MM-DD); once per day and currency. */
  [WebhookEventType.spendLimitWarning]: z.object({ currency: currencySchema, limit: z.number().int(), spent: z.number().int(), day: z.string() }),
} as const satisfies Record<WebhookEventType, z.ZodType>;
export type WebhookPayload<T extends WebhookEventType> = z.infer<(typeof webhookPayloadSchemas)[T]>;
export const webhookTestPayloadSchema = z.object({ endpointId: z.number().int(), message: z.string() });

/** The body of every delivery: the Standard Webhooks envelope (`timestamp`: ISO 8601 of the event). */
export const webhookEnvelope = <T extends z.ZodType>(type: string, data: T) => z.object({ type: z.literal(type), timestamp: z.string(), data });

// --- the shop's actions ---

export const webhookEndpointSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  events: z.array(webhookEventTypeSchema),
  enabled: z.boolean(),
  /** balance.low's threshold in minor units, whatever the currency. */
  balanceLowBelow: z.number().int(),
  createdAt: z.number().int(),
  /** When the current run of failed tries began (null: the last try was delivered, or none yet); the endpoint is never turned off for it. */
  failingSince: z.number().int().nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const WebhookDeliveryStatus = { pending: 'pending', delivered: 'delivered', retrying: 'retrying', givenUp: 'given_up', cancelled: 'cancelled' } as const;
export type WebhookDeliveryStatus = (typeof WebhookDeliveryStatus)[keyof typeof WebhookDeliveryStatus];
export const webhookDeliveryStatusSchema = z.enum(WebhookDeliveryStatus);

export const webhookAttemptSchema = z.object({
  attempt: z.number().int(),
  at: z.number().int(),
  /** null: no answer (refused, timed out). */
  statusCode: z.number().int().nullable(),
  /** The answer's first bytes, or why there was none. */
  answer: z.string(),
  durationMs: z.number().int(),
});
export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  endpointId: z.number().int(),
  /** The `webhook-id` header: the same on every try and on "send again". */
  messageId: z.string(),
  eventType: z.string(),
  status: webhookDeliveryStatusSchema,
  createdAt: z.number().int(),
  /** When the next try is due (null: none will be made). */
  nextAttemptAt: z.number().int().nullable(),
  attempts: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

const idField = z.number().int().positive().max(2_147_483_647);
const endpointFields = {
  url: webhookUrlSchema,
  description: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX, 'validation.too_long').default(''),
  events: z.array(webhookEventTypeSchema).min(1, 'validation.required').max(WEBHOOK_EVENT_TYPES.length),
  enabled: z.boolean().default(true),
  balanceLowBelow: z.number().int().min(0).max(1_000_000_000).default(WEBHOOK_BALANCE_LOW_DEFAULT),
};
export const webhookCreateRequest = z.object({ ...endpointFields, i18n: i18nField });
export const webhookUpdateRequest = z.object({ id: idField, ...endpointFields, i18n: i18nField });
export const webhookRefRequest = z.object({ id: idField, i18n: i18nField });
export const webhookListResponse = z.object({ items: z.array(webhookEndpointSchema), max: z.number().int() });
/** The endpoint and its signing secret, which is never shown again. */
export const webhookSecretResponse = z.object({ endpoint: webhookEndpointSchema, secret: z.string() });
export const webhookDeliveriesRequest = z.object({ id: idField, cursor: z.number().int().positive().optional(), limit: z.number().int().min(1).max(50).default(20), i18n: i18nField });
export const webhookDeliveriesResponse = z.object({ items: z.array(webhookDeliverySchema), nextCursor: z.number().int().nullable() });
export const webhookDeliveryRefRequest = z.object({ deliveryId: idField, i18n: i18nField });

/** The shop's Mine → API → Webhooks actions, the table api.ts lists as `webhook`. */
export const webhookEndpoint = {
  path: API_PATHS.webhook,
  summary: 'Reseller webhooks (Mine → API → Webhooks)',
  actions: {
    list: { access: 'reseller', summary: "The caller's webhook endpoints, oldest first, with the most one may have", request: z.object({ i18n: i18nField }), response: webhookListResponse },
    create: { access: 'reseller', summary: 'Adds an endpoint (https, or http to localhost outside production) with the events it receives; its signing secret is in this answer only', request: webhookCreateRequest, response: webhookSecretResponse },
    update: { access: 'reseller', summary: "Changes an endpoint's address, description, events, threshold or whether it is on", request: webhookUpdateRequest, response: webhookEndpointSchema },
    delete: { access: 'reseller', summary: 'Deletes an endpoint: nothing more is sent to it, its log goes with it', request: webhookRefRequest, response: z.object({ id: z.number().int() }) },
    rotate: { access: 'reseller', summary: 'Gives an endpoint a new signing secret (in this answer only); the old one signs nothing more', request: webhookRefRequest, response: webhookSecretResponse },
    deliveries: { access: 'reseller', summary: "An endpoint's deliveries, newest first, with every try; pass `nextCursor` as `cursor` for the next page", request: webhookDeliveriesRequest, response: webhookDeliveriesResponse },
    redeliver: { access: 'reseller', summary: 'Sends a delivery again (the same message id and body) as a new delivery', request: webhookDeliveryRefRequest, response: webhookDeliverySchema },
    test: { access: 'reseller', summary: `Sends the endpoint a "${WEBHOOK_TEST_EVENT}" event now`, request: webhookRefRequest, response: webhookDeliverySchema },
  },
} as const;
