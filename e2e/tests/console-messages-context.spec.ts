import { expect, test, type Page } from '@playwright/test';
import { api } from '@simshop/contract';
import { apiCall } from './support/accounts';
import { expectOpen, selectDropdown } from './support/antd';
import { consoleApi, consoleSignIn, consoleUrl, expectAccessible } from './support/console';
import { productId } from './support/shop';
import { consoleScreens, keepScreen } from './support/screens';

/**
 * Messages with the customer beside them: staff open a conversation, see the customer's latest
 * order (a link to it), insert a saved reply from the keyboard and send it, in both languages.
 * And the media library's picker where a blog post's cover and a merchant's logo are chosen.
 */
const RESELLER = 'reseller@simshop.local';
const T = {
  en: { languages: { en: 'English', 'zh-Hans': 'Chinese' }, choose: 'Choose a picture', cover: 'Cover picture', newMerchant: 'Add a merchant', logo: 'Logo', messages: 'Messages', customer: 'Customer', latest: 'Latest orders', reply: 'Reply', send: 'Send', insert: 'Insert saved reply', picker: 'Insert a saved reply', search: 'Search saved replies by title or text', manage: 'Saved replies' },
  'zh-Hans': { languages: { en: '英文', 'zh-Hans': '中文' }, choose: '选择图片', cover: '封面图片', newMerchant: '新增商家', logo: '标志', messages: '消息', customer: '客户', latest: '最近订单', reply: '回复', send: /^发\s?送$/, insert: '插入快捷回复', picker: '插入快捷回复', search: '按标题或内容搜索快捷回复', manage: '快捷回复' },
} as const;

async function resellerToken(page: Page): Promise<string> {
  const res = await apiCall(page, api.resellerLogin.path, 'password', { account: RESELLER, password: 'demo1234' });
  return (res.data as { token: string }).token;
}

/**
 * The demo reseller (signed in once: sign-ins from one address are limited, and the journeys share
 * it) asks something and places an order (unpaid): the newest of their orders, and the session.
 */
async function resellerAsksAndOrders(page: Page, question: string): Promise<{ orderNo: string; token: string }> {
  const token = await resellerToken(page);
  await apiCall(page, api.resellerMessage.path, 'send', { content: question }, token);
  const detail = await apiCall(page, api.product.path, 'detail', { id: await productId(page, 'Asia eSIM'), i18n: 'en' });
  const skuId = (detail.data as { skus: Array<{ id: number }> }).skus[0]!.id;
  const order = await apiCall(page, api.order.path, 'create', { items: [{ skuId, quantity: 1 }] }, token);
  return { orderNo: (order.data as { orderNo: string }).orderNo, token };
}

/** axe on the screen as it rests: the pointer moved off what was just pressed. */
async function accessible(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  await expectAccessible(page);
}

for (const lang of ['en', 'zh-Hans'] as const) {
  const text = T[lang];
  test(`support sees the customer's latest order, inserts a saved reply and sends it (${lang})`, async ({ page }) => {
    const stamp = `${lang} ${Date.now()}`;
    const { orderNo, token } = await resellerAsksAndOrders(page, `Where is my order? ${stamp}`);
    await consoleSignIn(page, 'support', lang);
    // The picker offers the replies of the language the customer is written to in first: the reply is saved in it.
    const userId = (await consoleApi(page, 'adminCustomer', 'list', { q: RESELLER }).then((r) => (r.data as { items: Array<{ id: number }> }).items[0]!.id));
    const { language } = (await consoleApi(page, 'adminMessage', 'context', { userId })).data as { language: 'en' | 'zh-Hans' };
    const saved = await consoleApi(page, 'adminMessage', 'saved_reply_create', { language, title: `Order help ${stamp}`, content: `Your order is on its way. ${stamp}` });
    expect(saved.code, JSON.stringify(saved)).toBe(0);

    await page.goto(consoleUrl('messages'));
    await expect(page.getByRole('heading', { name: text.messages, exact: true })).toBeVisible();
    const conversation = page.getByRole('row').filter({ hasText: `Where is my order? ${stamp}` });
    await conversation.getByText(RESELLER).click();
    await expect(page.getByTestId('message-customer').filter({ hasText: stamp })).toBeVisible();

    // Beside the conversation: the customer's newest order first, a link to it.
    const context = page.getByTestId('message-context');
    await expect(context.getByRole('heading', { name: text.latest })).toBeVisible();
    const latest = context.getByTestId('context-orders').getByRole('listitem').first();
    await expect(latest.getByRole('link', { name: orderNo })).toHaveAttribute('href', `/console/orders/${orderNo}`);
    await expect(latest).toContainText('$');
    await expect(context.getByTestId('context-orders')).toBeVisible();
    await accessible(page);

    // The keyboard: from the reply box, Tab reaches "Insert saved reply"; Enter opens the picker, Esc goes back to the box.
    const box = page.getByLabel(text.reply, { exact: true });
    await box.focus();
    await page.keyboard.press('Tab');
    const insert = page.getByRole('button', { name: text.insert });
    await expect(insert).toBeFocused();
    await page.keyboard.press('Enter');
    const picker = page.getByRole('dialog', { name: text.picker });
    await expectOpen(picker);
    const search = picker.getByRole('combobox', { name: text.search });
    await expect(search).toBeFocused();
    await accessible(page);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(picker).toBeHidden();
    await expect(box).toBeFocused();

    // "/" typed into the empty box opens the saved replies; typing filters, Enter inserts.
    await page.keyboard.press('/');
    await expectOpen(picker);
    await expect(box).toHaveValue('');
    await expect(search).toBeFocused();
    await page.keyboard.type(`Order help ${stamp}`);
    const dropdown = await selectDropdown(page, search);
    await expect(dropdown.locator('.ant-select-item-option')).toHaveCount(1);
    await page.keyboard.press('Enter');
    await expect(picker).toBeHidden();
    await expect(box).toHaveValue(`Your order is on its way. ${stamp}`);
    await expect(box).toBeFocused();

    await page.getByRole('button', { name: text.send }).click();
    await expect(page.getByTestId('message-shop').filter({ hasText: `Your order is on its way. ${stamp}` })).toBeVisible();
    await expect(box).toHaveValue('');
    await accessible(page);
    await keepScreen(page, `messages-context-${lang}`, { fullPage: true });
    await consoleScreens(page, `messages-context-${lang}`);

    // The saved replies' manager is there for staff who may write them.
    await page.getByRole('button', { name: text.manage, exact: true }).click();
    const manager = page.getByRole('dialog', { name: text.manage });
    await expectOpen(manager);
    await manager.getByText(text.languages[language], { exact: true }).click();
    await expect(manager.getByRole('cell', { name: `Order help ${stamp}`, exact: true })).toBeVisible();
    await accessible(page);
    await keepScreen(page, `saved-replies-${lang}-1440`);

    // The reseller reads the answer, as in the shop's chat: the journeys about the chat's unread
    // badge (messages.spec) find the demo reseller's inbox as they expect it.
    const read = await apiCall(page, api.resellerMessage.path, 'read', {}, token);
    expect((read.data as { unread: number }).unread).toBe(0);
  });
}

for (const lang of ['en', 'zh-Hans'] as const) {
  const text = T[lang];
  test(`a blog post's cover and a merchant's logo are chosen with the media library's picker (${lang})`, async ({ page }) => {
    await consoleSignIn(page, 'owner', lang, 'blog/new');
    const chooseCover = page.getByRole('button', { name: `${text.choose}: ${text.cover}` });
    await chooseCover.click();
    const library = page.getByRole('dialog', { name: text.choose });
    await expectOpen(library);
    await accessible(page);
    await page.keyboard.press('Escape');
    await expect(library).toBeHidden();
    await expect(chooseCover).toBeFocused();
    await accessible(page);
    await keepScreen(page, `blog-cover-${lang}-1440`, { fullPage: true });

    await page.goto(consoleUrl('merchants'));
    await page.getByRole('button', { name: text.newMerchant }).click();
    const form = page.getByRole('dialog', { name: text.newMerchant });
    await expectOpen(form);
    await expect(form.getByRole('button', { name: `${text.choose}: ${text.logo}` })).toBeVisible();
    await accessible(page);
    await keepScreen(page, `merchant-logo-${lang}-1440`);
  });
}
