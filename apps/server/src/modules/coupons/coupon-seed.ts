import { Currency } from '@simshop/contract';
import type { Insertable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import * as repo from './coupon.repository.ts';
import type { CouponsTable } from './coupons.table.ts';

const DAY = 86_400_000;

/**
 * The demo's coupons, added once (checked by the public code): TOKYO10, a public code for 10%
 * off eSIMs paid in US dollars, and a claimable US$2 off orders of US$10 or more.
 */
export async function seedDemoCoupons(tx: Executor, now: number): Promise<void> {
  if (await repo.findByPublicCode(tx, 'TOKYO10')) return;
  const common = { currency: Currency.USD, starts_at: now - DAY, ends_at: now + 365 * DAY, product_ids: '[]', audience: 'both', max_uses: null, per_customer: 1, with_wholesale: 0, created_at: now, updated_at: now } satisfies Partial<Insertable<CouponsTable>>;
  await repo.insertCoupon(tx, { ...common, name_en: 'Tokyo 10% off eSIMs', name_zh: '东京 eSIM 九折', kind: 'percent', value: 10, max_discount: 1000, min_spend: 0, product_kinds: '["esim"]', distribution: 'code', code: 'TOKYO10' });
  await repo.insertCoupon(tx, { ...common, name_en: 'US$2 off US$10', name_zh: '满 10 美元减 2 美元', kind: 'fixed', value: 200, max_discount: null, min_spend: 1000, product_kinds: '[]', distribution: 'claim', code: null });
}
