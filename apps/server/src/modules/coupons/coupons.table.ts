import type { CouponAudience, CouponDistribution, CouponKind, Currency } from '@simshop/contract';
import type { ColumnType, Generated } from 'kysely';
import type { Millis } from '../../db/column-types.ts';

// coupons (0017): JSON arrays in product_kinds/product_ids; a use counts while active_slot is set.
export interface CouponsTable {
  id: Generated<number>;
  name_en: string;
  name_zh: string;
  kind: CouponKind;
  value: number;
  max_discount: number | null;
  currency: Currency;
  min_spend: number;
  starts_at: Millis;
  ends_at: Millis | null;
  product_kinds: string;
  product_ids: string;
  audience: CouponAudience;
  max_uses: number | null;
  uses: Generated<number>;
  per_customer: number;
  with_wholesale: number;
  distribution: CouponDistribution;
  code: string | null;
  paused: Generated<number>;
  version: Generated<number>;
  created_at: Millis;
  updated_at: Millis;
  /** 0028: the merchant whose own coupon this is; null is platform-wide. */
  merchant_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface CouponCodesTable {
  id: Generated<number>;
  coupon_id: number;
  code: string;
  created_at: Millis;
}

export interface CouponClaimsTable {
  id: Generated<number>;
  coupon_id: number;
  user_id: number;
  claimed_at: Millis;
}

export interface CouponUsesTable {
  id: Generated<number>;
  coupon_id: number;
  user_id: number;
  order_id: number;
  code_id: number | null;
  discount: number;
  active_slot: number | null;
  active_code_id: number | null;
  created_at: Millis;
  returned_at: Millis | null;
}
