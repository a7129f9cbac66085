import { formatMoney, serverErrors, type CouponAudience, type CouponKind, type Currency, type ErrorDef } from '@simshop/contract';

/** A coupon's rules as the pricing needs them (no database types: unit-testable on its own). */
export interface CouponRules {
  kind: CouponKind;
  value: number;
  maxDiscount: number | null;
  currency: Currency;
  minSpend: number;
  startsAt: number;
  endsAt: number | null;
  productKinds: string[];
  productIds: number[];
  audience: CouponAudience;
  maxUses: number | null;
  uses: number;
  perCustomer: number;
  withWholesale: boolean;
  paused: boolean;
}

/** The order draft as a coupon sees it. */
export interface CouponDraft {
  currency: string;
  reseller: boolean;
  freight: number;
  lines: ReadonlyArray<{ productId: number; kind: string; amount: number; wholesale: boolean }>;
  /** Uses of this coupon the caller has now (given-back ones not counted). */
  usedByCaller: number;
  now: number;
}

export interface Refusal {
  error: ErrorDef;
  data?: Record<string, unknown>;
}

const refuse = (error: ErrorDef, data?: Record<string, unknown>): { refusal: Refusal } => ({ refusal: data ? { error, data } : { error } });

/**
 * Whether a coupon applies to a draft and how much it takes off, or the first rule it fails,
 * checked in the order a customer can act on (timing and account before the cart's contents).
 * The discount never exceeds what the covered lines (or the freight) cost.
 */
export function evaluateCoupon(c: CouponRules, d: CouponDraft): { discount: number } | { refusal: Refusal } {
  if (c.paused) return refuse(serverErrors.couponPaused);
  if (d.now < c.startsAt) return refuse(serverErrors.couponNotStarted);
  if (c.endsAt !== null && d.now >= c.endsAt) return refuse(serverErrors.couponExpired);
  if ((c.audience === 'customers' && d.reseller) || (c.audience === 'resellers' && !d.reseller)) return refuse(serverErrors.couponNotForAccount);
  if (c.currency !== d.currency) return refuse(serverErrors.couponWrongCurrency, { currency: c.currency });
  if (c.maxUses !== null && c.uses >= c.maxUses) return refuse(serverErrors.couponUsedUp);
  if (d.usedByCaller >= c.perCustomer) return refuse(serverErrors.couponAlreadyUsed);
  const covered = d.lines.filter((l) => (c.productIds.length === 0 || c.productIds.includes(l.productId)) && (c.productKinds.length === 0 || c.productKinds.includes(l.kind)));
  if (covered.length === 0) return refuse(serverErrors.couponNotForProducts);
  if (!c.withWholesale && covered.some((l) => l.wholesale)) return refuse(serverErrors.couponNotWithWholesale);
  const spend = covered.reduce((sum, l) => sum + l.amount, 0);
  if (spend < c.minSpend) return refuse(serverErrors.couponMinSpend, { minSpend: formatMoney(c.minSpend, c.currency) });
  switch (c.kind) {
    case 'fixed':
      return { discount: Math.min(c.value, spend) };
    case 'percent': {
      const off = Math.floor((spend * c.value) / 100);
      return { discount: c.maxDiscount === null ? off : Math.min(off, c.maxDiscount) };
    }
    case 'free_shipping':
      if (d.freight <= 0) return refuse(serverErrors.couponNothingToShip);
      return { discount: d.freight };
  }
}
