import type { Generated } from 'kysely';
import type { Millis } from '../../db/column-types.ts';

/** 0041: one threshold of one eSIM's plan, claimed once, in the transaction that queues its message. */
export interface EsimUsageAlertsTable {
  id: Generated<number>;
  esim_id: number;
  /** The plan with the add-ons it had when the threshold was reached. */
  plan_key: string;
  threshold: string;
  /** 1: its message was queued; 0: a higher threshold of the same kind was told instead. */
  told: number;
  created_at: Millis;
}

/** 0044: when the sweep next asks the network about an eSIM (a process takes a due one by moving it forward). */
export interface EsimUsageChecksTable {
  esim_id: number;
  next_check_at: Millis;
}
