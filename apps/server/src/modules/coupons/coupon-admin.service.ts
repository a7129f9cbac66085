import { randomBytes } from 'node:crypto';
import { serverErrors, type AdminCoupon, type AdminCouponRules, type CouponDistribution, type CouponStatus } from '@simshop/contract';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { parseJson } from '../../lib/i18n.ts';
import { toCsv } from '../../lib/spreadsheet.ts';
import { changedFields, recordAudit, type Actor } from '../audit/audit.service.ts';
import { requireProduct } from '../catalogue/catalogue.service.ts';
import { rulesOf } from './coupon.service.ts';
import * as repo from './coupon.repository.ts';
import type { CouponRow } from './coupon.repository.ts';
import { pageItems, pageWindow } from '../../db/table-helpers.ts';

export type CouponInput = AdminCouponRules;

export function couponStatus(c: Pick<CouponRow, 'paused' | 'starts_at' | 'ends_at' | 'max_uses' | 'uses'>, now: number): CouponStatus {
  if (c.paused === 1) return 'paused';
  if (c.ends_at !== null && Number(c.ends_at) <= now) return 'ended';
  if (Number(c.starts_at) > now) return 'scheduled';
  if (c.max_uses !== null && c.uses >= c.max_uses) return 'used_up';
  return 'active';
}

async function toAdmin(db: Executor, rows: CouponRow[], now: number): Promise<AdminCoupon[]> {
  const counts = await repo.countsOf(db, rows.map((r) => r.id));
  return rows.map((c) => ({
    id: c.id,
    nameEn: c.name_en,
    nameZh: c.name_zh,
    ...rulesOf(c),
    productKinds: parseJson<AdminCoupon['productKinds']>(c.product_kinds, []),
    distribution: c.distribution,
    code: c.code,
    status: couponStatus(c, now),
    claims: counts.claims.get(c.id) ?? 0,
    codes: counts.codes.get(c.id) ?? 0,
    codesUsed: counts.codesUsed.get(c.id) ?? 0,
    version: c.version,
    createdAt: Number(c.created_at),
    updatedAt: Number(c.updated_at),
  }));
}

async function requireCoupon(db: Executor, id: number): Promise<CouponRow> {
  const row = await repo.findCoupon(db, id);
  if (!row) throw new AppError(serverErrors.notFound, 'id');
  return row;
}

export async function adminCouponDetail(db: Executor, id: number, now: number): Promise<AdminCoupon> {
  return (await toAdmin(db, [await requireCoupon(db, id)], now))[0]!;
}

export async function listAdminCoupons(db: Executor, input: { page: number; pageSize: number; sortField: 'created_at' | 'ends_at' | 'uses'; sortOrder: 'asc' | 'desc'; q?: string | undefined; status?: CouponStatus | undefined }, now: number, merchantId?: number) {
  const filter = { q: input.q || undefined, status: input.status, now, merchantId };
  const [rows, total] = await Promise.all([repo.listCoupons(db, filter, { field: input.sortField, order: input.sortOrder }, (input.page - 1) * input.pageSize, input.pageSize), repo.countCoupons(db, filter)]);
  return { items: await toAdmin(db, rows, now), total };
}

/** Rules that depend on each other, each refused with its own message. */
async function checkRules(db: Executor, input: CouponInput, distribution: CouponDistribution, exceptId: number, merchantId: number | null = null) {
  const valueOk = input.kind === 'fixed' ? input.value > 0 : input.kind === 'percent' ? input.value >= 1 && input.value <= 100 : input.value === 0;
  if (!valueOk) throw new AppError(serverErrors.couponValueInvalid, 'value');
  if (input.endsAt !== null && input.endsAt <= input.startsAt) throw new AppError(serverErrors.couponEndsBeforeStart, 'endsAt');
  if ((distribution === 'code') !== (input.code !== null)) throw new AppError(serverErrors.couponCodeRule, 'code');
  if (input.code !== null && (await repo.codeTaken(db, input.code, exceptId))) throw new AppError(serverErrors.alreadyExists, 'code');
  for (const [index, id] of input.productIds.entries()) {
    try {
      const product = await requireProduct(db, id);
      // A merchant's own coupon discounts only its own products.
      if (merchantId !== null && product.merchant_id !== merchantId) throw new Error('another merchant');
    } catch {
      throw new AppError(serverErrors.productNotFound, `productIds.${index}`);
    }
  }
}

const columnsOf = (input: CouponInput) => ({
  name_en: input.nameEn,
  name_zh: input.nameZh,
  kind: input.kind,
  value: input.value,
  // A cap only means something on a percentage.
  max_discount: input.kind === 'percent' ? input.maxDiscount : null,
  currency: input.currency,
  min_spend: input.minSpend,
  starts_at: input.startsAt,
  ends_at: input.endsAt,
  product_kinds: JSON.stringify([...new Set(input.productKinds)]),
  product_ids: JSON.stringify([...new Set(input.productIds)]),
  audience: input.audience,
  max_uses: input.maxUses,
  per_customer: input.perCustomer,
  with_wholesale: input.withWholesale ? 1 : 0,
  code: input.code,
});

/** What an audit row keeps of a coupon: its rules as the console shows them. */
function auditView(c: AdminCoupon) {
  const { uses: _u, claims: _c, codes: _k, codesUsed: _cu, status: _s, version: _v, createdAt: _ca, updatedAt: _ua, ...rules } = c;
  return rules as Record<string, unknown>;
}

export async function createCoupon(db: Database, actor: Actor, input: CouponInput & { distribution: CouponDistribution }, now: number, merchantId: number | null = null): Promise<AdminCoupon> {
  return db.transaction().execute(async (tx) => {
    await checkRules(tx, input, input.distribution, 0, merchantId);
    const id = await repo.insertCoupon(tx, { ...columnsOf(input), distribution: input.distribution, created_at: now, updated_at: now, merchant_id: merchantId });
    const coupon = await adminCouponDetail(tx, id, now);
    await recordAudit(tx, actor, { action: 'coupon.create', targetType: 'coupon', targetId: id, after: auditView(coupon) }, now);
    return coupon;
  });
}

export async function updateCoupon(db: Database, actor: Actor, input: CouponInput & { id: number; version: number }, now: number): Promise<AdminCoupon> {
  return db.transaction().execute(async (tx) => {
    const row = await requireCoupon(tx, input.id);
    await checkRules(tx, input, row.distribution, row.id, row.merchant_id);
    const before = await adminCouponDetail(tx, row.id, now);
    if (!(await repo.updateCoupon(tx, row.id, input.version, { ...columnsOf(input), updated_at: now }))) throw new AppError(serverErrors.changedBySomeoneElse, 'version');
    const after = await adminCouponDetail(tx, row.id, now);
    const diff = changedFields(auditView(before), auditView(after));
    if (Object.keys(diff.after).length === 0) throw new AppError(serverErrors.nothingChanged);
    await recordAudit(tx, actor, { action: 'coupon.update', targetType: 'coupon', targetId: row.id, ...diff }, now);
    return after;
  });
}

export async function pauseCoupon(db: Database, actor: Actor, input: { id: number; paused: boolean }, now: number): Promise<AdminCoupon> {
  return db.transaction().execute(async (tx) => {
    const row = await requireCoupon(tx, input.id);
    if ((row.paused === 1) === input.paused) throw new AppError(serverErrors.nothingChanged, 'paused');
    if (!(await repo.updateCoupon(tx, row.id, row.version, { paused: input.paused ? 1 : 0, updated_at: now }))) throw new AppError(serverErrors.changedBySomeoneElse);
    await recordAudit(tx, actor, { action: input.paused ? 'coupon.pause' : 'coupon.resume', targetType: 'coupon', targetId: row.id, before: { paused: !input.paused }, after: { paused: input.paused } }, now);
    return adminCouponDetail(tx, row.id, now);
  });
}

export async function couponUses(db: Executor, input: { id: number; page: number; pageSize: number; sortOrder: 'asc' | 'desc' }) {
  await requireCoupon(db, input.id);
  const { offset, limit } = pageWindow(input);
  const [rows, total] = await Promise.all([repo.usesOf(db, input.id, input.sortOrder, offset, limit), repo.countUses(db, input.id)]);
  return pageItems({ rows, total }, (r) => ({
    id: r.id,
    orderNo: r.order_no,
    orderStatus: r.status,
    customer: { id: r.user_id, email: r.email, tel: r.tel, reseller: r.reseller === 1 },
    code: r.code,
    discount: r.discount,
    currency: r.currency,
    usedAt: Number(r.created_at),
    returnedAt: r.returned_at === null ? null : Number(r.returned_at),
  }));
}

// Without 0/O and 1/I/L: codes get read out and typed from paper.
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const newCode = () => [...randomBytes(10)].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');

export async function generateCodes(db: Database, actor: Actor, input: { id: number; count: number }, now: number) {
  return db.transaction().execute(async (tx) => {
    const row = await requireCoupon(tx, input.id);
    if (row.distribution !== 'bulk') throw new AppError(serverErrors.couponNotBulk, 'id');
    let generated = 0;
    // A collision with an existing code is skipped by the insert; the loop makes up the difference.
    while (generated < input.count) generated += await repo.insertCodes(tx, row.id, Array.from({ length: input.count - generated }, newCode), now);
    const codes = await repo.countCodes(tx, row.id);
    await recordAudit(tx, actor, { action: 'coupon.generate_codes', targetType: 'coupon', targetId: row.id, after: { generated, codes } }, now);
    return { generated, codes };
  });
}

export async function exportCodes(db: Executor, id: number, now: number) {
  const row = await requireCoupon(db, id);
  const codes = await repo.codesOf(db, row.id);
  if (codes.length === 0) throw new AppError(serverErrors.noDataToExport);
  const iso = (ms: number | null) => (ms === null ? '' : new Date(Number(ms)).toISOString().slice(0, 16).replace('T', ' '));
  const csv = toCsv({ columns: ['code', 'coupon', 'created (UTC)', 'used by order', 'used at (UTC)'], rows: codes.map((c) => [c.code, row.name_en, iso(c.created_at), c.order_no ?? '', iso(c.used_at)]) });
  return { filename: `coupon-${row.id}-codes-${new Date(now).toISOString().slice(0, 10)}.csv`, csv, rows: codes.length };
}
