import { handle } from '../../http/handlers.ts';
import { languageOf } from '../../lib/i18n.ts';
import { claimableCoupons, claimCoupon, myCoupons } from './coupon.service.ts';

export const couponHandlers = [
  handle('coupon', 'mine', (ctx, input) => myCoupons(ctx.db, ctx.session.userId, input.tab, languageOf(input.i18n), ctx.now)),
  handle('coupon', 'claimable', (ctx, input) => claimableCoupons(ctx.db, ctx.session?.userId ?? null, input.productId, languageOf(input.i18n), ctx.now)),
  handle('coupon', 'claim', (ctx, input) => claimCoupon(ctx.db, ctx.session.userId, input.couponId, languageOf(input.i18n), ctx.now)),
];
