import type { WebhookDeliveryStatus } from '@simshop/contract';
import type { Generated } from 'kysely';
import type { Millis } from '../../db/column-types.ts';

/** 0053: a reseller's webhook endpoints; the signing secret sealed with the server's key. */
export interface WebhookEndpointsTable {
  id: Generated<number>;
  user_id: number;
  url: string;
  description: string;
  /** JSON array of WebhookEventType. */
  events: string;
  enabled: number;
  balance_low_below: number;
  secret_sealed: string;
  failing_since: Millis | null;
  created_at: Millis;
}

/** 0053: one message to one endpoint, with the body every try sends. */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  endpoint_id: number;
  message_id: string;
  event_type: string;
  body: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  next_attempt_at: Millis | null;
  created_at: Millis;
}

/** 0053: each try of a delivery. */
export interface WebhookAttemptsTable {
  id: Generated<number>;
  delivery_id: number;
  attempt: number;
  at: Millis;
  status_code: number | null;
  answer: string;
  duration_ms: number;
}
