import { expect, test, type Browser, type Page } from '@playwright/test';
import { api } from '@simshop/contract';
import { apiCall, signInAs } from './support/accounts';
import { consoleSignIn, expectAccessible, openFromSearch, searchList } from './support/console';
import { productId, showReviews } from './support/shop';

/** The console's customers, messages and comments, in both languages. */
const RESELLER = 'reseller@simshop.local';
const T = {
  en: {
    search: 'Email, phone or name',
    customersTitle: 'Customers',
    orders: /^Orders \(\d+\)$/,
    ledger: 'Balance ledger',
    credit: 'Credit',
    amount: 'Amount',
    reason: 'Reason',
    reasonRequired: 'Say why (at most 200 characters)',
    messages: 'Messages',
    reply: 'Reply',
    send: 'Send',
    comments: 'Comments',
    commentSearch: 'Comment text or nickname',
    answer: /^(Answer|Edit answer)$/,
    answerLabel: 'Answer',
    save: 'Save',
    hide: 'Hide',
    hidden: 'Hidden',
    comment: 'Installed in a minute on my iPhone',
  },
  'zh-Hans': {
    search: '邮箱、手机号或姓名',
    customersTitle: '客户',
    orders: /^订单（\d+）$/,
    ledger: '余额流水',
    credit: /^充\s?值$/,
    amount: '金额',
    reason: '原因',
    reasonRequired: '请填写原因（最多 200 字）',
    messages: '消息',
    reply: '回复',
    send: /^发\s?送$/,
    comments: '评论',
    commentSearch: '评论内容或昵称',
    answer: /^(回\s?复|修改回复)$/,
    answerLabel: '回复内容',
    save: /^保\s?存$/,
    hide: /^隐\s?藏$/,
    hidden: '已隐藏',
    comment: '香港和首尔都很快',
  },
} as const;

async function resellerToken(page: Page): Promise<string> {
  const res = await apiCall(page, api.resellerLogin.path, 'password', { account: RESELLER, password: 'demo1234' });
  return (res.data as { token: string }).token;
}

/** An unpaid order of the demo reseller, placed through the shop's API. */
async function placeOrder(page: Page): Promise<string> {
  const token = await resellerToken(page);
  const id = await productId(page, 'Asia eSIM');
  const detail = await apiCall(page, api.product.path, 'detail', { id, i18n: 'en' });
  const skuId = (detail.data as { skus: Array<{ id: number }> }).skus[0]!.id;
  const order = await apiCall(page, api.order.path, 'create', { items: [{ skuId, quantity: 1 }] }, token);
  return (order.data as { orderNo: string }).orderNo;
}

/** The shop in a phone-sized window of its own, signed in as the demo reseller. */
async function shopAsReseller(browser: Browser): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await page.goto('pages/mine/index');
  await signInAs(page, RESELLER, 'demo1234', true);
  return { page, close: () => context.close() };
}

/** axe on the screen as it rests: the pointer moved off the button just clicked (hover shades are lighter). */
async function accessible(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  await expectAccessible(page);
}

const money = (text: string) => Number(text.replace(/[^0-9.]/g, ''));

for (const lang of ['en', 'zh-Hans'] as const) {
  const text = T[lang];
  test.describe(`console customers, messages and comments (${lang})`, () => {
    test('support finds a customer by email and sees their orders and balances', async ({ page }) => {
      const orderNo = await placeOrder(page);
      await consoleSignIn(page, 'support', lang, 'customers');
      await expect(page.getByRole('heading', { name: text.customersTitle, exact: true })).toBeVisible();
      await accessible(page);

      const found = await searchList(page, text.search, RESELLER);
      await expect(page).toHaveURL(/q=reseller%40simshop\.local/);
      await found.getByRole('link', { name: RESELLER }).click();
      await expect(page.getByRole('heading', { name: RESELLER })).toBeVisible();
      await expect(page.getByRole('tab', { name: text.orders })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('link', { name: orderNo })).toHaveAttribute('href', `/console/orders/${orderNo}`);
      await expect(page.getByTestId('balance-USD')).toContainText('$');
      await expect(page.getByTestId('balance-CNY')).toContainText('¥');
      // Support reads balances but moves no money: no credit or lock there.
      await expect(page.getByTestId('balance-USD').getByRole('button')).toHaveCount(0);
      await accessible(page);
    });

    test('finance credits a balance with a reason, and the ledger shows it', async ({ page }) => {
      await consoleSignIn(page, 'finance', lang, 'customers');
      await openFromSearch(page, text.search, RESELLER);
      const usd = page.getByTestId('balance-USD');
      const before = money((await usd.locator('strong').innerText()).trim());

      await usd.getByRole('button', { name: /USD$/ }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(text.amount).fill('12.5');
      await dialog.getByRole('button', { name: text.credit }).click();
      await expect(dialog.getByText(text.reasonRequired)).toBeVisible();
      await accessible(page);
      const reason = `Goodwill ${lang} ${Date.now()}`;
      await dialog.getByLabel(text.reason).fill(reason);
      await dialog.getByRole('button', { name: text.credit }).click();
      await expect(dialog).toBeHidden();
      await expect(usd.locator('strong')).toHaveText(`$${(before + 12.5).toFixed(2)}`);

      await page.getByRole('tab', { name: text.ledger }).click();
      const row = page.getByRole('row').filter({ hasText: reason });
      await expect(row).toContainText('+$12.50');
      await expect(row).toContainText(`$${(before + 12.5).toFixed(2)}`);
      await accessible(page);
    });

    test('support answers a reseller, who sees the answer in the shop', async ({ page, browser }) => {
      const stamp = `${lang} ${Date.now()}`;
      const token = await resellerToken(page);
      await apiCall(page, api.resellerMessage.path, 'send', { content: `Is the Asia eSIM in stock? ${stamp}` }, token);

      await consoleSignIn(page, 'support', lang, 'messages');
      await expect(page.getByRole('heading', { name: text.messages, exact: true })).toBeVisible();
      await accessible(page);
      const conversation = page.getByRole('row').filter({ hasText: `Is the Asia eSIM in stock? ${stamp}` });
      await expect(conversation.locator('.ant-badge')).toBeVisible();
      await conversation.getByText(RESELLER).click();
      await expect(page.getByTestId('message-customer').filter({ hasText: stamp })).toBeVisible();
      // Opening the conversation reads it.
      await expect(conversation.locator('.ant-badge')).toHaveCount(0);

      await page.getByLabel(text.reply).fill(`Yes, 50 left ${stamp}`);
      await page.getByRole('button', { name: text.send }).click();
      await expect(page.getByTestId('message-shop').filter({ hasText: `Yes, 50 left ${stamp}` })).toBeVisible();
      await accessible(page);

      const shop = await shopAsReseller(browser);
      await shop.page.goto('pages/mine/message/message');
      await expect(shop.page.locator('.chat-row--shop').filter({ hasText: `Yes, 50 left ${stamp}` })).toBeVisible();
      await shop.close();
    });

    test('support answers a comment and hides it from the goods page', async ({ page, browser }) => {
      const stamp = `${lang} ${Date.now()}`;
      await consoleSignIn(page, 'support', lang, 'comments');
      await expect(page.getByRole('heading', { name: text.comments, exact: true })).toBeVisible();
      const row = await searchList(page, text.commentSearch, text.comment);
      await expect(row).toHaveCount(1);
      await accessible(page);

      await row.getByRole('button', { name: text.answer }).click();
      const dialog = page.getByRole('dialog');
      // Opened before it is used: in a loaded CI run Save was clicked while the dialog still zoomed
      // in, the click did not take, and the dialog stayed open.
      await expect(dialog).not.toHaveClass(/ant-zoom/);
      await dialog.getByLabel(text.answerLabel).fill(`Thank you! ${stamp}`);
      await dialog.getByRole('button', { name: text.save }).click();
      await expect(dialog).toBeHidden();
      await expect(row).toContainText(`Thank you! ${stamp}`);

      const shop = await shopAsReseller(browser);
      await shop.page.goto(`pages/goods/goods?id=${await productId(shop.page, 'Asia eSIM')}`);
      await showReviews(shop.page);
      const onShop = shop.page.locator('.review').filter({ hasText: text.comment });
      await expect(onShop.locator('.review-reply')).toContainText(`Thank you! ${stamp}`);

      await row.getByRole('button', { name: text.hide }).click();
      await expect(row).toContainText(text.hidden);
      // What the goods page is sent (its HTML carries its reviews) no longer has it, and so it is not on the page.
      const sent = await shop.page.request.get(shop.page.url());
      expect(await sent.text()).not.toContain(text.comment);
      await shop.page.reload();
      await showReviews(shop.page);
      await expect(shop.page.locator('.review').filter({ hasText: text.comment })).toHaveCount(0);
      await shop.close();
    });
  });
}
