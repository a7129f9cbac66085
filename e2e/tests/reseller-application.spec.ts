import { expect, test, type Page } from '@playwright/test';
import { registerAndSignIn, signInAs } from './support/accounts';
import { consoleSignIn, expectAccessible, searchList } from './support/console';
import { at, navTitle, productId, toast } from './support/shop';

const TEXT = {
  en: {
    locale: 'en-US',
    entry: 'Become a reseller',
    formTitle: 'Apply for wholesale prices',
    required: 'This field is required',
    websiteOrNote: 'Add your website, or a few words about your business',
    submit: 'Send the application',
    pending: 'Under review',
    approved: 'Approved',
    travelAgency: 'Travel agency',
    volume: '50 to 200',
    search: 'Business, contact, email or phone',
    approve: /^Approve$/,
    approvedDone: 'is a reseller now',
    wholesale: 'Wholesale $7.90 from 10 pcs',
    signInAsReseller: 'Sign in as a reseller',
  },
  'zh-Hans': {
    locale: 'zh-CN',
    entry: '成为分销商',
    formTitle: '申请批发价',
    required: '此项为必填项',
    websiteOrNote: '请填写网站，或简单介绍您的业务',
    submit: '提交申请',
    pending: '审核中',
    approved: '已通过',
    travelAgency: '旅行社',
    volume: '50 至 200 张',
    search: '企业、联系人、邮箱或电话',
    // antd spaces out a two-character Chinese button label.
    approve: /^通\s?过$/,
    approvedDone: '现在是分销商',
    wholesale: '批发价$7.90（10件起）',
    signInAsReseller: '以分销商身份登录',
  },
} as const;

/** Fills the application up to the website with the keyboard: each field is reached with Tab, a choice is made with the arrow keys. */
async function fillByKeyboard(page: Page, business: string, t: (typeof TEXT)[keyof typeof TEXT]) {
  await page.locator('input[name="businessName"]').focus();
  await page.keyboard.type(business);
  await page.keyboard.press('Tab');
  await page.keyboard.type('Li Na');
  await page.keyboard.press('Tab');
  await page.keyboard.type('sales@wanderlust.example');
  await page.keyboard.press('Tab');
  await page.keyboard.type('+852 9123 4567');
  await page.keyboard.press('Tab');
  await expect(page.locator('select[name="country"]')).toBeFocused();
  // Two hundred countries are picked from the native list (the arrow keys walk it as the next two show).
  await page.locator('select[name="country"]').selectOption('HK');
  await page.keyboard.press('Tab');
  // A closed select takes the arrow keys.
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('select[name="businessType"] option:checked')).toHaveText(t.travelAgency);
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('select[name="monthlyVolume"] option:checked')).toHaveText(t.volume);
  await page.keyboard.press('Tab');
  await expect(page.locator('input[name="website"]')).toBeFocused();
}

for (const lang of ['en', 'zh-Hans'] as const) {
  const t = TEXT[lang];
  test.describe(`becoming a reseller (${lang})`, () => {
    test.use({ locale: t.locale });

    test('a customer applies, staff approve in the console, and the customer sees wholesale prices', async ({ page, context }) => {
      const business = `Wanderlust ${lang} ${Date.now()}`;
      const { account } = await registerAndSignIn(page, `apply-${lang.toLowerCase()}`);

      // Mine offers the application to a regular customer.
      await page.goto('pages/mine/index');
      await page.locator('.adm-list-item', { hasText: t.entry }).click();
      await expect(page).toHaveURL(at('/pages/mine/reseller-apply'));
      await expect(navTitle(page)).toHaveText(t.entry);
      await expect(page.getByRole('heading', { name: t.formTitle })).toBeVisible();
      await expectAccessible(page);

      // Sent empty: each field says what it needs, nothing is sent.
      await page.getByRole('button', { name: t.submit }).click();
      await expect(page.locator('.field--error')).toHaveCount(7);
      await expect(page.locator('.field', { has: page.locator('input[name="businessName"]') }).getByRole('alert')).toHaveText(t.required);
      await expectAccessible(page);

      await fillByKeyboard(page, business, t);
      // Enter in a field sends the form: without a website or a note it asks for one of them.
      await page.keyboard.press('Enter');
      await expect(page.locator('.field--error')).toHaveCount(1);
      await expect(page.locator('.field', { has: page.locator('textarea[name="note"]') }).getByRole('alert')).toHaveText(t.websiteOrNote);
      await page.locator('input[name="website"]').focus();
      await page.keyboard.type('https://wanderlust.example');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('status').filter({ hasText: t.pending })).toBeVisible();
      await expect(page.getByText(business)).toBeVisible();
      await expect(page.getByRole('button', { name: t.submit })).toHaveCount(0);
      // The page at rest: axe reads a toast mid-fade against the page behind it.
      await expect(toast(page)).toHaveCount(0);
      await expectAccessible(page);

      // Staff who manage customers decide in the console.
      const staff = await context.newPage();
      await consoleSignIn(staff, 'support', lang, 'reseller-applications');
      const rows = await searchList(staff, t.search, business);
      await expect(rows).toHaveCount(1);
      await expect(rows).toContainText(account);
      await expectAccessible(staff);
      await rows.getByRole('link', { name: business }).click();
      await expect(staff.getByRole('heading', { name: business })).toBeVisible();
      await expectAccessible(staff);
      // By keyboard: the button, then the confirmation's own button.
      await staff.getByRole('button', { name: t.approve }).focus();
      await staff.keyboard.press('Enter');
      const confirm = staff.locator('.ant-modal-confirm');
      await expect(confirm).toBeVisible();
      await expectAccessible(staff, ['.ant-modal-confirm']);
      await confirm.getByRole('button', { name: t.approve }).focus();
      await staff.keyboard.press('Enter');
      await expect(staff.locator('.ant-message')).toContainText(t.approvedDone);
      await expect(staff.getByRole('button', { name: t.approve })).toHaveCount(0);
      await expect(staff.locator('.ant-card', { hasText: 'support@simshop.local' })).toBeVisible();
      await staff.close();

      // The customer signs in again as a reseller: the answer is on the page, and wholesale prices show.
      await signInAs(page, account, 'demo1234', true);
      await page.goto('pages/mine/reseller-apply');
      await expect(page.getByRole('status').filter({ hasText: t.approved })).toBeVisible();
      await expect(page.getByRole('button', { name: t.signInAsReseller })).toBeVisible();
      await page.goto('pages/mine/index');
      await expect(page.locator('.adm-list-item', { hasText: t.entry })).toHaveCount(0);
      const id = await productId(page, 'Asia eSIM');
      await page.goto(`pages/goods/goods?id=${id}`);
      await expect(page.locator('.goods-wholesale')).toHaveText(t.wholesale);
    });
  });
}
