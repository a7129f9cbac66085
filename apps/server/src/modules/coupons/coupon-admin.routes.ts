import { handle } from '../../http/handlers.ts';
import { adminCouponDetail, couponUses, createCoupon, exportCodes, generateCodes, listAdminCoupons, pauseCoupon, updateCoupon } from './coupon-admin.service.ts';

/** The console's coupon actions. */
export const couponAdminHandlers = [
  // A merchant's staff list and create only their merchant's own coupons.
  handle('adminCoupon', 'list', (ctx, input) => listAdminCoupons(ctx.db, input, ctx.now, ctx.staff.merchantId ?? undefined)),
  handle('adminCoupon', 'detail', (ctx, input) => adminCouponDetail(ctx.db, input.id, ctx.now)),
  handle('adminCoupon', 'create', (ctx, input) => createCoupon(ctx.db, ctx.actor, input, ctx.now, ctx.staff.merchantId)),
  handle('adminCoupon', 'update', (ctx, input) => updateCoupon(ctx.db, ctx.actor, input, ctx.now)),
  handle('adminCoupon', 'pause', (ctx, input) => pauseCoupon(ctx.db, ctx.actor, input, ctx.now)),
  handle('adminCoupon', 'uses', (ctx, input) => couponUses(ctx.db, input)),
  handle('adminCoupon', 'generate_codes', (ctx, input) => generateCodes(ctx.db, ctx.actor, input, ctx.now)),
  handle('adminCoupon', 'export_codes', (ctx, input) => exportCodes(ctx.db, input.id, ctx.now)),
];
