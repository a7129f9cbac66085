import { handle } from '../../http/handlers.ts';
import * as customers from './account-admin.service.ts';

/** The console's customers and resellers (endpoint adminCustomer). */
export const customerAdminHandlers = [
  handle('adminCustomer', 'list', (ctx, input) => customers.listCustomers(ctx.db, input)),
  handle('adminCustomer', 'detail', (ctx, input) => customers.customerDetail(ctx.db, input.id)),
  handle('adminCustomer', 'orders', (ctx, input) => customers.customerOrderList(ctx.db, input.id, input)),
  handle('adminCustomer', 'esims', (ctx, input) => customers.customerEsimList(ctx.db, input.id, input)),
  handle('adminCustomer', 'devices', (ctx, input) => customers.customerDeviceList(ctx.db, input.id, input)),
  handle('adminCustomer', 'ledger', (ctx, input) => customers.customerLedger(ctx.db, input.id, input)),
  handle('adminCustomer', 'audit', (ctx, input) => customers.customerAudit(ctx.db, input.id, input)),
  handle('adminCustomer', 'update', (ctx, input) => customers.updateCustomer(ctx.db, ctx.actor, input.id, input, ctx.now)),
  handle('adminCustomer', 'credit', (ctx, input) => customers.creditCustomerBalance(ctx.db, ctx.actor, input, ctx.now)),
  handle('adminCustomer', 'lock', (ctx, input) => customers.lockCustomerBalance(ctx.db, ctx.actor, input, ctx.now)),
];
