import type { Generated } from 'kysely';
import type { Currency } from '@simshop/contract';
import type { Millis } from '../../db/column-types.ts';

/** What oidc-provider keeps through the shop's adapter (migration 0054): one row per model and id. */
export interface OauthRecordsTable {
  model: string;
  id: string;
  /** The model's payload as oidc-provider gave it, JSON. */
  payload: string;
  grant_id: string | null;
  uid: string | null;
  user_code: string | null;
  /** The shop user's id as text (oidc-provider's accountId), for grants and sessions. */
  account_id: string | null;
  client_id: string | null;
  /** null: kept until destroyed. */
  expires_at: Millis | null;
  consumed_at: Millis | null;
}

/** One tool call an assistant made with a customer's token. */
export interface McpToolCallsTable {
  id: Generated<number>;
  grant_id: string;
  client_id: string;
  client_name: string;
  user_id: number;
  tool: string;
  ok: number;
  at: Millis;
}

/** The most an approval lets its assistant spend a day (migration 0057), with what it spent on `day`. */
export interface McpBuyLimitsTable {
  grant_id: string;
  user_id: number;
  currency: Currency;
  /** Minor units. */
  daily_amount: number;
  /** The UTC day `spent` counts (days since 1970). */
  day: number;
  spent: number;
  updated_at: Millis;
}

/** One tool call an assistant made with a staff member's token (migration 0063). */
export interface McpStaffToolCallsTable {
  id: Generated<number>;
  grant_id: string;
  client_id: string;
  client_name: string;
  staff_id: number;
  tool: string;
  ok: number;
  at: Millis;
}
