import type { MerchantStatus } from '@simshop/contract';
import type { ColumnType, Generated } from 'kysely';
import type { Millis } from '../../db/column-types.ts';

export interface MerchantsTable {
  id: Generated<number>;
  name_en: string;
  name_zh: string;
  /** An image string like products' images (`folder:a` or a /media/... url); null: no logo. */
  logo: string | null;
  description_en: ColumnType<string, string | undefined, string>;
  description_zh: ColumnType<string, string | undefined, string>;
  contact_email: ColumnType<string, string | undefined, string>;
  contact_phone: ColumnType<string, string | undefined, string>;
  return_address: ColumnType<string, string | undefined, string>;
  /** contract `MerchantStatus`; changed only through the merchant state machine. */
  status: MerchantStatus;
  /** Commission the platform keeps, in basis points (0..10000). */
  commission_bps: ColumnType<number, number | undefined, number>;
  /** The shop user who applied from /pages/shop/apply; null when created in the console. */
  applicant_user_id: number | null;
  version: Generated<number>;
  created_at: Millis;
  updated_at: Millis;
}
