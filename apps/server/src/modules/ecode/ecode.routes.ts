import type { RegisteredHandler } from '../../http/handlers.ts';
import { handle } from '../../http/handlers.ts';
import { languageOf } from '../../lib/i18n.ts';
import * as ecode from './ecode.service.ts';

export const ecodeHandlers: RegisteredHandler[] = [
  handle('ecodeManage', 'list', (ctx, input) => ecode.listEcodes(ctx.db, ctx.session.userId, input, languageOf(input.i18n))),
  handle('ecodeManage', 'search', (ctx, input) => ecode.searchEcodes(ctx.db, ctx.session.userId, input.code, languageOf(input.i18n))),
  handle('ecodeManage', 'mark_sold', (ctx, input) => ecode.markSold(ctx.db, ctx.session.userId, input.code, input.note, languageOf(input.i18n), ctx.now)),
  handle('ecodeManage', 'delete', (ctx, input) => ecode.deleteEcode(ctx.db, ctx.session.userId, input.code, languageOf(input.i18n), ctx.now)),
  handle('ecodeManage', 'export', (ctx, input) => ecode.exportEcodes(ctx.db, ctx.config, ctx.session.userId, input, languageOf(input.i18n), ctx.now)),
  handle('ecodeCustomize', 'customize', (ctx, input) =>
    ecode.customizeEcode(ctx.db, ctx.providers.smdp, { userId: ctx.session?.userId ?? null, ip: ctx.ip }, input, ctx.now),
  ),
  handle('ecodeCustomize', 'fetch', (ctx, input) => ecode.fetchEcodeEsim(ctx.db, { userId: ctx.session?.userId ?? null, ip: ctx.ip }, input, ctx.now)),
];
