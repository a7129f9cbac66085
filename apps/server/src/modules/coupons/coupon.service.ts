import { serverErrors, type CouponProblem, type DraftCoupon, type Language, type OrderCoupon, type ShopCoupon } from '@simshop/contract';
import type { Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { parseJson, pick } from '../../lib/i18n.ts';
import { requireProduct } from '../catalogue/catalogue.service.ts';
import { evaluateCoupon, type CouponDraft, type CouponRules, type Refusal } from './coupon-rules.ts';
import * as repo from './coupon.repository.ts';
import type { CouponRow } from './coupon.repository.ts';

export interface CouponChoice {
  couponCode?: string | undefined;
  couponId?: number | undefined;
}

/** The draft as priced by the orders service, without the coupon. */
export type PricedForCoupon = Omit<CouponDraft, 'usedByCaller' | 'now'>;

/** The coupon an order will use: which one, through which single-use code, and how much it takes off. */
export interface AppliedCoupon {
  row: CouponRow;
  codeId: number | null;
  code: string | null;
  discount: number;
}

export interface CouponPricing {
  applied: AppliedCoupon | null;
  problem: Refusal | null;
  /** The caller's claimed coupons priced against the draft (preview only). */
  claimed: Array<{ row: CouponRow; discount: number; problem: Refusal | null }>;
}

export function rulesOf(c: CouponRow): CouponRules {
  return {
    kind: c.kind,
    value: c.value,
    maxDiscount: c.max_discount,
    currency: c.currency,
    minSpend: c.min_spend,
    startsAt: Number(c.starts_at),
    endsAt: c.ends_at === null ? null : Number(c.ends_at),
    productKinds: parseJson<string[]>(c.product_kinds, []),
    productIds: parseJson<number[]>(c.product_ids, []),
    audience: c.audience,
    maxUses: c.max_uses,
    uses: c.uses,
    perCustomer: c.per_customer,
    withWholesale: c.with_wholesale === 1,
    paused: c.paused === 1,
  };
}

/** Finds what the customer chose: a public code, a single-use code, or a coupon they claimed. */
async function resolveChoice(db: Executor, userId: number, choice: CouponChoice): Promise<{ row: CouponRow; codeId: number | null; code: string | null } | Refusal> {
  if (choice.couponCode !== undefined) {
    const code = choice.couponCode;
    const pub = await repo.findByPublicCode(db, code);
    if (pub) return { row: pub, codeId: null, code };
    const single = await repo.findSingleUseCode(db, code);
    const row = single && (await repo.findCoupon(db, single.coupon_id));
    if (!single || !row) return { error: serverErrors.couponNotFound };
    // A single-use code someone's order holds is spent (it comes back if that order is cancelled).
    if (await repo.codeInUse(db, single.id)) return { error: serverErrors.couponUsedUp };
    return { row, codeId: single.id, code };
  }
  const row = await repo.findCoupon(db, choice.couponId!);
  if (!row) return { error: serverErrors.couponNotFound };
  // A claimable coupon is used by its id only by someone who claimed it; other coupons by their code.
  if (row.distribution !== 'claim' || !(await repo.hasClaim(db, row.id, userId))) return { error: serverErrors.couponNotClaimed };
  return { row, codeId: null, code: null };
}

/**
 * What a coupon is priced against in a checkout. A platform-wide coupon (merchant null)
 * sees the whole checkout; a merchant's own coupon sees only that merchant's order, and null when
 * the checkout has nothing of that merchant.
 */
export type CouponDraftFor = (merchantId: number | null) => PricedForCoupon | null;

async function evaluate(db: Executor, buyer: { userId: number }, row: CouponRow, draftFor: CouponDraftFor, now: number) {
  const draft = draftFor(row.merchant_id);
  if (!draft) return { refusal: { error: serverErrors.couponNotForProducts } satisfies Refusal };
  const usedByCaller = (await repo.activeUsesOf(db, row.id, buyer.userId)).length;
  return evaluateCoupon(rulesOf(row), { ...draft, usedByCaller, now });
}

/**
 * A platform-wide coupon's discount over the orders of a checkout, in proportion to what
 * each order puts under the coupon (the covered lines; the freight for free shipping). Largest
 * remainders take the leftover units, so the shares add up to the discount exactly; no share
 * exceeds its order's weight because the discount never exceeds the sum of the weights.
 */
export function splitCouponDiscount(row: CouponRow, discount: number, orders: ReadonlyArray<{ freight: number; lines: PricedForCoupon['lines'] }>): number[] {
  const rules = rulesOf(row);
  const weights = orders.map((o) =>
    rules.kind === 'free_shipping'
      ? o.freight
      : o.lines.filter((l) => (rules.productIds.length === 0 || rules.productIds.includes(l.productId)) && (rules.productKinds.length === 0 || rules.productKinds.includes(l.kind))).reduce((sum, l) => sum + l.amount, 0),
  );
  const total = weights.reduce((a, b) => a + b, 0);
  if (total <= 0) return orders.map(() => 0);
  const exact = weights.map((w) => (discount * w) / total);
  const shares = exact.map(Math.floor);
  let left = discount - shares.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/**
 * Prices the coupon part of an order draft. `strict` (creating the order) refuses a coupon that
 * does not apply with its catalogue error; the preview instead prices without it, says why, and
 * lists the caller's claimed coupons with what each would take off.
 */
export async function priceCoupons(db: Executor, buyer: { userId: number }, draft: CouponDraftFor, choice: CouponChoice, now: number, strict: boolean): Promise<CouponPricing> {
  if (choice.couponCode !== undefined && choice.couponId !== undefined) throw new AppError(serverErrors.paramInvalid, 'couponId');
  let applied: AppliedCoupon | null = null;
  let problem: Refusal | null = null;
  if (choice.couponCode !== undefined || choice.couponId !== undefined) {
    const found = await resolveChoice(db, buyer.userId, choice);
    const result = 'error' in found ? { refusal: found } : await evaluate(db, buyer, found.row, draft, now);
    if ('refusal' in result) problem = result.refusal;
    else if (!('error' in found)) applied = { ...found, discount: result.discount };
    if (problem && strict) throw new AppError(problem.error, choice.couponCode !== undefined ? 'couponCode' : 'couponId', problem.data);
  }
  if (strict) return { applied, problem, claimed: [] };
  const ids = await repo.claimedCouponIds(db, buyer.userId);
  const rows = await repo.findCouponsByIds(db, ids);
  const claimed = [];
  for (const row of rows) {
    const result = await evaluate(db, buyer, row, draft, now);
    claimed.push({ row, discount: 'refusal' in result ? 0 : result.discount, problem: 'refusal' in result ? result.refusal : null });
  }
  return { applied, problem, claimed };
}

export const problemOf = (r: Refusal | null): CouponProblem | null => (r ? { code: r.error.code, i18n: r.error.i18n, data: r.data ?? {} } : null);
const nameOf = (row: CouponRow, lang: Language) => pick(lang, row.name_en, row.name_zh);

/** The preview's coupon fields: the applied one, why the chosen one does not apply, the claimed ones, the best. */
export function previewFields(p: CouponPricing, lang: Language) {
  const coupons: DraftCoupon[] = p.claimed.map((c) => ({ couponId: c.row.id, code: null, name: nameOf(c.row, lang), kind: c.row.kind, value: c.row.value, discount: c.discount, problem: problemOf(c.problem) }));
  const best = coupons.filter((c) => !c.problem && c.discount > 0).sort((a, b) => b.discount - a.discount)[0];
  return {
    coupon: p.applied ? { couponId: p.applied.row.id, code: p.applied.code, name: nameOf(p.applied.row, lang), kind: p.applied.row.kind, value: p.applied.row.value, discount: p.applied.discount, problem: null } : null,
    couponProblem: problemOf(p.problem),
    coupons,
    suggestedCouponId: best?.couponId ?? null,
  };
}

/**
 * Counts the use inside the order's transaction. The conditional update cannot take a use that
 * is not there (concurrent checkouts wait on the coupon's row and re-check); the customer's n-th
 * use and a single-use code are unique rows, so neither can be spent twice.
 */
export async function recordCouponUse(tx: Executor, buyer: { userId: number }, applied: AppliedCoupon, orderId: number, now: number): Promise<void> {
  const field = applied.code !== null ? 'couponCode' : 'couponId';
  if (!(await repo.takeUse(tx, applied.row.id))) throw new AppError(serverErrors.couponUsedUp, field);
  const taken = new Set(await repo.activeUsesOf(tx, applied.row.id, buyer.userId));
  const slot = Array.from({ length: applied.row.per_customer }, (_, i) => i + 1).find((n) => !taken.has(n));
  if (slot === undefined) throw new AppError(serverErrors.couponAlreadyUsed, field);
  if (!(await repo.insertUse(tx, { couponId: applied.row.id, userId: buyer.userId, orderId, codeId: applied.codeId, discount: applied.discount, slot, now }))) {
    throw new AppError(applied.codeId !== null ? serverErrors.couponUsedUp : serverErrors.couponAlreadyUsed, field);
  }
}

/** Gives an order's coupon use back (the order became invalid or was fully refunded); a second call does nothing. */
export async function releaseCouponUse(tx: Executor, orderId: number, now: number): Promise<void> {
  const couponId = await repo.releaseUseOfOrder(tx, orderId, now);
  if (couponId !== null) await repo.returnUse(tx, couponId);
}

// ---------------------------------------------------------------------------------------------
// My coupons and claiming

function toShopCoupon(c: CouponRow, state: ShopCoupon['state'], lang: Language): ShopCoupon {
  const r = rulesOf(c);
  return {
    id: c.id,
    name: nameOf(c, lang),
    kind: r.kind,
    value: r.value,
    maxDiscount: r.maxDiscount,
    currency: c.currency,
    minSpend: r.minSpend,
    startsAt: r.startsAt,
    endsAt: r.endsAt,
    productKinds: r.productKinds as ShopCoupon['productKinds'],
    productIds: r.productIds,
    state,
  };
}

async function claimedStates(db: Executor, userId: number, rows: CouponRow[], now: number): Promise<Map<number, ShopCoupon['state']>> {
  const used = await repo.activeUseCounts(db, userId, rows.map((r) => r.id));
  return new Map(
    rows.map((r) => {
      if ((used.get(r.id) ?? 0) >= r.per_customer) return [r.id, 'used'];
      if (r.ends_at !== null && Number(r.ends_at) <= now) return [r.id, 'expired'];
      return [r.id, 'claimed'];
    }),
  );
}

/** The coupon an order used, named in the customer's language (the order detail's discount line). */
export async function orderCoupon(db: Executor, orderId: number, lang: Language): Promise<OrderCoupon | null> {
  const use = await repo.useOfOrder(db, orderId);
  return use ? { id: use.id, name: pick(lang, use.name_en, use.name_zh), code: usedCode(use) } : null;
}

/** The same for the console, in both languages, and whether the use was given back. */
export async function adminOrderCoupon(db: Executor, orderId: number) {
  const use = await repo.useOfOrder(db, orderId);
  return use ? { id: use.id, name: { en: use.name_en, zh: use.name_zh }, code: usedCode(use), returned: use.returned_at !== null } : null;
}

/** A single-use code names itself; a public coupon's code is the one everyone types; a claimed coupon has none. */
const usedCode = (use: { distribution: string; public_code: string | null; single_use_code: string | null }) => use.single_use_code ?? (use.distribution === 'code' ? use.public_code : null);

export async function myCoupons(db: Executor, userId: number, tab: 'usable' | 'used' | 'expired', lang: Language, now: number) {
  const ids = await repo.claimedCouponIds(db, userId);
  const rows = (await repo.findCouponsByIds(db, ids)).sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
  const states = await claimedStates(db, userId, rows, now);
  const want = tab === 'usable' ? 'claimed' : tab;
  return { items: rows.filter((r) => states.get(r.id) === want).map((r) => toShopCoupon(r, want, lang)) };
}

/** Coupons open for claiming (for one product when asked), with the caller's state when signed in. */
export async function claimableCoupons(db: Executor, userId: number | null, productId: number | undefined, lang: Language, now: number) {
  let rows = await repo.claimableCoupons(db, now);
  if (productId !== undefined) {
    const product = await requireProduct(db, productId);
    rows = rows.filter((r) => {
      const rules = rulesOf(r);
      return (rules.productIds.length === 0 || rules.productIds.includes(product.id)) && (rules.productKinds.length === 0 || rules.productKinds.includes(product.kind)) && rules.currency === product.currency;
    });
  }
  const claimed = userId === null ? [] : await repo.claimedCouponIds(db, userId);
  const mine = userId === null ? new Map<number, ShopCoupon['state']>() : await claimedStates(db, userId, rows.filter((r) => claimed.includes(r.id)), now);
  return { items: rows.map((r) => toShopCoupon(r, mine.get(r.id) ?? 'claimable', lang)) };
}

export async function claimCoupon(db: Executor, userId: number, couponId: number, lang: Language, now: number): Promise<ShopCoupon> {
  const row = await repo.findCoupon(db, couponId);
  if (!row) throw new AppError(serverErrors.couponNotFound, 'couponId');
  if (row.distribution !== 'claim') throw new AppError(serverErrors.couponNotClaimable, 'couponId');
  if (row.paused === 1) throw new AppError(serverErrors.couponPaused, 'couponId');
  if (row.ends_at !== null && Number(row.ends_at) <= now) throw new AppError(serverErrors.couponExpired, 'couponId');
  if (!(await repo.insertClaim(db, row.id, userId, now))) throw new AppError(serverErrors.couponAlreadyClaimed, 'couponId');
  return toShopCoupon(row, 'claimed', lang);
}

/** Coupons by id whatever their state (the history names what an audit row is about). */
export const couponsByIds = (db: Executor, ids: readonly number[]) => (ids.length ? repo.findCouponsByIds(db, [...ids]) : Promise.resolve([]));
