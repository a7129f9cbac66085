import type { ResellerApplicationStatus, ResellerBusinessType, ResellerMonthlyVolume } from '@simshop/contract';
import type { ColumnType, Generated } from 'kysely';
import type { Millis } from '../../db/column-types.ts';

/** 0037: a customer's application to become a reseller; at most one pending per customer. */
export interface ResellerApplicationsTable {
  id: Generated<number>;
  user_id: number;
  business_name: string;
  contact_name: string;
  contact_email: string;
  contact_phone: string;
  /** ISO 3166 alpha-2. */
  country: string;
  business_type: ResellerBusinessType;
  monthly_volume: ResellerMonthlyVolume;
  website: ColumnType<string, string | undefined, string>;
  note: ColumnType<string, string | undefined, string>;
  status: ResellerApplicationStatus;
  reject_reason: string | null;
  /** Who decided: the audit actor's label (a staff email, or the command line). */
  decided_by: string | null;
  decided_at: Millis | null;
  version: Generated<number>;
  created_at: Millis;
  updated_at: Millis;
}
