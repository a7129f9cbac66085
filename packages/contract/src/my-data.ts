import { z } from 'zod';
import { i18nField } from './catalogue.ts';
import { orderAddressSchema } from './addresses.ts';
import { currencySchema, OrderStatus } from './enums.ts';

/**
 * "My data": a customer downloads everything the shop keeps about them as one JSON file, and may
 * delete their account. The file is meant to be read by a person as well as a program: dates are
 * ISO 8601 (UTC), amounts are decimal strings with their currency, statuses carry their text in
 * the language asked for next to the stable code.
 */

export const exportDataRequest = z.object({ i18n: i18nField });

const isoDate = z.string();
/** An amount as a person writes it ("9.90") with its currency; exact, unlike a float. */
export const exportMoneySchema = z.object({ amount: z.string(), currency: currencySchema });
export type ExportMoney = z.infer<typeof exportMoneySchema>;
/** A stable code and its text in the export's language. */
const coded = z.object({ code: z.string(), text: z.string() });
const bothNames = z.object({ en: z.string(), zh: z.string() });

/** Addresses in the shop's own fields (`detail` is the street and number). */
const exportAddressSchema = orderAddressSchema;

export const exportOrderSchema = z.object({
  orderNo: z.string(),
  status: coded,
  createdAt: isoDate,
  paidAt: isoDate.nullable(),
  paymentMethod: z.string().nullable(),
  subtotal: exportMoneySchema,
  delivery: exportMoneySchema,
  paymentFee: exportMoneySchema,
  discount: exportMoneySchema,
  total: exportMoneySchema,
  remark: z.string(),
  deliveryAddress: exportAddressSchema.partial().nullable(),
  shipment: z.object({ carrier: z.string().nullable(), trackingNo: z.string().nullable(), shippedAt: isoDate.nullable(), receivedAt: isoDate.nullable() }),
  refund: z.object({ reason: z.string().nullable(), note: z.string().nullable(), amount: exportMoneySchema.nullable() }).nullable(),
  items: z.array(
    z.object({
      name: bothNames,
      options: z.array(bothNames),
      unitPrice: exportMoneySchema,
      quantity: z.number().int(),
      amount: exportMoneySchema,
      /** What the customer typed for the item (e.g. a number to recharge), by field. */
      inputs: z.record(z.string(), z.unknown()),
    }),
  ),
});

export const exportEsimSchema = z.object({
  iccid: z.string().nullable(),
  eid: z.string().nullable(),
  orderNo: z.string().nullable(),
  status: coded,
  activation: coded,
  activationCode: z.string(),
  smdpAddress: z.string(),
  remark: z.string(),
  dataMb: z.number().int().nullable(),
  validityDays: z.number().int().nullable(),
  assignedAt: isoDate.nullable(),
});

export const exportDataResponse = z.object({
  about: z.object({
    /** Names the kind of file, so a program reading it knows what it holds. */
    format: z.literal('simshop-my-data/1'),
    exportedAt: isoDate,
    language: z.string(),
  }),
  account: z.object({
    id: z.number().int(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    nickname: z.string(),
    name: z.string(),
    avatar: z.string().nullable(),
    accountType: coded,
    reseller: z.boolean(),
    createdAt: isoDate,
    wechatLinked: z.boolean(),
  }),
  addresses: z.array(exportAddressSchema.extend({ default: z.boolean(), updatedAt: isoDate })),
  orders: z.array(exportOrderSchema),
  esims: z.array(exportEsimSchema),
  messages: z.array(z.object({ from: z.enum(['me', 'shop']), text: z.string(), sentAt: isoDate, readAt: isoDate.nullable() })),
  balances: z.array(z.object({ balance: exportMoneySchema, locked: z.boolean() })),
  ledger: z.array(z.object({ at: isoDate, change: exportMoneySchema, balanceAfter: exportMoneySchema, reason: z.string(), orderNo: z.string().nullable() })),
  devices: z.array(z.object({ iccid: z.string(), number: z.string().nullable(), carrier: z.string(), remark: z.string(), boundAt: isoDate })),
});
export type MyDataExport = z.infer<typeof exportDataResponse>;

/** The file name the shop saves the export under, e.g. `simshop-my-data-2026-12-02.json`. */
export function myDataFileName(exportedAt: string): string {
  return `simshop-my-data-${exportedAt.slice(0, 10)}.json`;
}

/**
 * Deleting the account: `confirm` is the account as the shop shows it (its e-mail, else its
 * phone), typed by the customer; the server checks it matches.
 */
export const deleteAccountRequest = z.object({ confirm: z.string().trim().min(1, 'validation.required').max(254) });

/**
 * Orders that stop an account from being deleted: waiting for payment (a payment could still
 * arrive), paid and not yet handed over, or with a refund or after-sales service under way.
 * Delivered, completed, refunded and cancelled orders are kept as accounting records.
 */
export const ORDER_STATUSES_BLOCKING_DELETION: readonly OrderStatus[] = [
  OrderStatus.unpaid,
  OrderStatus.unverified,
  OrderStatus.paid,
  OrderStatus.partialShipped,
  OrderStatus.shipped,
  OrderStatus.sent,
  OrderStatus.readyForPickup,
  OrderStatus.toBeRefunded,
  OrderStatus.toBeInquired,
  OrderStatus.inquiring,
  OrderStatus.toBeSubmitted,
  OrderStatus.progressing,
  OrderStatus.afterService,
  OrderStatus.orderLocked,
];

/** What the customer types to confirm deleting the account: the account as the shop shows it. */
export function deletionConfirmText(user: { id: number; email: string | null; tel: string | null }): string {
  return user.email ?? user.tel ?? `#${user.id}`;
}

/** Whether the typed confirmation names the account (spaces around it and the e-mail's case aside). */
export function confirmsDeletion(user: { id: number; email: string | null; tel: string | null }, typed: string): boolean {
  return typed.trim().toLowerCase() === deletionConfirmText(user).toLowerCase();
}
