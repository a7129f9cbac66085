import type { Currency } from '@simshop/contract';
import type { Millis } from '../../db/column-types.ts';

/** 0060: a reseller's daily spend limit of the reseller API in one currency, and what the API spent on `day`. */
export interface ApiSpendLimitsTable {
  user_id: number;
  currency: Currency;
  /** Minor units a UTC day; null: no limit (the row still counts the day's spending). */
  daily_limit: number | null;
  /** The UTC day `spent` counts (days since 1970); an earlier day's row counts as nothing spent today. */
  day: number;
  spent: number;
  /** The UTC day the 80 % warning last went out. */
  warned_day: number | null;
  updated_at: Millis;
}
