import type { DeviceCarrier, RechargeStatus } from '@simshop/contract';
import type { Generated } from 'kysely';
import type { Millis } from '../../db/column-types.ts';

export interface DevicesTable {
  id: Generated<number>;
  user_id: number;
  iccid: string;
  msisdn: string | null;
  carrier: DeviceCarrier;
  remark: string;
  created_at: Millis;
}

export interface RechargesTable {
  id: Generated<number>;
  user_id: number;
  order_id: number;
  order_item_id: number;
  unit_index: number;
  number: string;
  package_en: string;
  package_zh: string;
  volume_mb: number;
  status: RechargeStatus;
  carrier_ref: string | null;
  created_at: Millis;
}
