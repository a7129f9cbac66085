import { handle } from '../../http/handlers.ts';
import * as wechat from './wechat.service.ts';

/** WeChat sign-in and the JS-SDK configuration; refused where WeChat is not configured. */
export const wechatHandlers = [
  handle('wechat', 'authorize', (ctx, input) => wechat.authorizeUrl(ctx.db, ctx.config, ctx.providers.wechatLogin, { ip: ctx.ip, now: ctx.now }, input, ctx.origin)),
  handle('wechat', 'login', (ctx, input) => wechat.login(ctx.db, ctx.config, ctx.providers.wechatLogin, { ip: ctx.ip, now: ctx.now }, input)),
  handle('wechat', 'link', (ctx, input) => wechat.link(ctx.db, ctx.config, ctx.providers.wechatLogin, { ip: ctx.ip, now: ctx.now }, input)),
  handle('wechat', 'create', (ctx, input) => wechat.create(ctx.db, ctx.config, ctx.providers.wechatLogin, { ip: ctx.ip, now: ctx.now }, input)),
  handle('wechat', 'link_signed_in', (ctx, input) => wechat.linkSignedIn(ctx.db, ctx.config, ctx.providers.wechatLogin, { ip: ctx.ip, now: ctx.now, userId: ctx.session.userId }, input)),
  handle('wechat', 'js_config', (ctx, input) => wechat.jsConfig(ctx.db, ctx.config, ctx.providers.wechatLogin, { ip: ctx.ip, now: ctx.now }, input)),
];
