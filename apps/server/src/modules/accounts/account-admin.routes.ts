import { handle } from '../../http/handlers.ts';
import * as customers from './account-admin.service.ts';

/** The console's customers and resellers (endpoint adminCustomer; the page's views of other domains: customer-page). */
export const customerAdminHandlers = [
  handle('adminCustomer', 'list', (ctx, input) => customers.listCustomers(ctx.db, input)),
  handle('adminCustomer', 'ledger', (ctx, input) => customers.customerLedger(ctx.db, input.id, input)),
  handle('adminCustomer', 'credit', (ctx, input) => customers.creditCustomerBalance(ctx.db, ctx.actor, input, ctx.now)),
  handle('adminCustomer', 'lock', (ctx, input) => customers.lockCustomerBalance(ctx.db, ctx.actor, input, ctx.now)),
  handle('adminCustomer', 'update', (ctx, input) => customers.updateCustomer(ctx.db, ctx.actor, input.id, input, ctx.now)),
];
