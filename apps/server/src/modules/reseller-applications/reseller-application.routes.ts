import { handle } from '../../http/handlers.ts';
import * as applications from './reseller-application.service.ts';

/** Applying to become a reseller (user.do) and the console's decisions (adminResellerApplication). */
export const resellerApplicationHandlers = [
  handle('user', 'reseller_apply', (ctx, input) => applications.apply(ctx.db, ctx.session.userId, input, ctx.now)),
  handle('user', 'reseller_application', (ctx) => applications.myApplication(ctx.db, ctx.session.userId)),
  handle('adminResellerApplication', 'list', (ctx, input) => applications.listApplications(ctx.db, input)),
  handle('adminResellerApplication', 'detail', (ctx, input) => applications.applicationDetail(ctx.db, input.id)),
  handle('adminResellerApplication', 'approve', (ctx, input) => applications.approve(ctx.db, ctx.actor, input, ctx.origin, ctx.now)),
  handle('adminResellerApplication', 'reject', (ctx, input) => applications.reject(ctx.db, ctx.actor, input, ctx.origin, ctx.now)),
];
