import type { AuditEntry, AuditPage, AuditRow } from '@simshop/contract';
import type { Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { customersByIds } from '../accounts/account-admin.service.ts';
import { describeAudit, type AuditNamers, type NamedObject } from '../audit/audit-words.ts';
import { listAuditEntries, type AuditFilter } from '../audit/audit.service.ts';
import { productsByIds, skusByIds } from '../catalogue/catalogue.service.ts';
import { couponsByIds } from '../coupons/coupon.service.ts';
import { adminMerchantNamer } from '../merchants/merchant.service.ts';
import { articleTitlesByIds } from '../articles/article.service.ts';
import { postTitlesByIds } from '../blog/blog.service.ts';
import { labelNamesByIds } from '../labels/labels.service.ts';
import { requireOrder } from '../orders/order-admin-views.service.ts';
import { applicantNamesByIds } from '../reseller-applications/reseller-application.service.ts';
import { staffByIdsOrEmails } from '../staff/staff.service.ts';
import { storeNamesByIds } from '../stores/store.service.ts';

/**
 * The console's history in words: the names the audit module asks for (audit/audit-words.ts),
 * read through the staff, accounts and domain modules' services. A module above all of them,
 * as the audit module is below every module that writes audit rows.
 */

const same = (text: string) => ({ en: text, zh: text });
/** A name in both languages; an empty Chinese one reads the English. */
const both = (name: { en: string; zh: string }) => ({ en: name.en, zh: name.zh || name.en });
const page = (type: AuditPage['type'], id: string | number): AuditPage => ({ type, id: String(id) });
const numbers = (ids: readonly string[]) => ids.filter((id) => /^\d+$/.test(id)).map(Number);

async function ordersByNo(db: Executor, nos: readonly string[]) {
  const found = await Promise.all(
    nos.map((no) =>
      requireOrder(db, no).then(
        (o) => [no, o] as const,
        (e: unknown) => {
          if (e instanceof AppError) return null;
          throw e;
        },
      ),
    ),
  );
  return found.filter((f) => f !== null);
}

/** Each object type's namer: a name staff know, the page to open, the currency of its amounts. */
async function nameObjects(db: Executor, refs: ReadonlyArray<{ type: string; id: string }>): Promise<Map<string, NamedObject>> {
  const byType = new Map<string, string[]>();
  for (const r of refs) byType.set(r.type, [...(byType.get(r.type) ?? []), r.id]);
  const ids = (type: string) => byType.get(type) ?? [];
  const out = new Map<string, NamedObject>();
  const set = (type: string, id: string | number, o: NamedObject) => out.set(`${type}:${id}`, o);

  const skus = await skusByIds(db, numbers(ids('sku')));
  const [orders, products, customers, coupons, staff, merchantName] = await Promise.all([
    ordersByNo(db, ids('order')),
    productsByIds(db, [...new Set([...numbers(ids('product')), ...skus.map((s) => s.product_id)])]),
    customersByIds(db, numbers(ids('customer'))),
    couponsByIds(db, numbers(ids('coupon'))),
    ids('staff').length ? staffByIdsOrEmails(db, numbers(ids('staff')), []) : [],
    ids('merchant').length ? adminMerchantNamer(db) : null,
  ]);
  for (const [no, o] of orders) set('order', no, { name: same(no), page: page('order', no), currency: o.currency });
  const productById = new Map(products.map((p) => [p.id, p]));
  for (const p of products) set('product', p.id, { name: { en: p.name_en, zh: p.name_zh || p.name_en }, page: page('product', p.id), currency: p.currency });
  for (const s of skus) {
    const p = productById.get(s.product_id);
    set('sku', s.id, { name: p ? { en: `${p.name_en} · ${s.code}`, zh: `${p.name_zh || p.name_en} · ${s.code}` } : same(s.code), page: page('product', s.product_id), currency: p?.currency ?? null });
  }
  for (const c of customers.values()) set('customer', c.id, { name: same(c.nickname || c.email || c.tel || `#${c.id}`), page: page('customer', c.id), currency: null });
  for (const c of coupons) set('coupon', c.id, { name: c.code ? same(c.code) : { en: c.name_en, zh: c.name_zh || c.name_en }, page: page('coupon', c.id), currency: c.currency });
  for (const s of staff) set('staff', s.id, { name: same(s.name || s.email), page: page('staff', s.id), currency: null });
  for (const id of numbers(ids('merchant'))) {
    const m = merchantName?.(id);
    set('merchant', id, { name: m?.name.en ? { en: m.name.en, zh: m.name.zh || m.name.en } : null, page: page('merchant', id), currency: null });
  }
  // Content staff write, named by its title or name; a deleted row keeps no name (the console says its kind and id).
  const [posts, articles, stores, labels, applications] = await Promise.all([
    postTitlesByIds(db, numbers(ids('blog_post'))),
    articleTitlesByIds(db, numbers(ids('article'))),
    storeNamesByIds(db, numbers(ids('store'))),
    labelNamesByIds(db, numbers(ids('label'))),
    applicantNamesByIds(db, numbers(ids('reseller_application'))),
  ]);
  const named: ReadonlyArray<[AuditPage['type'], ReadonlyArray<{ id: number; name: { en: string; zh: string } }>]> = [
    ['blog_post', posts],
    ['article', articles],
    ['store', stores],
    ['label', labels],
    ['reseller_application', applications.map((a) => ({ id: a.id, name: same(a.name) }))],
  ];
  for (const [type, rows] of named) {
    const found = new Map(rows.map((r) => [String(r.id), both(r.name)]));
    for (const id of ids(type)) set(type, id, { name: found.get(id) ?? null, page: page(type, id), currency: null });
  }
  // Objects that have no name beyond their kind (one shop settings, one home content, a job's page).
  for (const type of ['content', 'settings', 'job'] as const) for (const id of ids(type)) set(type, id, { name: null, page: page(type, id), currency: null });
  return out;
}

/** The namers the audit module's words are built with, reading through this database handle. */
export function historyNamers(db: Executor): AuditNamers {
  return {
    staff: (ids, emails) => staffByIdsOrEmails(db, ids, emails),
    customers: async (ids) => new Map([...(await customersByIds(db, ids)).values()].map((c) => [c.id, { name: c.nickname, account: c.email ?? c.tel }])),
    objects: (refs) => nameObjects(db, refs),
  };
}

export const auditInWords = (db: Executor, rows: readonly AuditRow[]): Promise<AuditEntry[]> => describeAudit(rows, historyNamers(db));

/** The audit log, a page of it, in words. */
export async function listAuditInWords(db: Executor, filter: AuditFilter, page: { page: number; pageSize: number; sortOrder: 'asc' | 'desc' }) {
  const rows = await listAuditEntries(db, filter, page);
  return { ...rows, items: await auditInWords(db, rows.items) };
}
