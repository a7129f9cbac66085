import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { api } from '@simshop/contract';
import { apiCall } from './accounts';

/** An unpaid order of one unit of a product's first SKU, made through the API. */
export async function createOrder(page: Page, token: string, productId: number): Promise<string> {
  const detail = await apiCall(page, api.product.path, 'detail', { id: productId, i18n: 'en' }, token);
  const skuId = (detail.data as { skus: Array<{ id: number }> }).skus[0]!.id;
  const order = await apiCall(page, api.order.path, 'create', { items: [{ skuId, quantity: 1, inputs: {} }] }, token);
  expect(order.code, JSON.stringify(order)).toBe(0);
  return (order.data as { orderNo: string }).orderNo;
}

/** Removes every line from the signed-in user's cart. */
export async function emptyCart(page: Page, token: string): Promise<void> {
  const cart = (await apiCall(page, api.item.path, 'list', { i18n: 'en' }, token)).data as { items: Array<{ id: number }> };
  if (cart.items.length) await apiCall(page, api.item.path, 'remove', { ids: cart.items.map((i) => i.id), i18n: 'en' }, token);
}
