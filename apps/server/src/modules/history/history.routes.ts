import { handle } from '../../http/handlers.ts';
import { requireCustomer } from '../accounts/account-admin.service.ts';
import { getAdminProduct } from '../catalogue/catalogue-admin.service.ts';
import { auditInWords, listAuditInWords } from './history.service.ts';

/**
 * The console's audit rows in words: the audit log, a customer's and a product's history (an
 * order's is on its page: modules/order-page). Permissions and merchant scope are the contract's,
 * checked by the dispatcher before these run.
 */
export const historyHandlers = [
  handle('adminAudit', 'list', (ctx, input) => listAuditInWords(ctx.db, input, input)),
  handle('adminCustomer', 'audit', async (ctx, input) => {
    await requireCustomer(ctx.db, input.id);
    return listAuditInWords(ctx.db, { targetType: 'customer', targetId: String(input.id) }, input);
  }),
  handle('adminProduct', 'get', async (ctx, input) => {
    const product = await getAdminProduct(ctx.db, input.id);
    return { ...product, history: await auditInWords(ctx.db, product.history) };
  }),
];
