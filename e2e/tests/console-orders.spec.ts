import { expect, test, type Page } from '@playwright/test';
import { api, serverErrors } from '@simshop/contract';
import { apiCall, signInAs } from './support/accounts';
import { expectOpen } from './support/antd';
import { consoleApi, consoleSignIn, consoleUrl, expectAccessible } from './support/console';
import { paidOrder } from './support/orders';

/**
 * The console's orders and dashboard, in both languages: the owner ships a paid order (the
 * customer then sees the carrier and a tracking link in the shop) and approves a partial
 * refund; a support member sees no refund button and the API refuses them too.
 */
const TEXT = {
  en: {
    dashboard: 'Dashboard',
    toShip: 'To ship',
    openList: 'Open the list',
    orders: 'Orders',
    // Exactly the button's name (antd spaces out a two-character Chinese label).
    ship: /^Ship$/,
    tracking: 'Tracking number',
    trackingInvalid: 'The tracking number must be 4 to 40 letters, digits or dashes',
    shipped: 'Shipped',
    carrier: 'SF Express',
    approve: 'Approve refund',
    partial: 'Partial refund',
    amount: 'Amount to refund',
    amountInvalid: 'The refund must be more than zero and at most the order total',
    partialRefunded: 'Partially refunded',
    refundRequested: 'The customer asked for a refund',
    noPermission: 'Approving or rejecting refunds needs the refund permission (owner or finance).',
    shopCarrier: 'Carrier',
  },
  'zh-Hans': {
    dashboard: '概览',
    toShip: '待发货',
    openList: '查看列表',
    orders: '订单',
    ship: /^发\s*货$/,
    tracking: '运单号',
    trackingInvalid: '运单号须为4至40位字母、数字或短横线',
    shipped: '已发货',
    carrier: '顺丰速运',
    approve: '同意退款',
    partial: '部分退款',
    amount: '退款金额',
    amountInvalid: '退款金额必须大于零且不超过订单总额',
    partialRefunded: '部分退款',
    refundRequested: '客户申请了退款',
    noPermission: '同意或拒绝退款需要退款权限（店主或财务）。',
    shopCarrier: '物流公司',
  },
} as const;

/** A customer's paid SIM order. */
const paidSimOrder = (page: Page, token: string) => paidOrder(page, token, 'China Unicom prepaid SIM', { paperCard: 'with_card' });

async function refundRequested(page: Page, token: string) {
  const order = await paidSimOrder(page, token);
  expect((await apiCall(page, api.order.path, 'refund', { orderNo: order.orderNo, reason: 'not_working', note: 'No signal' }, token)).code).toBe(0);
  return order;
}

test.describe('console: orders and dashboard', () => {
  for (const lang of ['en', 'zh-Hans'] as const) {
    const text = TEXT[lang];

    test(`the owner ships an order the customer can then track, and approves a partial refund (${lang})`, async ({ page, browser }) => {
      // The customer's orders, made in the shop's origin so the API calls are the shop's.
      await page.goto('./');
      const customer = await signInAs(page, 'demo@simshop.local');
      const toShip = await paidSimOrder(page, customer);
      const toRefund = await refundRequested(page, customer);

      await consoleSignIn(page, 'owner', lang);
      await expect(page.getByRole('heading', { name: text.dashboard, level: 3 })).toBeVisible();
      await expect(page.getByText(text.toShip).first()).toBeVisible();
      await expectAccessible(page);

      // The dashboard's "to ship" leads to the list of exactly those orders.
      await page.getByRole('link', { name: text.openList }).first().click();
      await expect(page).toHaveURL(/\/console\/orders\?status=paid%2Cpartial_shipped&kind=sim&delivery=ship|\/console\/orders\?status=paid,partial_shipped&kind=sim&delivery=ship/);
      await expect(page.getByRole('link', { name: toShip.orderNo })).toBeVisible();
      await expectAccessible(page);

      await page.goto(consoleUrl(`orders?orderNo=${toShip.orderNo}`));
      await expect(page.getByRole('heading', { name: text.orders, level: 3 })).toBeVisible();
      await expect(page.getByRole('link', { name: toShip.orderNo })).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('link', { name: toShip.orderNo }).click();
      await expect(page).toHaveURL(new RegExp(`/console/orders/${toShip.orderNo}$`));
      await expectAccessible(page);

      await page.getByRole('button', { name: text.ship }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(text.tracking).fill('ab');
      await dialog.getByRole('button', { name: text.ship }).click();
      await expect(dialog.getByText(text.trackingInvalid)).toBeVisible();
      await dialog.getByLabel(text.tracking).fill('SF1234567890');
      await dialog.getByRole('button', { name: text.ship }).click();
      await expect(dialog).toBeHidden();
      await expect(page.locator('h3').getByText(text.shipped, { exact: true })).toBeVisible();
      await expect(page.locator('.audit-what').getByText(lang === 'en' ? 'Shipped the order' : '订单发货', { exact: true })).toBeVisible();

      // The customer's order page in the shop: the carrier and a link to its tracking page.
      const shop = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 390, height: 844 }, isMobile: true, locale: lang === 'en' ? 'en-US' : 'zh-CN' });
      const phone = await shop.newPage();
      await phone.goto('/uni/');
      await signInAs(phone, 'demo@simshop.local');
      await phone.goto(`/uni/pages/order/order-detail?orderNo=${toShip.orderNo}`);
      await expect(phone.locator('.adm-list-item').filter({ hasText: text.shopCarrier })).toContainText(text.carrier);
      await expect(phone.locator('a.tracking-link')).toHaveText('SF1234567890');
      await expect(phone.locator('a.tracking-link')).toHaveAttribute('href', /sf-express\.com.*SF1234567890/);
      await shop.close();

      // A partial refund of 10.00, after a refusal by the field of an amount above the total.
      await page.goto(consoleUrl(`orders/${toRefund.orderNo}`));
      await expect(page.getByText(text.refundRequested)).toBeVisible();
      await page.getByRole('button', { name: text.approve }).click();
      const refund = page.getByRole('dialog');
      // A press while the dialog is still coming in can miss: wait until it has, and check that the choice took.
      await expectOpen(refund);
      await refund.getByRole('radio', { name: text.partial }).check();
      await refund.getByLabel(text.amount).fill(String(toRefund.total / 100 + 1));
      await refund.getByRole('button', { name: text.approve }).click();
      await expect(refund.getByText(text.amountInvalid)).toBeVisible();
      await refund.getByLabel(text.amount).fill('10');
      await refund.getByRole('button', { name: text.approve }).click();
      await expect(refund).toBeHidden();
      await expect(page.locator('h3').getByText(text.partialRefunded, { exact: true })).toBeVisible();
      await expect(page.locator('.audit-what').getByText(lang === 'en' ? 'Approved a refund' : '同意退款', { exact: true })).toBeVisible();
      await expectAccessible(page);
    });

    test(`a support member sees no refund button, and the API refuses them (${lang})`, async ({ page }) => {
      await page.goto('./');
      const customer = await signInAs(page, 'demo@simshop.local');
      const order = await refundRequested(page, customer);

      await consoleSignIn(page, 'support', lang, `orders/${order.orderNo}`);
      await expect(page.getByText(text.refundRequested)).toBeVisible();
      await expect(page.getByTestId('refund-no-permission')).toHaveText(text.noPermission);
      await expect(page.getByRole('button', { name: text.approve })).toHaveCount(0);
      await expect(page.getByRole('button', { name: text.ship })).toHaveCount(0);
      await expectAccessible(page);

      const refused = await consoleApi(page, 'adminOrder', 'refund_approve', { orderNo: order.orderNo, amount: 100 });
      expect(refused.code).toBe(serverErrors.permissionDenied.code);
    });
  }
});
