import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { CouponsTable } from './coupons.table.ts';
import { containsAnyText } from '../../db/text-search.ts';

export type CouponRow = Selectable<CouponsTable>;

export async function insertCoupon(db: Executor, row: Insertable<CouponsTable>): Promise<number> {
  return (await db.insertInto('coupons').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export function findCoupon(db: Executor, id: number): Promise<CouponRow | undefined> {
  return db.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findCouponsByIds(db: Executor, ids: number[]): Promise<CouponRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('coupons').selectAll().where('id', 'in', ids).execute();
}

export function findByPublicCode(db: Executor, code: string): Promise<CouponRow | undefined> {
  return db.selectFrom('coupons').selectAll().where('code', '=', code).where('distribution', '=', 'code').executeTakeFirst();
}

export function findSingleUseCode(db: Executor, code: string) {
  return db.selectFrom('coupon_codes').select(['id', 'coupon_id', 'code']).where('code', '=', code).executeTakeFirst();
}

export function codeTaken(db: Executor, code: string, exceptCouponId = 0): Promise<boolean> {
  return Promise.all([
    db.selectFrom('coupons').select('id').where('code', '=', code).where('id', '<>', exceptCouponId).executeTakeFirst(),
    db.selectFrom('coupon_codes').select('id').where('code', '=', code).executeTakeFirst(),
  ]).then(([a, b]) => !!a || !!b);
}

/** Changes a coupon only if it is still at `version`; false when someone else changed it first. */
export async function updateCoupon(db: Executor, id: number, version: number, changes: Updateable<CouponsTable>): Promise<boolean> {
  const res = await db.updateTable('coupons').set({ ...changes, version: version + 1 }).where('id', '=', id).where('version', '=', version).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Counts one use unless the coupon is used up; the row lock makes concurrent takers wait and re-check. */
export async function takeUse(db: Executor, id: number): Promise<boolean> {
  const res = await db
    .updateTable('coupons')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('id', '=', id)
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function returnUse(db: Executor, id: number): Promise<void> {
  await db.updateTable('coupons').set((eb) => ({ uses: eb('uses', '-', 1) })).where('id', '=', id).where('uses', '>', 0).execute();
}

/** Inserts the use row; false when the customer's slot or the single-use code is already taken. */
export async function insertUse(db: Executor, row: { couponId: number; userId: number; orderId: number; codeId: number | null; discount: number; slot: number; now: number }): Promise<boolean> {
  const res = await db
    .insertInto('coupon_uses')
    .values({ coupon_id: row.couponId, user_id: row.userId, order_id: row.orderId, code_id: row.codeId, discount: row.discount, active_slot: row.slot, active_code_id: row.codeId, created_at: row.now, returned_at: null })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Marks an order's active use given back; returns its coupon id when this call did it (once only). */
export async function releaseUseOfOrder(db: Executor, orderId: number, now: number): Promise<number | null> {
  const use = await db.selectFrom('coupon_uses').select(['id', 'coupon_id']).where('order_id', '=', orderId).where('returned_at', 'is', null).executeTakeFirst();
  if (!use) return null;
  const res = await db.updateTable('coupon_uses').set({ returned_at: now, active_slot: null, active_code_id: null }).where('id', '=', use.id).where('returned_at', 'is', null).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1 ? use.coupon_id : null;
}

/** The coupon an order used (at most one), with the code typed for it, given back or not. */
// Every order page asks it: built once (db/prepared-query.ts).
const couponUseOfOrder = preparedQuery((db, v: { orderId: number }) =>
  db
    .selectFrom('coupon_uses')
    .innerJoin('coupons', 'coupons.id', 'coupon_uses.coupon_id')
    .leftJoin('coupon_codes', 'coupon_codes.id', 'coupon_uses.code_id')
    .select(['coupons.id', 'coupons.name_en', 'coupons.name_zh', 'coupons.distribution', 'coupons.code as public_code', 'coupon_codes.code as single_use_code', 'coupon_uses.returned_at'])
    .where('coupon_uses.order_id', '=', v.orderId)
    .orderBy('coupon_uses.id', 'desc'),
);

export function useOfOrder(db: Executor, orderId: number) {
  return couponUseOfOrder.takeFirst(db, { orderId });
}

export async function activeUsesOf(db: Executor, couponId: number, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('coupon_uses').select('active_slot').where('coupon_id', '=', couponId).where('user_id', '=', userId).where('active_slot', 'is not', null).execute();
  return rows.map((r) => r.active_slot!);
}

export async function activeUseCounts(db: Executor, userId: number, couponIds: number[]): Promise<Map<number, number>> {
  if (couponIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('coupon_uses')
    .select(['coupon_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('user_id', '=', userId)
    .where('coupon_id', 'in', couponIds)
    .where('active_slot', 'is not', null)
    .groupBy('coupon_id')
    .execute();
  return new Map(rows.map((r) => [r.coupon_id, Number(r.n)]));
}

export function codeInUse(db: Executor, codeId: number) {
  return db.selectFrom('coupon_uses').select('id').where('active_code_id', '=', codeId).executeTakeFirst();
}

export async function insertClaim(db: Executor, couponId: number, userId: number, now: number): Promise<boolean> {
  const res = await db.insertInto('coupon_claims').values({ coupon_id: couponId, user_id: userId, claimed_at: now }).onConflict((oc) => oc.doNothing()).executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function hasClaim(db: Executor, couponId: number, userId: number): Promise<boolean> {
  return !!(await db.selectFrom('coupon_claims').select('id').where('coupon_id', '=', couponId).where('user_id', '=', userId).executeTakeFirst());
}

export async function claimedCouponIds(db: Executor, userId: number): Promise<number[]> {
  return (await db.selectFrom('coupon_claims').select('coupon_id').where('user_id', '=', userId).orderBy('claimed_at', 'desc').orderBy('id', 'desc').execute()).map((r) => r.coupon_id);
}

/** Claimable coupons not paused and not past their end (not yet started ones are shown too). */
export function claimableCoupons(db: Executor, now: number): Promise<CouponRow[]> {
  return db
    .selectFrom('coupons')
    .selectAll()
    .where('distribution', '=', 'claim')
    .where('paused', '=', 0)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
}

// ---------------------------------------------------------------------------------------------
// The console

export interface CouponFilter {
  q?: string | undefined;
  status?: 'scheduled' | 'active' | 'paused' | 'ended' | 'used_up' | undefined;
  now: number;
  /** One merchant's own coupons (platform-wide ones are not a merchant's). */
  merchantId?: number | undefined;
}

function filtered(db: Executor, f: CouponFilter) {
  let q = db.selectFrom('coupons');
  if (f.merchantId !== undefined) q = q.where('coupons.merchant_id', '=', f.merchantId);
  if (f.q) q = q.where(containsAnyText(['coupons.name_en', 'coupons.name_zh', 'coupons.code'], f.q));
  switch (f.status) {
    case 'paused':
      q = q.where('paused', '=', 1);
      break;
    case 'ended':
      q = q.where('paused', '=', 0).where('ends_at', '<=', f.now);
      break;
    case 'scheduled':
      q = q.where('paused', '=', 0).where('starts_at', '>', f.now);
      break;
    case 'used_up':
      q = q.where('paused', '=', 0).where('max_uses', 'is not', null).where((eb) => eb('uses', '>=', eb.ref('max_uses')));
      break;
    case 'active':
      q = q
        .where('paused', '=', 0)
        .where('starts_at', '<=', f.now)
        .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', f.now)]))
        .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]));
      break;
  }
  return q;
}

export function listCoupons(db: Executor, f: CouponFilter, sort: { field: 'created_at' | 'ends_at' | 'uses'; order: 'asc' | 'desc' }, offset: number, limit: number): Promise<CouponRow[]> {
  return filtered(db, f).selectAll().orderBy(sort.field, sort.order).orderBy('id', sort.order).offset(offset).limit(limit).execute();
}

export async function countCoupons(db: Executor, f: CouponFilter): Promise<number> {
  return Number((await filtered(db, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
}

/** Claims, generated codes and used codes per coupon, for the console's counts. */
export async function countsOf(db: Executor, ids: number[]) {
  if (ids.length === 0) return { claims: new Map<number, number>(), codes: new Map<number, number>(), codesUsed: new Map<number, number>() };
  const [claims, codes, used] = await Promise.all([
    db.selectFrom('coupon_claims').select(['coupon_id', (eb) => eb.fn.countAll<number>().as('n')]).where('coupon_id', 'in', ids).groupBy('coupon_id').execute(),
    db.selectFrom('coupon_codes').select(['coupon_id', (eb) => eb.fn.countAll<number>().as('n')]).where('coupon_id', 'in', ids).groupBy('coupon_id').execute(),
    db.selectFrom('coupon_uses').select(['coupon_id', (eb) => eb.fn.countAll<number>().as('n')]).where('coupon_id', 'in', ids).where('active_code_id', 'is not', null).groupBy('coupon_id').execute(),
  ]);
  const toMap = (rows: Array<{ coupon_id: number; n: number }>) => new Map(rows.map((r) => [r.coupon_id, Number(r.n)]));
  return { claims: toMap(claims), codes: toMap(codes), codesUsed: toMap(used) };
}

export async function insertCodes(db: Executor, couponId: number, codes: string[], now: number): Promise<number> {
  let inserted = 0;
  // Chunks keep each statement under SQLite's bound-parameter limit.
  for (let i = 0; i < codes.length; i += 500) {
    const res = await db
      .insertInto('coupon_codes')
      .values(codes.slice(i, i + 500).map((code) => ({ coupon_id: couponId, code, created_at: now })))
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    inserted += Number(res.numInsertedOrUpdatedRows ?? 0);
  }
  return inserted;
}

export async function countCodes(db: Executor, couponId: number): Promise<number> {
  return Number((await db.selectFrom('coupon_codes').select((eb) => eb.fn.countAll<number>().as('n')).where('coupon_id', '=', couponId).executeTakeFirstOrThrow()).n);
}

export function codesOf(db: Executor, couponId: number) {
  return db
    .selectFrom('coupon_codes')
    .leftJoin('coupon_uses', 'coupon_uses.active_code_id', 'coupon_codes.id')
    .leftJoin('orders', 'orders.id', 'coupon_uses.order_id')
    .select(['coupon_codes.code', 'coupon_codes.created_at', 'orders.order_no', 'coupon_uses.created_at as used_at'])
    .where('coupon_codes.coupon_id', '=', couponId)
    .orderBy('coupon_codes.id')
    .execute();
}

export function usesOf(db: Executor, couponId: number, order: 'asc' | 'desc', offset: number, limit: number) {
  return db
    .selectFrom('coupon_uses')
    .innerJoin('orders', 'orders.id', 'coupon_uses.order_id')
    .innerJoin('users', 'users.id', 'coupon_uses.user_id')
    .leftJoin('coupon_codes', 'coupon_codes.id', 'coupon_uses.code_id')
    .select([
      'coupon_uses.id',
      'coupon_uses.discount',
      'coupon_uses.created_at',
      'coupon_uses.returned_at',
      'orders.order_no',
      'orders.status',
      'orders.currency',
      'orders.reseller',
      'users.id as user_id',
      'users.email',
      'users.tel',
      'coupon_codes.code',
    ])
    .where('coupon_uses.coupon_id', '=', couponId)
    .orderBy('coupon_uses.created_at', order)
    .orderBy('coupon_uses.id', order)
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countUses(db: Executor, couponId: number): Promise<number> {
  return Number((await db.selectFrom('coupon_uses').select((eb) => eb.fn.countAll<number>().as('n')).where('coupon_id', '=', couponId).executeTakeFirstOrThrow()).n);
}
