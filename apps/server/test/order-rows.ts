import type { Insertable } from 'kysely';
import type { EsimsTable } from '../src/modules/esim/esim.table.ts';
import type { OrderItemsTable, OrdersTable } from '../src/modules/orders/orders.table.ts';

/**
 * Rows of orders written straight into the tables, for the tests and benches that need many
 * orders faster than checkouts make them (the reports, the console's order list at a million).
 * Each takes what its caller decides and fills the rest as a checkout of a digital order without
 * coupon, delivery or refund leaves it.
 */
type OrderRow = Insertable<OrdersTable>;

export function orderRow(fields: Pick<OrderRow, 'order_no' | 'user_id' | 'status' | 'currency' | 'total' | 'created_at'> & Partial<OrderRow>): OrderRow {
  return {
    reseller: 0,
    subtotal: fields.total,
    freight: 0,
    service_fee: 0,
    discount: 0,
    remark: '',
    address: null,
    address_modifiable: 0,
    physical: 0,
    pay_method: null,
    payment_trans_id: null,
    paid_at: null,
    refund_id: null,
    refund_reason: null,
    refund_note: null,
    refund_amount: null,
    carrier: null,
    tracking_no: null,
    shipped_at: null,
    received_at: null,
    expires_at: null,
    updated_at: fields.created_at,
    ...fields,
  };
}

type ItemRow = Insertable<OrderItemsTable>;

/** One line of an order, named after its SKU's code unless told otherwise. */
export function orderItemRow(fields: Pick<ItemRow, 'order_id' | 'product_id' | 'sku_id' | 'kind' | 'unit_price' | 'quantity'> & Partial<ItemRow> & { code?: string }): ItemRow {
  const { code = '', ...rest } = fields;
  return { name_en: code, name_zh: code, options: '[]', images: '', amount: fields.unit_price * fields.quantity, inputs: '{}', required_inputs: '[]', stock_reserved: 0, ...rest };
}

/** An eSIM given to an order line when it was paid, from an SM-DP+ that made it on demand. */
export function assignedEsimRow(fields: { userId: number; orderId: number; orderItemId: number; activationCode: string; unitIndex: number; paidAt: number }): Insertable<EsimsTable> {
  const { paidAt } = fields;
  return { sku_id: null, user_id: fields.userId, order_id: fields.orderId, order_item_id: fields.orderItemId, class: 3, activation_code: fields.activationCode, dp_address: 'smdp.example.com', iccid: null, eid: null, record_status: 'assigned', assigned_at: paidAt, unit_index: fields.unitIndex, added_at: null, created_at: paidAt, updated_at: paidAt };
}
