import type { Carrier, Currency, OrderHistoryEvent, OrderStatus, PayMethod, ProductKind } from '@simshop/contract';
import type { ColumnType, Generated } from 'kysely';
import type { Millis } from '../../db/column-types.ts';

export interface OrdersTable {
  id: Generated<number>;
  order_no: string;
  user_id: number;
  status: OrderStatus;
  reseller: number;
  currency: Currency;
  subtotal: number;
  freight: number;
  service_fee: number;
  discount: number;
  total: number;
  remark: string;
  /** JSON copy of the delivery address */
  address: string | null;
  address_modifiable: number;
  physical: number;
  pay_method: PayMethod | null;
  payment_trans_id: string | null;
  paid_at: Millis | null;
  refund_id: string | null;
  refund_reason: string | null;
  refund_note: string | null;
  refund_amount: number | null;
  carrier: Carrier | null;
  tracking_no: string | null;
  shipped_at: Millis | null;
  received_at: Millis | null;
  expires_at: Millis | null;
  created_at: Millis;
  updated_at: Millis;
  /** 0024: the store the customer collects the order at; null when delivered (or nothing to deliver). */
  pickup_store_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** 0028: the merchant that the order is with (1 = the platform itself). */
  merchant_id: ColumnType<number, number | undefined, number>;
  /** 0029: the checkout the order was made in (one per merchant of a cart); null for top-ups and older orders. */
  checkout_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** 0057: the assistant (OAuth client's name) that placed the order through the shop's MCP tools; null: the customer did. */
  placed_by_client: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  product_id: number;
  sku_id: number;
  kind: ProductKind;
  name_en: string;
  name_zh: string;
  /** JSON: [{ en, zh }] the chosen spec values */
  options: string;
  images: string;
  unit_price: number;
  quantity: number;
  amount: number;
  inputs: string;
  required_inputs: string;
  stock_reserved: number;
}

export interface OrderEventsTable {
  id: Generated<number>;
  order_id: number;
  event: OrderHistoryEvent;
  from_status: OrderStatus | null;
  to_status: OrderStatus;
  actor: string;
  reason: string;
  created_at: Millis;
}

/** An internal note staff leave on an order (never shown to the customer). */
export interface OrderNotesTable {
  id: Generated<number>;
  order_id: number;
  staff_id: number | null;
  /** The staff member's email, or `cli:<user>`. */
  author: string;
  body: string;
  created_at: Millis;
}

export interface CheckoutsTable {
  id: Generated<number>;
  checkout_no: string;
  user_id: number;
  currency: Currency;
  created_at: Millis;
}

/** 0042: an EU consumer's consent to immediate performance and withdrawal on one order. */
export interface OrderConsumerTermsTable {
  order_id: number;
  country: string;
  consent_at: Millis | null;
  consent_version: string | null;
  withdrawn_at: Millis | null;
}
