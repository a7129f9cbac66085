import type { Generated } from 'kysely';
import type { Millis } from '../../db/column-types.ts';

export interface SupsimsTable {
  id: Generated<number>;
  user_id: number;
  iccid: string;
  remark: string;
  created_at: Millis;
}
