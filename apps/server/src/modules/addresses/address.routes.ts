import { handle } from '../../http/handlers.ts';
import * as addresses from './address.service.ts';

export const addressHandlers = [
  handle('address', 'list', (ctx, input) => addresses.listAddresses(ctx.db, ctx.session.userId, input.page, input.size)),
  handle('address', 'save', (ctx, input) => addresses.saveAddress(ctx.db, ctx.session.userId, input, ctx.now)),
  handle('address', 'delete', (ctx, input) => addresses.deleteAddress(ctx.db, ctx.session.userId, input.id)),
];
