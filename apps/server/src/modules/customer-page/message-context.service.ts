import { MESSAGE_CONTEXT_ITEMS, type MessageContext } from '@simshop/contract';
import type { Executor } from '../../db/database.ts';
import { requireCustomer } from '../accounts/account-admin.service.ts';
import { adminBalancesOf } from '../balance/balance-admin.service.ts';
import { customerEsims } from '../esim/esim.service.ts';
import { notificationSettings } from '../notifications/notification.service.ts';
import { customerOrders } from '../orders/order-views.service.ts';

/**
 * What staff see beside a conversation in Messages: the customer's newest orders and eSIMs, their
 * balances and the language the shop writes to them in, read through the orders, eSIM, balance
 * and notification services (the orders and eSIMs as the customer page's first pages show them).
 * Here, above those domains, because orders use messages (pickup notices): the messages module
 * cannot read orders itself.
 */
export async function messageContext(db: Executor, userId: number): Promise<MessageContext> {
  await requireCustomer(db, userId, 'userId');
  const first = { page: 1, pageSize: MESSAGE_CONTEXT_ITEMS };
  const [orders, esims, balances, settings] = await Promise.all([customerOrders(db, userId, first), customerEsims(db, userId, first), adminBalancesOf(db, userId), notificationSettings(db, userId)]);
  return { orders: orders.items, orderCount: orders.total, esims: esims.items, esimCount: esims.total, balances, language: settings.language };
}
