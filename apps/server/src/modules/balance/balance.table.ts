import type { Currency } from '@simshop/contract';
import type { ColumnType, Generated } from 'kysely';
import type { Millis } from '../../db/column-types.ts';

export interface BalancesTable {
  user_id: number;
  currency: Currency;
  amount: number;
  locked: number;
  updated_at: Millis;
  // admin customers (0015): why staff locked it (null when unlocked).
  lock_reason: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface BalanceLedgerTable {
  id: Generated<number>;
  user_id: number;
  currency: Currency;
  amount: number;
  balance_after: number;
  reason: string;
  order_id: number | null;
  created_at: Millis;
}

/** A top-up order item credited to a balance: its key makes the credit happen once. */
export interface BalanceTopupsTable {
  order_item_id: number;
  order_id: number;
  user_id: number;
  currency: Currency;
  amount: number;
  created_at: Millis;
}
