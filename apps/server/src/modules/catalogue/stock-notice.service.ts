import { goodsPage, serverErrors, type Language } from '@simshop/contract';
import type { Database, Executor } from '../../db/database.ts';
import { enqueue } from '../../jobs/outbox.ts';
import { Topic } from '../../jobs/topics.ts';
import { AppError } from '../../lib/app-error.ts';
import { languageOf, pick } from '../../lib/i18n.ts';
import { enforce, perIp, type Limit } from '../security/rate-limit.service.ts';
import { spendSms } from '../sms/sms-budget.service.ts';
import { merchantSells } from '../merchants/merchant.service.ts';
import * as catalogue from './catalogue.repository.ts';
import { skuSoldOut } from './sold-out.ts';
import * as notices from './stock-notice.repository.ts';

/**
 * "Notify me when it is back": a traveller leaves an address on a sold-out product's page; the
 * transaction that brings the product back in stock (a console edit or stock file, a pool import,
 * stock given back by a cancelled order) queues one notice to each address and marks it sent, so
 * it goes once. Anyone may leave an e-mail address, as on any shop's page: the limits below
 * bound what one caller can make the shop send, and each address gets at most one notice per
 * product and request.
 */

// Signed out, per address of origin (many customers share one behind a carrier's NAT) and per
// e-mail address typed in; signed in, per account.
const limitsFor = (caller: StockNoticeCaller, address: string): Limit[] =>
  caller.userId !== null
    ? [{ key: `stock-notice:user:${caller.userId}`, max: 30, windowMs: 60 * 60_000 }]
    : [
        perIp(`stock-notice:ip:${caller.ip}`, 20, 60 * 60_000),
        { key: `stock-notice:address:${address}`, max: 5, windowMs: 24 * 60 * 60_000 },
      ];

export interface StockNoticeCaller {
  userId: number | null;
  ip: string;
  /** Where the customer reached the shop (PUBLIC_URL or the request's origin): the notice links back there. */
  origin: string;
}

/** The product on sale from a selling merchant, with whether any SKU of it can be bought now. */
async function stockState(db: Executor, productId: number) {
  const product = await catalogue.findProduct(db, productId);
  if (!product || product.on_sale !== 1 || product.kind === 'topup' || !(await merchantSells(db, product.merchant_id))) return null;
  const skus = await catalogue.skusOf(db, [product.id]);
  return { product, inStock: skus.some((s) => !skuSoldOut(product, s)) };
}

/**
 * Records a request for a sold-out product. An address already waiting stays one request; a text
 * is counted against the day's SMS budget when it is asked for (refused once the budget is spent),
 * so a notice never waits on a budget when the product comes back.
 */
export async function requestStockNotice(
  db: Database,
  caller: StockNoticeCaller,
  input: { productId: number; channel: 'email' | 'sms'; address: string; language: Language; smsBudget: number },
  now: number,
): Promise<{ channel: 'email' | 'sms'; address: string }> {
  const address = input.channel === 'email' ? input.address.toLowerCase() : input.address;
  await enforce(db, now, ...limitsFor(caller, address));
  const link = `${caller.origin.replace(/\/+$/, '')}/uni${goodsPage(input.productId)}`;
  await db.transaction().execute(async (tx) => {
    // Read in the transaction that records it, so a restock racing with the request has the least room.
    const state = await stockState(tx, input.productId);
    if (!state) throw new AppError(serverErrors.productNotFound, 'id');
    if (state.inStock) throw new AppError(serverErrors.productInStock, 'id');
    if (input.channel === 'sms' && !(await notices.isWaiting(tx, input.productId, address))) await spendSms(tx, input.smsBudget, now);
    await notices.upsertNotice(tx, { productId: input.productId, userId: caller.userId, channel: input.channel, address, language: input.language, link, now });
  });
  return { channel: input.channel, address };
}

/** The notice in the language it was asked in. */
function noticeText(name: { en: string; zh: string }, language: Language, link: string) {
  const productName = pick(language, name.en, name.zh);
  return language === 'zh-Hans'
    ? {
        subject: `${productName} 已到货`,
        text: `您好，您关注的「${productName}」已重新到货，现在即可下单：\n${link}\n\n热门套餐可能很快售罄。此提醒只发送一次。`,
        sms: `【SimShop】${productName} 已到货：${link}`,
      }
    : {
        subject: `${productName} is back in stock`,
        text: `Hello, ${productName} is back in stock at SimShop and can be ordered now:\n${link}\n\nPopular plans can sell out again quickly. We send this notice once only.`,
        sms: `SimShop: ${productName} is back in stock: ${link}`,
      };
}

/**
 * Called by every write that adds stock, in its transaction (one opened here otherwise): each
 * named product now in stock again has its waiting requests marked sent and their notices
 * queued. While nothing waits for these products it costs one query.
 */
export async function sendBackInStockNotices(db: Executor, ref: { productIds?: readonly number[]; skuIds?: readonly number[] }, now: number): Promise<void> {
  const waiting = await notices.productsWaiting(db, ref);
  if (waiting.length === 0) return;
  const send = async (tx: Executor) => {
    for (const productId of waiting) {
      const state = await stockState(tx, productId);
      if (!state?.inStock) continue;
      const name = { en: state.product.name_en, zh: state.product.name_zh };
      for (const notice of await notices.claimWaiting(tx, productId, now)) {
        const message = noticeText(name, languageOf(notice.language), notice.link);
        if (notice.channel === 'email') await enqueue(tx, Topic.mailSend, { to: notice.address, subject: message.subject, text: message.text }, now);
        else await enqueue(tx, Topic.smsSend, { to: notice.address, text: message.sms }, now);
      }
    }
  };
  if (db.isTransaction) await send(db);
  else await (db as Database).transaction().execute(send);
}

/** Forgets the notices an account asked for (they hold its address) when it is deleted. */
export async function forgetStockNoticesOf(tx: Executor, userId: number): Promise<void> {
  await notices.deleteOfUser(tx, userId);
}
