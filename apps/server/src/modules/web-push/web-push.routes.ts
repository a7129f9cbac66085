import { handle } from '../../http/handlers.ts';
import { subscribe, subscriptionStatus, unsubscribe, vapidPublicKey } from './web-push.service.ts';

/** Alerts on this device: the shop's public key for everyone, the subscription for the signed-in customer. */
export const webPushHandlers = [
  handle('push', 'key', (ctx) => vapidPublicKey(ctx.db, ctx.config)),
  handle('push', 'subscribe', (ctx, input) => subscribe(ctx.db, ctx.config, ctx.session.userId, input, ctx.now)),
  handle('push', 'unsubscribe', (ctx, input) => unsubscribe(ctx.db, ctx.session.userId, input.endpoint)),
  handle('push', 'status', (ctx, input) => subscriptionStatus(ctx.db, ctx.session.userId, input.endpoint)),
];
