import { randomBytes, randomUUID } from 'node:crypto';
import { isResellerRole, MCP_PREVIEW_TTL_MS, ProductKind, serverErrors, type Currency, type Language, type OrderStatus, type ProductKind as Kind } from '@simshop/contract';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { userById } from '../accounts/account.service.ts';
import { balanceOf } from '../balance/balance.service.ts';
import { skuOptions } from '../catalogue/catalogue.service.ts';
import { requireFittingAddon } from '../esim/esim-addon.service.ts';
import { buyAllowanceOf, spendAllowance, type McpCustomer } from '../oauth/oauth.service.ts';
import type { CarrierProvider } from '../../providers/carrier.ts';
import { writeAddonOrder } from '../orders/esim-addon-order.service.ts';
import { writeOneSkuOrder, type PricedLine, type PricedOneSku } from '../orders/one-sku-order.service.ts';
import { priceCheckout } from '../orders/order-pricing.service.ts';
import { orderDetail } from '../orders/order-views.service.ts';
import { payFromBalanceIn } from '../payments/payment.service.ts';
import * as previews from './mcp.repository.ts';
import { moneyText } from './mcp-texts.ts';

/**
 * Buying through an assistant: a preview prices one SKU for the customer (wholesale for a
 * reseller), or a data add-on for one of the customer's own eSIMs, and keeps what it showed; the confirm buys exactly that, paid from the balance with
 * the shop's own order writer and balance payment, all in one transaction with the claim of the
 * preview and the day's spending, so a refusal anywhere (price moved, daily amount, stock,
 * balance) leaves nothing written and the same preview confirmed twice places one order. What
 * it does not do: goods sent by post or needing details typed in (IMEI, a number to recharge),
 * nor paying by card: an assistant has no way to show a payment page.
 */

/** Kinds an assistant may buy: handed over online, nothing to type in. ECodes are resellers' only (pricing refuses them to others). */
const BUYABLE_KINDS: ReadonlySet<Kind> = new Set([ProductKind.esim, ProductKind.ecode]);

export interface PreviewAnswer {
  previewToken: string;
  expiresAt: number;
  productId: number;
  skuId: number;
  kind: Kind;
  name: string;
  esimId: number | null;
  quantity: number;
  unitPrice: number;
  total: number;
  currency: Currency;
  balanceBefore: number | null;
  balanceAfter: number | null;
  dailyAmount: number;
  spentToday: number;
  payable: boolean;
}

export interface ConfirmAnswer {
  orderNo: string;
  status: OrderStatus;
  total: number;
  currency: Currency;
  balanceAfter: number | null;
  alreadyConfirmed: boolean;
}

async function isReseller(db: Executor, userId: number): Promise<boolean> {
  return isResellerRole((await userById(db, userId))?.role);
}

/** One SKU priced for the buyer, refused when an assistant cannot buy it. */
async function pricedLine(db: Executor, buyer: Buyer, skuId: number, quantity: number) {
  const priced = await priceCheckout(db, buyer, [{ skuId, quantity, inputs: {} }], false);
  const part = priced.parts[0]!;
  const line = part.lines[0]!;
  requireBuyable(part, line);
  return { part, line };
}

/** Goods sent by post, or needing details typed in, are not an assistant's to buy. */
function requireBuyable(part: PricedOneSku, line: PricedLine) {
  if (part.physical || line.required.length > 0 || !BUYABLE_KINDS.has(line.product.kind)) throw new AppError(serverErrors.mcpNotBuyable, 'skuId');
}

type Buyer = { userId: number; reseller: boolean; currency: Currency };

/**
 * A top-up of one of the customer's eSIMs: the shop's add-on checks (the eSIM is theirs, still
 * usable, the package fits it), one package. Another customer's eSIM is not found, as on its page.
 */
async function fittingTopup(db: Executor, carrier: CarrierProvider | null, buyer: Buyer, input: { skuId: number; quantity: number; esimId: number }, lang: Language, now: number) {
  if (input.quantity !== 1)
    throw new AppError(serverErrors.paramInvalid, 'quantity', {
      min: 1,
      max: 1,
    });
  return requireFittingAddon(db, carrier, buyer, { esimId: input.esimId, skuId: input.skuId }, lang, now);
}

/** What a purchase comes to, as the preview shows it and the confirm checks it again. */
async function quote(db: Executor, carrier: CarrierProvider | null, buyer: Buyer, input: { skuId: number; quantity: number; esimId: number | null }, lang: Language, now: number) {
  if (input.esimId !== null) {
    const fitting = await fittingTopup(db, carrier, buyer, { ...input, esimId: input.esimId }, lang, now);
    const { product, sku, offer } = fitting;
    return {
      product,
      sku,
      quantity: 1,
      unitPrice: offer.price,
      total: offer.price,
      currency: offer.currency,
      topup: fitting,
      plan: null,
    };
  }
  const plan = await pricedLine(db, buyer, input.skuId, input.quantity);
  const { part, line } = plan;
  return {
    product: line.product,
    sku: line.sku,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    total: part.total,
    currency: part.currency,
    topup: null,
    plan,
  };
}

/** What would be bought, its price and the balance after; only the preview is written. */
export async function previewPurchase(db: Database, carrier: CarrierProvider | null, customer: McpCustomer, input: { skuId: number; quantity: number; esimId?: number | undefined }, lang: Language, now: number): Promise<PreviewAnswer> {
  const allowance = (await buyAllowanceOf(db, customer.grantId, now)) ?? {
    currency: 'USD' as const,
    dailyAmount: 0,
    spentToday: 0,
  };
  const buyer = {
    userId: customer.userId,
    reseller: await isReseller(db, customer.userId),
    currency: allowance.currency,
  };
  const esimId = input.esimId ?? null;
  const q = await quote(db, carrier, buyer, { skuId: input.skuId, quantity: input.quantity, esimId }, lang, now);
  const balance = await balanceOf(db, customer.userId, q.currency);
  const token = `pv_${randomBytes(18).toString('base64url')}`;
  const expiresAt = now + MCP_PREVIEW_TTL_MS;
  await previews.insertPreview(db, {
    token,
    grant_id: customer.grantId,
    user_id: customer.userId,
    sku_id: q.sku.id,
    esim_id: esimId,
    quantity: q.quantity,
    currency: q.currency,
    unit_price: q.unitPrice,
    total: q.total,
    created_at: now,
    expires_at: expiresAt,
    confirmed_at: null,
    order_no: null,
  });
  const withinDay = q.currency === allowance.currency && allowance.spentToday + q.total <= allowance.dailyAmount;
  return {
    previewToken: token,
    expiresAt,
    productId: q.product.id,
    skuId: q.sku.id,
    kind: q.product.kind,
    name: [lang === 'zh-Hans' ? q.product.name_zh : q.product.name_en, ...skuOptions(q.product, q.sku).map((o) => (lang === 'zh-Hans' ? o.zh : o.en))].filter(Boolean).join(' '),
    esimId,
    quantity: q.quantity,
    unitPrice: q.unitPrice,
    total: q.total,
    currency: q.currency,
    balanceBefore: balance?.amount ?? null,
    balanceAfter: balance ? balance.amount - q.total : null,
    dailyAmount: allowance.dailyAmount,
    spentToday: allowance.spentToday,
    payable: withinDay && balance !== null && !balance.locked && balance.amount >= q.total,
  };
}

/** Buys what the preview showed, once: a preview confirmed again answers the order it placed. */
export async function confirmPurchase(db: Database, carrier: CarrierProvider | null, customer: McpCustomer, token: string, lang: Language, now: number): Promise<ConfirmAnswer> {
  const { userId, grantId } = customer;
  const reseller = await isReseller(db, userId);
  return db.transaction().execute(async (tx) => {
    if (!(await previews.claimPreview(tx, token, userId, grantId, now))) {
      const earlier = await previews.previewOf(tx, token, userId, grantId);
      if (!earlier?.order_no) throw new AppError(serverErrors.mcpPreviewNotFound, 'previewToken');
      return {
        ...(await answerOf(tx, userId, earlier.order_no, lang)),
        alreadyConfirmed: true,
      };
    }
    const shown = (await previews.previewOf(tx, token, userId, grantId))!;
    const buyer = { userId, reseller, currency: shown.currency };
    // What is bought now must be what the preview showed, and within the day's amount.
    const agree = async (q: { unitPrice: number; total: number; currency: Currency }) => {
      if (q.currency !== shown.currency || q.unitPrice !== Number(shown.unit_price) || q.total !== Number(shown.total)) {
        throw new AppError(serverErrors.priceChanged, 'previewToken', {
          price: moneyText(q.unitPrice, q.currency, lang),
          expected: moneyText(Number(shown.unit_price), shown.currency, lang),
        });
      }
      if (!(await spendAllowance(tx, grantId, q.currency, q.total, now))) {
        const allowance = await buyAllowanceOf(tx, grantId, now);
        const limitCurrency = allowance?.currency ?? q.currency;
        throw new AppError(serverErrors.mcpDailyAmountExceeded, 'previewToken', {
          amount: moneyText(q.total, q.currency, lang),
          limit: moneyText(allowance?.dailyAmount ?? 0, limitCurrency, lang),
          spent: moneyText(allowance?.spentToday ?? 0, limitCurrency, lang),
        });
      }
    };
    let orderNo: string;
    if (shown.esim_id !== null) {
      // A top-up is the shop's add-on order (the eSIM its package goes to written with it), marked alike.
      const q = await quote(tx, carrier, buyer, { skuId: shown.sku_id, quantity: shown.quantity, esimId: shown.esim_id }, lang, now);
      await agree(q);
      orderNo = (await writeAddonOrder(tx, buyer, q.topup!, null, lang, now, customer.clientName)).orderNo;
    } else {
      // A new plan's (or ECodes') order of one SKU; its first event says who placed it (the console's order history shows it).
      const input = { buyer, skuId: shown.sku_id, quantity: shown.quantity, checkInputs: false, reason: `assistant "${customer.clientName}"`, placedByClient: customer.clientName, quantityField: 'quantity' };
      const written = await writeOneSkuOrder(tx, input, now, async ({ part, line }) => {
        requireBuyable(part, line);
        await agree({ unitPrice: line.unitPrice, total: part.total, currency: part.currency });
      });
      orderNo = written.orderNo;
    }
    // The shop's balance payment: debits (never below zero), records the payment and issues what was bought.
    await payFromBalanceIn(tx, userId, orderNo, randomUUID(), now);
    await previews.setPreviewOrder(tx, token, orderNo);
    return {
      ...(await answerOf(tx, userId, orderNo, lang)),
      alreadyConfirmed: false,
    };
  });
}

async function answerOf(tx: Executor, userId: number, orderNo: string, lang: Language): Promise<Omit<ConfirmAnswer, 'alreadyConfirmed'>> {
  const detail = await orderDetail(tx, userId, orderNo, lang);
  const balance = await balanceOf(tx, userId, detail.currency);
  return {
    orderNo,
    status: detail.status,
    total: detail.total,
    currency: detail.currency,
    balanceAfter: balance?.amount ?? null,
  };
}

/** The scheduled round's tidy-up: previews never confirmed, a day after they expired. */
export const forgetExpiredPreviews = (db: Executor, now: number) => previews.deleteUnconfirmedBefore(db, now - 24 * 3600_000);
