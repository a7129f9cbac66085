import type { Generated } from 'kysely';
import type { Millis } from '../../db/column-types.ts';

export interface AuditLogTable {
  id: Generated<number>;
  staff_id: number | null;
  actor: string;
  ip: string | null;
  action: string;
  target_type: string;
  target_id: string;
  before_json: string | null;
  after_json: string | null;
  created_at: Millis;
}
