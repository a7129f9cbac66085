import type { Currency, Language, ResellerApiOperationName, resellerApiOperations } from '@simshop/contract';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import type { CarrierProvider } from '../../providers/carrier.ts';
import { customerCurrency } from '../../lib/customer-currency.ts';
import type { ApiCaller } from '../api-keys/api-keys.service.ts';
import { ledgerPageBefore, listBalances } from '../balance/balance.service.ts';
import { listProducts, productDetail } from '../catalogue/catalogue.service.ts';
import { ecodesBefore } from '../ecode/ecode.service.ts';
import { orderDetail, requireOwnOrder } from '../orders/order-views.service.ts';
import { bulkJobOf, cancelBulkJob, createBulkOrder } from './reseller-api-bulk.service.ts';
import { esimByIccid, esimPage, esimQrPng, esimTopups } from './reseller-api-esim.service.ts';
import { createApiOrder, type StoredAnswer } from './reseller-api-order.service.ts';
import { exportEcodes, exportEsims } from './reseller-api-export.service.ts';
import { refundApiOrder } from './reseller-api-refund.service.ts';

/**
 * What each reseller API operation does, through the modules' services, for the key's reseller.
 * Reads answer what the shop's own pages answer a reseller; the order is reseller-api-order.service.
 */
type Ops = typeof resellerApiOperations;
type In<K extends keyof Ops, P extends 'params' | 'query' | 'body'> = Ops[K] extends Record<P, infer S extends z.ZodType> ? z.output<S> : undefined;

export interface OperationInput<K extends ResellerApiOperationName> {
  caller: ApiCaller;
  params: In<K, 'params'>;
  query: In<K, 'query'>;
  body: In<K, 'body'>;
  idempotencyKey: string | undefined;
  lang: Language;
  now: number;
  /** The network, asked about an eSIM's usage and a top-up's eSIM (null: none configured). */
  carrier: CarrierProvider | null;
}

/** An answer already serialised with its status (an idempotent replay sends the stored bytes). */
export class Stored {
  constructor(readonly answer: StoredAnswer) {}
}

type Implementation<K extends ResellerApiOperationName> = (db: Database, input: OperationInput<K>) => Promise<unknown>;

/** A page of `limit` read as `limit + 1` rows: the extra one only says whether another page follows. */
function cursorPage<T extends { id: number }>(rows: T[], limit: number) {
  const items = rows.slice(0, limit);
  return { items, nextCursor: rows.length > limit ? String(items[items.length - 1]!.id) : null };
}
const before = (cursor: string | undefined) => (cursor === undefined ? undefined : Number(cursor));

export const operationImplementations: { [K in Exclude<ResellerApiOperationName, 'openapi'>]: Implementation<K> } = {
  async catalogue(db, { query, lang }) {
    const currency: Currency = customerCurrency(query.currency, null, lang);
    const list = await listProducts(db, { page: query.page, size: query.size, kind: query.kind }, lang, true, currency);
    // Each product's SKUs with their wholesale prices: the detail the shop's product page reads (cached alike).
    const items = await Promise.all(list.items.map((p) => productDetail(db, p.id, lang, true, currency)));
    return { ...list, items };
  },
  balance: (db, { caller }) => listBalances(db, caller.userId),
  async ledger(db, { caller, query }) {
    return cursorPage(await ledgerPageBefore(db, caller.userId, before(query.cursor), query.limit + 1), query.limit);
  },
  createOrder: async (db, { caller, carrier, body, idempotencyKey, lang, now }) => new Stored(await createApiOrder(db, carrier, caller, idempotencyKey, body, lang, now)),
  order: (db, { caller, params, lang }) => orderDetail(db, caller.userId, params.id, lang),
  async ecodes(db, { caller, query, lang }) {
    // Another reseller's order (or none) is not found, whatever its codes.
    const orderId = query.order === undefined ? undefined : (await requireOwnOrder(db, caller.userId, query.order)).id;
    return cursorPage(await ecodesBefore(db, caller.userId, { orderId, before: before(query.cursor) }, query.limit + 1, lang), query.limit);
  },
  esims: (db, { caller, query, lang }) => esimPage(db, caller, query, lang),
  ecodesExport: (db, { caller, query, lang }) => exportEcodes(db, caller, query, lang),
  esimsExport: (db, { caller, query, lang }) => exportEsims(db, caller, query, lang),
  esim: (db, { caller, carrier, params, lang, now }) => esimByIccid(db, carrier, caller, params.iccid, lang, now),
  esimQr: (db, { caller, params, lang }) => esimQrPng(db, caller, params.iccid, lang),
  esimTopups: (db, { caller, carrier, params, query, lang, now }) => esimTopups(db, carrier, caller, params.iccid, query.currency, lang, now),
  refundOrder: async (db, { caller, params, idempotencyKey, lang, now }) => new Stored(await refundApiOrder(db, caller, idempotencyKey, params.id, lang, now)),
  createBulkOrder: async (db, { caller, body, idempotencyKey, lang, now }) => new Stored(await createBulkOrder(db, caller, idempotencyKey, body, lang, now)),
  bulkOrder: (db, { caller, params, lang }) => bulkJobOf(db, caller, params.id, lang),
  cancelBulkOrder: (db, { caller, params, lang, now }) => cancelBulkJob(db, caller, params.id, lang, now),
};
