import type { EcodeStatus, QpeVariant } from '@simshop/contract';
import type { Generated } from 'kysely';
import type { Millis } from '../../db/column-types.ts';

export interface EcodesTable {
  id: Generated<number>;
  code: string;
  user_id: number;
  order_id: number | null;
  order_item_id: number | null;
  unit_index: number | null;
  status: EcodeStatus;
  buyer_note: Generated<string>;
  imei: string | null;
  variant: QpeVariant | null;
  esim_id: number | null;
  locked_until: Millis | null;
  sold_at: Millis | null;
  customized_at: Millis | null;
  created_at: Millis;
  updated_at: Millis;
}
