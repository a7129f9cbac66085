import { handle } from '../../http/handlers.ts';
import { changeMerchantStatus } from './merchant-status.service.ts';

/** A merchant's approval, suspension and reactivation (endpoint adminMerchant): suspending signs its staff out. */
export const merchantStatusHandlers = [
  handle('adminMerchant', 'approve', (ctx, input) => changeMerchantStatus(ctx.db, ctx.actor, input, 'approve', ctx.now)),
  handle('adminMerchant', 'suspend', (ctx, input) => changeMerchantStatus(ctx.db, ctx.actor, input, 'suspend', ctx.now)),
  handle('adminMerchant', 'reactivate', (ctx, input) => changeMerchantStatus(ctx.db, ctx.actor, input, 'reactivate', ctx.now)),
];
