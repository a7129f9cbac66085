import type { CustomerDetail } from '@simshop/contract';
import type { Executor } from '../../db/database.ts';
import { requireCustomer, toCustomer } from '../accounts/account-admin.service.ts';
import { adminBalancesOf } from '../balance/balance-admin.service.ts';
import { customerDevices } from '../devices/device.service.ts';
import { customerEsims } from '../esim/esim.service.ts';
import { customerOrders } from '../orders/order-views.service.ts';

/**
 * The console's customer page: a customer with their balances and the first pages of their orders,
 * eSIMs and devices. A module of its own above the domains it shows, so that
 * accounts, which those domains use, knows none of them.
 */
type Page = { page: number; pageSize: number; sortOrder: 'asc' | 'desc' };

export async function customerDetail(db: Executor, id: number): Promise<CustomerDetail> {
  const row = await requireCustomer(db, id);
  const first = { page: 1, pageSize: 1 };
  const [balances, orders, esims, devices] = await Promise.all([adminBalancesOf(db, id), customerOrders(db, id, first), customerEsims(db, id, first), customerDevices(db, id, first)]);
  return { customer: toCustomer(row), balances, counts: { orders: orders.total, esims: esims.total, devices: devices.total } };
}

export async function customerOrderList(db: Executor, id: number, page: Page) {
  await requireCustomer(db, id);
  return customerOrders(db, id, page);
}

export async function customerEsimList(db: Executor, id: number, page: Page) {
  await requireCustomer(db, id);
  return customerEsims(db, id, page);
}

export async function customerDeviceList(db: Executor, id: number, page: Page) {
  await requireCustomer(db, id);
  return customerDevices(db, id, page);
}
