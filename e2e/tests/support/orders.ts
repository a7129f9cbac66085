import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { api } from '@simshop/contract';
import { apiCall, signInAs } from './accounts';
import { productId } from './shop';

/**
 * The demo customer buys the prepaid SIM (it ships), and from the checkout opens the address
 * picker and its form for a new address.
 */
export async function newAddressFromCheckout(page: Page, text: { buyNow: string; addAddress: string }): Promise<void> {
  await page.goto('pages/index/index');
  await signInAs(page, 'demo@simshop.local');
  const id = await productId(page, 'China Unicom prepaid SIM');
  await page.goto(`pages/goods/goods?id=${id}`);
  await page.locator('.action-bar button').filter({ hasText: text.buyNow }).click();
  await expect(page).toHaveURL(/\/pages\/order\/order-create/);
  await page.locator('.address-card').click();
  await page.locator('.action-bar button').filter({ hasText: text.addAddress }).click();
}

export const SHIPPING_ADDRESS = { name: 'Chan Tai Man', tel: '+852 6123 4567', country: 'Hong Kong', city: 'Kowloon', detail: 'Nathan Road 1' };

/**
 * A customer's paid order of one unit of a product's first SKU, shipped to a new address: made
 * through the shop's API and paid on the sandbox's hosted page.
 */
export async function paidOrder(page: Page, token: string, productName: string, inputs: Record<string, string> = {}): Promise<{ orderNo: string; total: number }> {
  const product = await productId(page, productName);
  const detail = (await apiCall(page, api.product.path, 'detail', { id: product, i18n: 'en' })).data as { skus: { id: number }[] };
  const addressId = ((await apiCall(page, api.address.path, 'save', SHIPPING_ADDRESS, token)).data as { id: number }).id;
  const order = await apiCall(page, api.order.path, 'create', { items: [{ skuId: detail.skus[0]!.id, quantity: 1, inputs }], addressId }, token);
  expect(order.code, JSON.stringify(order)).toBe(0);
  const { orderNo, total } = order.data as { orderNo: string; total: number };
  await payBySandbox(page, token, orderNo);
  return { orderNo, total };
}

/** Pays one of the customer's orders on the sandbox's hosted page, approved. */
export async function payBySandbox(page: Page, token: string, orderNo: string): Promise<void> {
  const pay = (await apiCall(page, api.order.path, 'pay', { orderNo, method: 'sandbox' }, token)).data as { redirectUrl: string };
  const sandbox = new URL(pay.redirectUrl).pathname;
  const html = await (await page.request.get(sandbox)).text();
  const sig = /value="approve"><input type="hidden" name="sig" value="([0-9a-f]+)"/.exec(html)![1]!;
  await page.request.post(sandbox, { form: { outcome: 'approve', sig }, maxRedirects: 0 });
}

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
