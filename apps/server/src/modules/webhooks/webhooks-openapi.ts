import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT, webhookEnvelope, webhookPayloadSchemas, webhookTestPayloadSchema, type WebhookEventType } from '@simshop/contract';
import type { z } from 'zod';
import type { SchemaOf } from '../reseller-api/reseller-api-openapi-schemas.ts';

/**
 * The reseller API document's top-level `webhooks` (OpenAPI 3.1): one entry per event, the
 * POST the reseller's endpoint receives, its body the Standard Webhooks envelope around the
 * event's data, with the three signature headers. Each body is named after its event
 * (`order.completed`: OrderCompletedEvent), so a receiver's generated types name what arrives.
 */
const WHAT: Record<WebhookEventType, string> = {
  'order.completed': 'An order was paid and everything in it issued; `data` is the order as GET /api/v1/orders/{id} answers it',
  'bulk_job.done': 'A bulk order ended (`state`: done, failed or cancelled): how many units were ordered and how many were refunded',
  'esim.installed': 'An eSIM was installed on a device for the first time',
  'esim.usage_75': "An eSIM's plan used 75 % of its data",
  'esim.usage_90': "An eSIM's plan used 90 % of its data",
  'esim.expiring': "An eSIM's plan ends soon",
  'balance.low': "A balance paid order took the balance below the endpoint's threshold",
  'refund.paid': 'The money of a refunded order is back (on the balance, or sent to the card)',
  'spend_limit.warning': "The API's orders took 80 % of the day's spend limit of a currency (set in Mine → API); once per UTC day and currency",
};

const headers = [
  { name: 'webhook-id', in: 'header', required: true, description: 'The message id (`msg_…`): the same on every try and on "send again"; drop a repeat', schema: { type: 'string' } },
  { name: 'webhook-timestamp', in: 'header', required: true, description: "This try's time in Unix seconds; refuse one more than 5 minutes from yours", schema: { type: 'string' } },
  { name: 'webhook-signature', in: 'header', required: true, description: "`v1,<base64 HMAC-SHA256 of \"id.timestamp.body\">` under the endpoint's secret (its base64 part after `whsec_`); any Standard Webhooks library verifies it", schema: { type: 'string' } },
];

const eventName = (type: string) => `${type.split(/[._]/).map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('')}Event`;

export function webhookDocs(schemaOf: SchemaOf): Record<string, unknown> {
  const entry = (type: string, summary: string, data: z.ZodType) => ({
    post: {
      operationId: `webhook:${type}`,
      summary,
      description: 'Sent to the endpoints that picked this event, at least once: answer 2xx within 10 seconds, or it is tried again after 30 s, 2 min, 10 min, 1 h, 3 h, 6 h and 12 h, then given up (the delivery log in Mine → API → Webhooks shows every try).',
      parameters: headers,
      requestBody: { required: true, content: { 'application/json': { schema: schemaOf(webhookEnvelope(type, data), 'output', eventName(type)) } } },
      responses: { '2XX': { description: 'Received' } },
    },
  });
  return {
    ...Object.fromEntries(WEBHOOK_EVENT_TYPES.map((type) => [type, entry(type, WHAT[type], webhookPayloadSchemas[type])])),
    [WEBHOOK_TEST_EVENT]: entry(WEBHOOK_TEST_EVENT, 'What "send a test event" sends', webhookTestPayloadSchema),
  };
}
