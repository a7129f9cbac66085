import type { ActivationStatus, EsimClass, EsimRecordStatus, InstallLogType } from '@simshop/contract';
import type { ColumnType, Generated } from 'kysely';
import type { Millis } from '../../db/column-types.ts';

export interface EsimsTable {
  id: Generated<number>;
  sku_id: number | null;
  user_id: number | null;
  order_id: number | null;
  order_item_id: number | null;
  class: EsimClass;
  activation_code: string;
  dp_address: string;
  iccid: string | null;
  eid: string | null;
  remark: Generated<string>;
  scan_times: Generated<number>;
  record_status: EsimRecordStatus;
  activation_status: Generated<ActivationStatus>;
  assigned_at: Millis | null;
  unit_index: number | null;
  added: Generated<number>;
  added_at: Millis | null;
  created_at: Millis;
  updated_at: Millis;
  /**
   * 0031: the plan bought, copied from the SKU and its product by a trigger when the eSIM gets its
   * owner, so later edits of the SKU leave it alone. Null: no plan facts (see product_skus).
   */
  data_mb: ColumnType<number | null, never, never>;
  validity_days: ColumnType<number | null, never, never>;
  /** 0031: the product's `travel.validityStarts` then, as stored (checked when read). */
  validity_starts: ColumnType<string | null, never, never>;
}

export interface EsimInstallLogsTable {
  id: Generated<number>;
  esim_id: number;
  type: InstallLogType;
  eid: string | null;
  created_at: Millis;
}

export interface SmdpNotificationsTable {
  key: string;
  iccid: string;
  point: number;
  created_at: Millis;
}

/** 0040: a data add-on bought for an eSIM; `delivered_at` is set once the carrier took it. */
export interface EsimAddonsTable {
  id: Generated<number>;
  esim_id: number;
  user_id: number | null;
  order_id: number;
  order_item_id: number;
  /** MB; null: unlimited. */
  data_mb: number | null;
  validity_days: number;
  carrier_ref: string | null;
  created_at: Millis;
  delivered_at: Millis | null;
}
