import type { Currency, PayMethod, PaymentStatus } from '@simshop/contract';
import type { ColumnType } from 'kysely';
import type { Millis } from '../../db/column-types.ts';
import type { AutoRefundReason } from '../../jobs/topics.ts';

export interface PaymentsTable {
  id: string;
  order_id: number;
  method: PayMethod;
  amount: number;
  currency: Currency;
  status: PaymentStatus;
  provider_ref: string | null;
  created_at: Millis;
  updated_at: Millis;
  /** payment supersede (0022): the provider's hosted session confirmed closed. */
  session_closed_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** Money given back without staff (late money for a superseded payment, an order no longer payable). */
  auto_refund_amount: ColumnType<number | null, number | null | undefined, number | null>;
  auto_refund_reason: ColumnType<AutoRefundReason | null, AutoRefundReason | null | undefined, AutoRefundReason | null>;
  auto_refund_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** 0029: the checkout this payment covers (every order of it); null: only `order_id`. */
  checkout_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface PaymentEventsTable {
  provider: string;
  event_id: string;
  payment_id: string | null;
  outcome: string;
  created_at: Millis;
}
