import type { Currency } from '@simshop/contract';

/**
 * The reports' summary tables (migration 0064), written only by database triggers: each row
 * holds the sums of the paid orders (or lines, coupon uses, eSIMs) that fall in its time bucket
 * (`quarter`: epoch ms ÷ 900,000; `day`: epoch ms ÷ 86,400,000, UTC) and key.
 */
interface Bucketed {
  orders: number;
  gross: number;
}

export interface ReportSalesQuartersTable extends Bucketed {
  currency: Currency;
  quarter: number;
}
export interface ReportMerchantDaysTable extends Bucketed {
  currency: Currency;
  day: number;
  merchant_id: number;
}
export interface ReportResellerDaysTable extends Bucketed {
  currency: Currency;
  day: number;
  user_id: number;
}
export interface ReportCouponDaysTable extends Bucketed {
  currency: Currency;
  day: number;
  coupon_id: number;
  discount: number;
}
export interface ReportProductDaysTable {
  currency: Currency;
  day: number;
  product_id: number;
  orders: number;
  units: number;
  amount: number;
}
export interface ReportSkuDaysTable {
  day: number;
  sku_id: number;
  units: number;
}
export interface ReportEsimQuartersTable {
  quarter: number;
  units: number;
  issued: number;
  installed_24h: number;
  installed: number;
}
/** One issued eSIM of a paid eSIM line: when its order was paid and first installed (null: never). */
export interface ReportEsimsTable {
  esim_id: number;
  paid_at: number;
  installed_at: number | null;
  delay: number | null;
}
/** Refund approvals (by the approval's time) and their orders' current refund amounts. */
interface Refunded {
  currency: Currency;
  refunds: number;
  amount: number;
}
export interface ReportRefundQuartersTable extends Refunded {
  quarter: number;
}
export interface ReportRefundMerchantDaysTable extends Refunded {
  day: number;
  merchant_id: number;
}
export interface ReportRefundResellerDaysTable extends Refunded {
  day: number;
  user_id: number;
}
/** `reason`: the order's refund reason, '' for none. */
export interface ReportRefundReasonDaysTable extends Refunded {
  day: number;
  reason: string;
}
