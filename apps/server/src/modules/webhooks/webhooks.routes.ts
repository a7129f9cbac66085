import { handle } from '../../http/handlers.ts';
import type { AuthedContext } from '../../http/context.ts';
import { createEndpoint, deleteEndpoint, listDeliveries, listEndpoints, redeliver, rotateSecret, sendTestEvent, updateEndpoint } from './webhooks.service.ts';

const caller = (ctx: AuthedContext) => ({ userId: ctx.session.userId, serverSecret: ctx.config.fileTokenSecret, production: ctx.config.env === 'production', now: ctx.now, ip: ctx.ip, log: ctx.log });

/** Mine → API → Webhooks: a reseller's own endpoints (reseller sessions only; the dispatcher refuses anyone else). */
export const webhookHandlers = [
  handle('webhook', 'list', (ctx) => listEndpoints(ctx.db, ctx.session.userId)),
  handle('webhook', 'create', (ctx, input) => createEndpoint(ctx.db, caller(ctx), input)),
  handle('webhook', 'update', (ctx, { id, url, description, events, enabled, balanceLowBelow }) => updateEndpoint(ctx.db, caller(ctx), id, { url, description, events, enabled, balanceLowBelow })),
  handle('webhook', 'delete', (ctx, input) => deleteEndpoint(ctx.db, caller(ctx), input.id)),
  handle('webhook', 'rotate', (ctx, input) => rotateSecret(ctx.db, caller(ctx), input.id)),
  handle('webhook', 'deliveries', (ctx, input) => listDeliveries(ctx.db, ctx.session.userId, input)),
  handle('webhook', 'redeliver', (ctx, input) => redeliver(ctx.db, caller(ctx), input.deliveryId)),
  handle('webhook', 'test', (ctx, input) => sendTestEvent(ctx.db, caller(ctx), input.id)),
];
