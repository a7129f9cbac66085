import { handle } from '../../http/handlers.ts';
import { languageOf } from '../../lib/i18n.ts';
import { deleteMyAccount, exportMyData } from './my-data.service.ts';

/** Mine → My data, for customers and resellers alike (user.do and reseller/user.do). */
export const myDataHandlers = (['user', 'resellerUser'] as const).flatMap((endpoint) => [
  handle(endpoint, 'export_data', (ctx, input) => exportMyData(ctx.db, { userId: ctx.session.userId, ip: ctx.ip, now: ctx.now, log: ctx.log }, languageOf(input.i18n))),
  handle(endpoint, 'delete_account', (ctx, input) => deleteMyAccount(ctx.db, { userId: ctx.session.userId, ip: ctx.ip, now: ctx.now, log: ctx.log }, input.confirm)),
]);
