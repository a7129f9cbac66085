import { handle } from '../../http/handlers.ts';
import * as page from './customer-page.service.ts';
import { messageContext } from './message-context.service.ts';

/** The console's customer page (endpoint adminCustomer): what it shows from other domains. */
export const customerPageHandlers = [
  handle('adminCustomer', 'detail', (ctx, input) => page.customerDetail(ctx.db, input.id)),
  handle('adminCustomer', 'orders', (ctx, input) => page.customerOrderList(ctx.db, input.id, input)),
  handle('adminCustomer', 'esims', (ctx, input) => page.customerEsimList(ctx.db, input.id, input)),
  handle('adminCustomer', 'devices', (ctx, input) => page.customerDeviceList(ctx.db, input.id, input)),
  // The customer beside a conversation in Messages (messages.read).
  handle('adminMessage', 'context', (ctx, input) => messageContext(ctx.db, input.userId)),
];
