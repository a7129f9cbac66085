import { randomBytes, randomUUID } from 'node:crypto';
import { isResellerRole, MCP_PREVIEW_TTL_MS, ProductKind, serverErrors, type Currency, type Language, type OrderStatus, type ProductKind as Kind } from '@simshop/contract';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { userById } from '../accounts/account.service.ts';
import { balanceOf } from '../balance/balance.service.ts';
import { skuOptions, takeStock } from '../catalogue/catalogue.service.ts';
import { buyAllowanceOf, spendAllowance, type McpCustomer } from '../oauth/oauth.service.ts';
import { UNSHIPPED_ORDER, writeOrder } from '../orders/order-checkout.service.ts';
import { priceCheckout } from '../orders/order-pricing.service.ts';
import { orderDetail } from '../orders/order-views.service.ts';
import { payFromBalanceIn } from '../payments/payment.service.ts';
import * as previews from './mcp.repository.ts';
import { moneyText } from './mcp-texts.ts';

/**
 * Buying through an assistant: a preview prices one SKU for the customer (wholesale for a
 * reseller) and keeps what it showed; the confirm buys exactly that, paid from the balance with
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
async function pricedLine(db: Executor, buyer: { userId: number; reseller: boolean; currency: Currency }, skuId: number, quantity: number) {
  const priced = await priceCheckout(db, buyer, [{ skuId, quantity, inputs: {} }], false);
  const part = priced.parts[0]!;
  const line = part.lines[0]!;
  if (priced.physical || line.required.length > 0 || !BUYABLE_KINDS.has(line.product.kind)) throw new AppError(serverErrors.mcpNotBuyable, 'skuId');
  return { part, line };
}

/** What would be bought, its price and the balance after; only the preview is written. */
export async function previewPurchase(db: Database, customer: McpCustomer, input: { skuId: number; quantity: number }, lang: Language, now: number): Promise<PreviewAnswer> {
  const allowance = (await buyAllowanceOf(db, customer.grantId, now)) ?? { currency: 'USD' as const, dailyAmount: 0, spentToday: 0 };
  const buyer = { userId: customer.userId, reseller: await isReseller(db, customer.userId), currency: allowance.currency };
  const { part, line } = await pricedLine(db, buyer, input.skuId, input.quantity);
  const balance = await balanceOf(db, customer.userId, part.currency);
  const token = `pv_${randomBytes(18).toString('base64url')}`;
  const expiresAt = now + MCP_PREVIEW_TTL_MS;
  await previews.insertPreview(db, { token, grant_id: customer.grantId, user_id: customer.userId, sku_id: line.sku.id, quantity: line.quantity, currency: part.currency, unit_price: line.unitPrice, total: part.total, created_at: now, expires_at: expiresAt, confirmed_at: null, order_no: null });
  const withinDay = part.currency === allowance.currency && allowance.spentToday + part.total <= allowance.dailyAmount;
  return {
    previewToken: token,
    expiresAt,
    productId: line.product.id,
    skuId: line.sku.id,
    kind: line.product.kind,
    name: [lang === 'zh-Hans' ? line.product.name_zh : line.product.name_en, ...skuOptions(line.product, line.sku).map((o) => (lang === 'zh-Hans' ? o.zh : o.en))].filter(Boolean).join(' '),
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    total: part.total,
    currency: part.currency,
    balanceBefore: balance?.amount ?? null,
    balanceAfter: balance ? balance.amount - part.total : null,
    dailyAmount: allowance.dailyAmount,
    spentToday: allowance.spentToday,
    payable: withinDay && balance !== null && !balance.locked && balance.amount >= part.total,
  };
}

/** Buys what the preview showed, once: a preview confirmed again answers the order it placed. */
export async function confirmPurchase(db: Database, customer: McpCustomer, token: string, lang: Language, now: number): Promise<ConfirmAnswer> {
  const { userId, grantId } = customer;
  const reseller = await isReseller(db, userId);
  return db.transaction().execute(async (tx) => {
    if (!(await previews.claimPreview(tx, token, userId, grantId, now))) {
      const earlier = await previews.previewOf(tx, token, userId, grantId);
      if (!earlier?.order_no) throw new AppError(serverErrors.mcpPreviewNotFound, 'previewToken');
      return { ...(await answerOf(tx, userId, earlier.order_no, lang)), alreadyConfirmed: true };
    }
    const shown = (await previews.previewOf(tx, token, userId, grantId))!;
    const { part, line } = await pricedLine(tx, { userId, reseller, currency: shown.currency }, shown.sku_id, shown.quantity);
    if (part.currency !== shown.currency || line.unitPrice !== Number(shown.unit_price) || part.total !== Number(shown.total)) {
      throw new AppError(serverErrors.priceChanged, 'previewToken', { price: moneyText(line.unitPrice, part.currency, lang), expected: moneyText(Number(shown.unit_price), shown.currency, lang) });
    }
    if (!(await spendAllowance(tx, grantId, part.currency, part.total, now))) {
      const allowance = await buyAllowanceOf(tx, grantId, now);
      const limitCurrency = allowance?.currency ?? part.currency;
      throw new AppError(serverErrors.mcpDailyAmountExceeded, 'previewToken', {
        amount: moneyText(part.total, part.currency, lang),
        limit: moneyText(allowance?.dailyAmount ?? 0, limitCurrency, lang),
        spent: moneyText(allowance?.spentToday ?? 0, limitCurrency, lang),
      });
    }
    const order = await writeOrder(
      tx,
      {
        userId,
        reseller,
        currency: part.currency,
        subtotal: part.subtotal,
        ...UNSHIPPED_ORDER,
        merchantId: part.merchantId,
        // The order's first event says who placed it (the console's order history shows it).
        reason: `assistant "${customer.clientName}"`,
        placedByClient: customer.clientName,
        items: [
          {
            product_id: line.product.id,
            sku_id: line.sku.id,
            kind: line.product.kind,
            name_en: line.product.name_en,
            name_zh: line.product.name_zh,
            options: JSON.stringify(skuOptions(line.product, line.sku)),
            images: line.product.images,
            unit_price: line.unitPrice,
            quantity: line.quantity,
            amount: line.amount,
            inputs: '{}',
            required_inputs: '[]',
            stock_reserved: line.sku.stock !== null ? 1 : 0,
          },
        ],
      },
      now,
    );
    if (line.sku.stock !== null && !(await takeStock(tx, line.sku.id, line.quantity))) throw new AppError(serverErrors.stockInsufficient, 'quantity');
    // The shop's balance payment: debits (never below zero), records the payment and issues what was bought.
    await payFromBalanceIn(tx, userId, order.orderNo, randomUUID(), now);
    await previews.setPreviewOrder(tx, token, order.orderNo);
    return { ...(await answerOf(tx, userId, order.orderNo, lang)), alreadyConfirmed: false };
  });
}

async function answerOf(tx: Executor, userId: number, orderNo: string, lang: Language): Promise<Omit<ConfirmAnswer, 'alreadyConfirmed'>> {
  const detail = await orderDetail(tx, userId, orderNo, lang);
  const balance = await balanceOf(tx, userId, detail.currency);
  return { orderNo, status: detail.status, total: detail.total, currency: detail.currency, balanceAfter: balance?.amount ?? null };
}

/** The scheduled round's tidy-up: previews never confirmed, a day after they expired. */
export const forgetExpiredPreviews = (db: Executor, now: number) => previews.deleteUnconfirmedBefore(db, now - 24 * 3600_000);
