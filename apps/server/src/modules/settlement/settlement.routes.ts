import { handle } from '../../http/handlers.ts';
import { exportSettlement, settle, settlementFor } from './settlement.service.ts';

/** The console's settlement endpoint; merchant staff see their own merchant only (ctx.staff.merchantId). */
export const settlementAdminHandlers = [
  handle('adminSettlement', 'list', (ctx, input) => settlementFor(ctx.db, ctx.staff.merchantId, input)),
  handle('adminSettlement', 'export', (ctx, input) => exportSettlement(ctx.db, ctx.staff.merchantId, input)),
  handle('adminSettlement', 'settle', (ctx, input) => settle(ctx.db, ctx.actor, input, ctx.now)),
];
