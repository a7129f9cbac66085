import { expect, test } from '@playwright/test';
import { api } from '@simshop/contract';
import { expectOpen } from './support/antd';
import { apiCall, registerAndSignIn } from './support/accounts';
import { consoleSignIn, expectAccessible } from './support/console';
import { paidOrder } from './support/orders';
import { consoleScreens } from './support/screens';

/**
 * Refunding an eSIM order, the owner sees beside the amount whether the eSIM was installed and
 * when, its install log and the data used of the total, and decides with them; the order page
 * shows the same in its eSIMs card.
 */
const T = {
  en: { approve: 'Approve refund', requested: 'The customer asked for a refund', context: 'eSIMs of this order', card: 'eSIMs', installed: 'Installed', log: 'Installed successfully', used: /used of 5 GB/, cancel: 'Cancel' },
  'zh-Hans': { approve: '同意退款', requested: '客户申请了退款', context: '本订单的 eSIM', card: 'eSIM', installed: '已安装', log: '安装成功', used: /共 5 GB/, cancel: /取\s*消/ },
} as const;
const EID = '89049032004008882600012345678956';

for (const lang of ['en', 'zh-Hans'] as const) {
  const text = T[lang];
  test(`the refund of an installed eSIM shows its install, log and data used (${lang})`, async ({ page, baseURL }) => {
    await page.goto('pages/index/index');
    const { token } = await registerAndSignIn(page, `refund-context-${lang === 'en' ? 'en' : 'zh'}`);
    const order = await paidOrder(page, token, 'Asia eSIM');
    const esim = ((await apiCall(page, api.esim.path, 'list', { page: 1, size: 10 }, token)).data as { items: Array<{ activationCode: string }> }).items[0]!;
    const res = await page.request.post(`${new URL(baseURL!).origin}/smdp-sim/device/install`, { data: { matchingId: esim.activationCode, eid: EID } });
    expect(res.ok()).toBe(true);
    // Installed, so no instant refund: the customer's request waits for staff.
    expect((await apiCall(page, api.order.path, 'refund', { orderNo: order.orderNo, reason: 'not_working', note: 'No signal' }, token)).code).toBe(0);

    await consoleSignIn(page, 'owner', lang, `orders/${order.orderNo}`);
    await expect(page.getByText(text.requested)).toBeVisible();
    // The order page itself shows the same: installed, the log with the device, the data used.
    const card = page.getByTestId('order-esims');
    await expect(card.getByRole('heading', { name: text.card, exact: true })).toBeVisible();
    await expect(card.getByText(text.installed, { exact: true })).toBeVisible();
    await expect(card.getByRole('listitem').first()).toContainText(text.log);
    await expect(card.getByRole('listitem').first()).toContainText(EID);
    await expect(card).toContainText(text.used);
    await consoleScreens(page, `order-esims-card-${lang}`);
    await page.getByRole('button', { name: text.approve }).click();
    const dialog = page.getByRole('dialog');
    await expectOpen(dialog);
    const context = dialog.getByRole('region', { name: text.context });
    await expect(context).toBeVisible();
    await expect(context.getByText(text.installed, { exact: true })).toBeVisible();
    await expect(context.getByRole('listitem').first()).toContainText(text.log);
    await expect(context.getByRole('listitem').first()).toContainText(EID);
    await expect(context).toContainText(text.used);
    await expectAccessible(page);
    await consoleScreens(page, `esim-refund-context-${lang}`);
    await dialog.getByRole('button', { name: text.cancel }).click();
    await expect(dialog).toBeHidden();
  });
}
