import type { CodePurpose, LoginResponse } from '@simshop/contract';
import type { RequestContext } from '../../http/context.ts';
import { handle, withTotal } from '../../http/handlers.ts';
import { ownedAvatarUrl } from '../files/files.service.ts';
import * as accounts from './account.service.ts';
import { createChallenge } from './proof-of-work.service.ts';
import { enforce, LIMITS } from '../security/rate-limit.service.ts';

const caller = (ctx: { ip: string; now: number }) => ({ ip: ctx.ip, now: ctx.now });

/** A sign-in also carries the counters in the envelope's `total`, like every call that changes them. */
const signedIn = async (login: Promise<LoginResponse>) => {
  const result = await login;
  return withTotal(result, result.total);
};

async function newChallenge(ctx: RequestContext, input: { purpose: CodePurpose }) {
  await enforce(ctx.db, ctx.now, LIMITS.challengePerIp(ctx.ip));
  return createChallenge(ctx.db, ctx.config, input.purpose, ctx.now);
}

/** user.do and reseller/user.do share every profile action; only the access differs (contract). */
function profileHandlers(endpoint: 'user' | 'resellerUser') {
  return [
    handle(endpoint, 'info', (ctx) => accounts.getUserInfo(ctx.db, ctx.session.userId)),
    handle(endpoint, 'update', (ctx, input) => accounts.updateProfile(ctx.db, ctx.session.userId, input, (id) => ownedAvatarUrl(ctx.db, ctx.session.userId, id), ctx.now)),
    handle(endpoint, 'set_currency', (ctx, input) => accounts.setCurrency(ctx.db, ctx.session.userId, input.currency, ctx.now)),
    handle(endpoint, 'modify_password', (ctx, input) => accounts.modifyPassword(ctx.db, ctx.session, input, ctx.now)),
    handle(endpoint, 'bind_tel', (ctx, input) => accounts.bindContact(ctx.db, ctx.session.userId, 'tel', input.tel, input.code, ctx.now)),
    handle(endpoint, 'unbind_tel', (ctx, input) => accounts.unbindContact(ctx.db, ctx.session.userId, 'tel', input.code, ctx.now)),
    handle(endpoint, 'bind_email', (ctx, input) => accounts.bindContact(ctx.db, ctx.session.userId, 'email', input.email, input.code, ctx.now)),
    handle(endpoint, 'unbind_email', (ctx, input) => accounts.unbindContact(ctx.db, ctx.session.userId, 'email', input.code, ctx.now)),
  ];
}

export const accountHandlers = [
  handle('login', 'register', (ctx, input) => signedIn(accounts.register(ctx.db, ctx.config, caller(ctx), input))),
  handle('login', 'password', (ctx, input) => signedIn(accounts.loginWithPassword(ctx.db, ctx.config, caller(ctx), input, { mode: 'regular' }))),
  handle('login', 'code', (ctx, input) => signedIn(accounts.loginWithCode(ctx.db, ctx.config, caller(ctx), input, { mode: 'regular' }))),
  handle('login', 'logout', (ctx) => accounts.logout(ctx.db, ctx.session, ctx.now)),
  handle('login', 'reset_password', (ctx, input) => accounts.resetPassword(ctx.db, caller(ctx), input)),
  handle('resellerLogin', 'password', (ctx, input) => signedIn(accounts.loginWithPassword(ctx.db, ctx.config, caller(ctx), input, { mode: 'reseller', foreign: input.foreign }))),
  handle('resellerLogin', 'code', (ctx, input) => signedIn(accounts.loginWithCode(ctx.db, ctx.config, caller(ctx), input, { mode: 'reseller', foreign: input.foreign }))),
  handle('resellerLogin', 'logout', (ctx) => accounts.logout(ctx.db, ctx.session, ctx.now)),
  ...profileHandlers('user'),
  handle('user', 'create_reseller', (ctx) => accounts.createResellerAccount(ctx.db, ctx.session.userId, ctx.now)),
  ...profileHandlers('resellerUser'),
  handle('resellerUser', 'switch_regular', (ctx) => signedIn(accounts.switchToRegular(ctx.db, ctx.config, ctx.session, ctx.now))),
  handle('codeSend', 'send', (ctx, input) => accounts.sendCode(ctx.db, ctx.config, { ...caller(ctx), userId: ctx.session?.userId }, input)),
  handle('seed', 'image_code', newChallenge),
  handle('seedAuthc', 'image_code', newChallenge),
];
