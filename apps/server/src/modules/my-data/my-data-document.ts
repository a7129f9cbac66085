// The data export as a person reads it: rows as the domains store them, turned into ISO dates,
// decimal amounts with their currency and statuses with their text. Pure, so it is tested alone.
import {
  activationStatusLabelKey,
  enumTexts,
  esimRecordStatusLabelKey,
  orderStatusLabelKey,
  userTypeLabelKey,
  type Address,
  type Balance,
  type Currency,
  type ExportMoney,
  type Language,
  type MyDataExport,
  type OrderAddress,
  type UserType,
} from '@simshop/contract';
import type { Selectable } from 'kysely';
import type { BalanceLedgerTable } from '../balance/balance.table.ts';
import type { DevicesTable } from '../devices/devices.table.ts';
import type { EsimsTable } from '../esim/esim.table.ts';
import type { CustomerMessagesTable } from '../messages/messages.table.ts';
import type { OrderItemsTable, OrdersTable } from '../orders/orders.table.ts';

export interface MyDataSources {
  account: { id: number; email: string | null; tel: string | null; nickname: string; name: string; avatar: string | null; user_type: UserType; role: number; created_at: number };
  reseller: boolean;
  wechatLinked: boolean;
  addresses: readonly Address[];
  orders: readonly { order: Selectable<OrdersTable>; items: readonly Selectable<OrderItemsTable>[] }[];
  esims: readonly (Pick<Selectable<EsimsTable>, 'iccid' | 'eid' | 'record_status' | 'activation_status' | 'activation_code' | 'dp_address' | 'remark' | 'data_mb' | 'validity_days' | 'assigned_at'> & { order_no: string | null })[];
  messages: readonly Selectable<CustomerMessagesTable>[];
  balances: readonly Balance[];
  ledger: readonly Selectable<BalanceLedgerTable>[];
  devices: readonly Selectable<DevicesTable>[];
}

export const isoDate = (ms: number): string => new Date(ms).toISOString();
const isoOrNull = (ms: number | null): string | null => (ms === null ? null : isoDate(ms));

/** Minor units as the decimal a person writes: 990 → "9.90", -1250 → "-12.50". */
export function exportMoney(minor: number, currency: Currency): ExportMoney {
  const abs = Math.abs(Math.round(minor));
  return { amount: `${minor < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`, currency };
}

function parsed<T>(json: string | null, fallback: T): T {
  if (json === null) return fallback;
  try {
    return JSON.parse(json) as T;
  } catch {
    return fallback;
  }
}


function toOrder(o: Selectable<OrdersTable>, items: readonly Selectable<OrderItemsTable>[], text: (key: string, fallback: string) => string): MyDataExport['orders'][number] {
  const m = (minor: number) => exportMoney(minor, o.currency);
  const refunded = o.refund_reason !== null || o.refund_amount !== null;
  return {
    orderNo: o.order_no,
    status: { code: o.status, text: text(orderStatusLabelKey(o.status), o.status) },
    createdAt: isoDate(o.created_at),
    paidAt: isoOrNull(o.paid_at),
    paymentMethod: o.pay_method,
    subtotal: m(o.subtotal),
    delivery: m(o.freight),
    paymentFee: m(o.service_fee),
    discount: m(o.discount),
    total: m(o.total),
    remark: o.remark,
    deliveryAddress: parsed<Partial<OrderAddress> | null>(o.address, null),
    shipment: { carrier: o.carrier, trackingNo: o.tracking_no, shippedAt: isoOrNull(o.shipped_at), receivedAt: isoOrNull(o.received_at) },
    refund: refunded ? { reason: o.refund_reason, note: o.refund_note, amount: o.refund_amount === null ? null : m(o.refund_amount) } : null,
    items: items.map((i) => ({
      name: { en: i.name_en, zh: i.name_zh },
      options: parsed<{ en: string; zh: string }[]>(i.options, []),
      unitPrice: m(i.unit_price),
      quantity: i.quantity,
      amount: m(i.amount),
      inputs: parsed<Record<string, unknown>>(i.inputs, {}),
    })),
  };
}

/** The whole document, in `lang` for the statuses' texts. */
export function myDataDocument(src: MyDataSources, lang: Language, now: number): MyDataExport {
  const texts = enumTexts[lang];
  const text = (key: string, fallback: string) => texts[key] ?? fallback;
  const orderNos = new Map(src.orders.map(({ order }) => [order.id, order.order_no]));
  return {
    about: { format: 'simshop-my-data/1', exportedAt: isoDate(now), language: lang },
    account: {
      id: src.account.id,
      email: src.account.email,
      phone: src.account.tel,
      nickname: src.account.nickname,
      name: src.account.name,
      avatar: src.account.avatar,
      accountType: { code: String(src.account.user_type), text: text(userTypeLabelKey(src.account.user_type), String(src.account.user_type)) },
      reseller: src.reseller,
      createdAt: isoDate(src.account.created_at),
      wechatLinked: src.wechatLinked,
    },
    addresses: src.addresses.map(({ id: _id, defaultAddr, updatedAt, ...fields }) => ({ ...fields, default: defaultAddr, updatedAt: isoDate(updatedAt) })),
    orders: src.orders.map(({ order, items }) => toOrder(order, items, text)),
    esims: src.esims.map((e) => ({
      iccid: e.iccid,
      eid: e.eid,
      orderNo: e.order_no,
      status: { code: e.record_status, text: text(esimRecordStatusLabelKey(e.record_status), e.record_status) },
      activation: { code: String(e.activation_status), text: text(activationStatusLabelKey(e.activation_status), String(e.activation_status)) },
      activationCode: e.activation_code,
      smdpAddress: e.dp_address,
      remark: e.remark,
      dataMb: e.data_mb,
      validityDays: e.validity_days,
      assignedAt: isoOrNull(e.assigned_at),
    })),
    messages: src.messages.map((m) => ({ from: m.sender === 'customer' ? 'me' : 'shop', text: m.content, sentAt: isoDate(m.created_at), readAt: isoOrNull(m.read_at) })),
    balances: src.balances.map((b) => ({ balance: exportMoney(b.amount, b.currency), locked: b.locked })),
    ledger: src.ledger.map((l) => ({
      at: isoDate(l.created_at),
      change: exportMoney(l.amount, l.currency),
      balanceAfter: exportMoney(l.balance_after, l.currency),
      reason: l.reason,
      orderNo: l.order_id === null ? null : (orderNos.get(l.order_id) ?? null),
    })),
    devices: src.devices.map((d) => ({ iccid: d.iccid, number: d.msisdn, carrier: d.carrier, remark: d.remark, boundAt: isoDate(d.created_at) })),
  };
}
