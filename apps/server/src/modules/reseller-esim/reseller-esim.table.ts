import type { Currency, EsimClass } from '@simshop/contract';
import type { Generated } from 'kysely';
import type { Millis } from '../../db/column-types.ts';

/** A pool SKU the shop opened to resellers' "generate" (Manage eSIM), with the class its profiles are. */
export interface ResellerEsimClassesTable {
  sku_id: number;
  class: EsimClass;
  enabled: number;
  sort: number;
  created_at: Millis;
}

/** One reseller generation: N profiles of a class paid from the balance. */
export interface EsimBatchesTable {
  id: Generated<number>;
  batch_no: string;
  user_id: number;
  sku_id: number;
  class: EsimClass;
  quantity: number;
  unit_price: number;
  amount: number;
  currency: Currency;
  created_at: Millis;
}

export interface EsimBatchItemsTable {
  esim_id: number;
  batch_id: number;
}
