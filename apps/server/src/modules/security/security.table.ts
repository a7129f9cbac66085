import type { SecurityEventKind } from '@simshop/contract';
import type { Generated } from 'kysely';
import type { Millis } from '../../db/column-types.ts';

export interface RateLimitsTable {
  key: string;
  window_start: Millis;
  count: number;
}

/** 0033: wrong staff sign-ins per account from unknown devices; they set a growing delay. */
export interface StaffLoginThrottleTable {
  account: string;
  failures: number;
  last_failure_at: Millis;
  /** No attempt from an unknown device before this time (claimed by the attempt that goes ahead). */
  next_attempt_at: Millis;
}

/** 0033: sign-ins, refusals and bad signatures, apart from the audit log of changes. */
export interface SecurityEventsTable {
  id: Generated<number>;
  kind: SecurityEventKind;
  staff_id: number | null;
  account: string | null;
  ip: string | null;
  detail: string | null;
  created_at: Millis;
}
