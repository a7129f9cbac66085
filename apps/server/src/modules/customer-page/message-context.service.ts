import { MESSAGE_CONTEXT_ITEMS, type MessageContext } from '@simshop/contract';
import type { Executor } from '../../db/database.ts';
import { requireCustomer } from '../accounts/account-admin.service.ts';
import { adminBalancesOf } from '../balance/balance-admin.service.ts';
import { customerEsims } from '../esim/esim.service.ts';
import { customerOrders } from '../orders/order-views.service.ts';

/**
 * What staff see beside a conversation in Messages: the customer's newest orders and eSIMs and
 * their balances, read through the orders, eSIM and balance services (the same views as the
 * customer page's first pages). Here, above those domains, because orders use messages (pickup
 * notices): the messages module cannot read orders itself.
 */
export async function messageContext(db: Executor, userId: number): Promise<MessageContext> {
  await requireCustomer(db, userId, 'userId');
  const first = { page: 1, pageSize: MESSAGE_CONTEXT_ITEMS };
  const [orders, esims, balances] = await Promise.all([customerOrders(db, userId, first), customerEsims(db, userId, first), adminBalancesOf(db, userId)]);
  return { orders: orders.items, orderCount: orders.total, esims: esims.items, esimCount: esims.total, balances };
}
