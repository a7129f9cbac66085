import { handle } from '../../http/handlers.ts';
import * as supsim from './supsim.service.ts';

export const supsimHandlers = [
  handle('supsim', 'send_code', (ctx, input) => supsim.sendBindCode(ctx.db, ctx.providers.carrier, { userId: ctx.session.userId, ip: ctx.ip }, input.iccid, ctx.now, ctx.config.sms.dailyBudget)),
  handle('supsim', 'bind', (ctx, input) => supsim.bindSupsim(ctx.db, ctx.providers.carrier, { userId: ctx.session.userId, ip: ctx.ip }, input, ctx.now)),
  handle('supsim', 'list', (ctx) => supsim.listSupsims(ctx.db, ctx.session.userId)),
  handle('supsim', 'detail', (ctx, input) => supsim.supsimDetail(ctx.db, ctx.providers.carrier, ctx.session.userId, input.id)),
  handle('supsim', 'unbind', (ctx, input) => supsim.unbindSupsim(ctx.db, ctx.session.userId, input.id)),
  handle('supsim', 'query', (ctx, input) => supsim.jtQuery(ctx.db, ctx.providers.carrier, ctx.session.userId, input.number)),
  handle('supsim', 'set_hplmn', (ctx, input) => supsim.setHplmn(ctx.db, ctx.providers.carrier, ctx.session.userId, input)),
];
