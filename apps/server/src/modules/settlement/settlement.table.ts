import type { Currency } from '@simshop/contract';
import type { Generated } from 'kysely';
import type { Millis } from '../../db/column-types.ts';

export interface SettlementsTable {
  id: Generated<number>;
  merchant_id: number;
  period_from: Millis;
  period_to: Millis;
  commission_bps: number;
  settled_by: number | null;
  created_at: Millis;
}

export interface SettlementLinesTable {
  id: Generated<number>;
  settlement_id: number;
  currency: Currency;
  orders: number;
  gross: number;
  refunds: number;
  commission: number;
  payable: number;
}
