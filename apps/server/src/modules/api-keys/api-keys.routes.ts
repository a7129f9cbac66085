import { handle } from '../../http/handlers.ts';
import type { AuthedContext } from '../../http/context.ts';
import { apiSpendLimits, setApiSpendLimit } from '../api-spend/api-spend.service.ts';
import { createKey, listKeys, revokeKey, rotateKey } from './api-keys.service.ts';

const caller = (ctx: AuthedContext) => ({ userId: ctx.session.userId, ip: ctx.ip, log: ctx.log, now: ctx.now });

/** Mine → API: a reseller's own keys (reseller sessions only; the dispatcher refuses anyone else). */
export const apiKeyHandlers = [
  handle('apiKey', 'list', (ctx) => listKeys(ctx.db, ctx.session.userId)),
  handle('apiKey', 'create', (ctx, input) => createKey(ctx.db, caller(ctx), input)),
  handle('apiKey', 'rotate', (ctx, input) => rotateKey(ctx.db, caller(ctx), input.id)),
  handle('apiKey', 'revoke', (ctx, input) => revokeKey(ctx.db, caller(ctx), input.id)),
  handle('apiKey', 'spend_limits', (ctx) => apiSpendLimits(ctx.db, ctx.session.userId, ctx.now)),
  handle('apiKey', 'set_spend_limit', (ctx, input) => setApiSpendLimit(ctx.db, caller(ctx), input)),
];
