import { handle } from '../../http/handlers.ts';
import { createStore, listStoresForStaff, setStoreActive, storeForStaff, updateStore } from './store-admin.service.ts';

/** The console's store actions. */
export const storeAdminHandlers = [
  // A merchant's staff list and add only their merchant's stores.
  handle('adminStore', 'list', (ctx, input) => listStoresForStaff(ctx.db, input, ctx.staff.merchantId ?? undefined)),
  handle('adminStore', 'detail', (ctx, input) => storeForStaff(ctx.db, input.id)),
  handle('adminStore', 'create', (ctx, input) => createStore(ctx.db, ctx.actor, input, ctx.now, ctx.staff.merchantId ?? undefined)),
  handle('adminStore', 'update', (ctx, input) => updateStore(ctx.db, ctx.actor, input, ctx.now)),
  handle('adminStore', 'set_active', (ctx, input) => setStoreActive(ctx.db, ctx.actor, input, ctx.now)),
];
