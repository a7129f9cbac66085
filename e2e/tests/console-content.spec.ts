import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { JOB_STATUSES, type JobStatus } from '@simshop/contract';
import { chooseOption, expectOpen, pressInDialog } from './support/antd';
import { consoleApi, consoleSignIn, consoleUrl, expectAccessible } from './support/console';
import { productId } from './support/shop';
import { onShopDatabase } from './support/shop-database';

/** The console's home content, tutorials, payments and background jobs, in both languages. */
const T = {
  en: { locale: 'en-US', banner: 'Banner 1', title: 'Title', product: 'Product', publish: /^Publish$/, published: /Published as version \d+/, europe: 'Europe eSIM', recharge: 'Data recharge 5 GB', rechargeName: 'Data recharge', jobs: 'Background jobs', retry: 'Retry', retried: /is queued again/, refresh: 'Refresh', tutorials: 'Tutorials', write: 'Write a tutorial', create: 'Create', payments: 'Payments', refunds: 'Refunds' },
  'zh-Hans': { locale: 'zh-CN', banner: '横幅 1', title: '标题', product: '商品', publish: /^发\s*布$/, published: /已发布为版本 \d+/, europe: '欧洲eSIM', recharge: '流量充值 5GB', rechargeName: '流量充值', jobs: '后台任务', retry: /重\s*试/, retried: /已重新排队/, refresh: /刷\s*新/, tutorials: '使用教程', write: '写教程', create: /新\s*建/, payments: '支付记录', refunds: '退款' },
} as const;

/** A phone in the shop, in the language asked for. */
async function shopPhone(browser: Browser, lang: 'en' | 'zh-Hans'): Promise<Page> {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: T[lang].locale, baseURL: test.info().project.use.baseURL });
  return context.newPage();
}

/**
 * A background job in the state the worker leaves one that kept failing: queued through the
 * server's own `enqueue` and given up (attempts used up, the error kept), in one transaction so
 * the running worker never sees it half-made. Returns the job's id.
 */
function failedJob(topic: string, payload: unknown, error: string): number {
  const out = onShopDatabase(
    `const id = await db.transaction().execute(async (tx) => {
  await enqueue(tx, ${JSON.stringify(topic)}, ${JSON.stringify(payload)});
  const row = await tx.selectFrom('outbox').select('id').where('topic', '=', ${JSON.stringify(topic)}).orderBy('id', 'desc').executeTakeFirstOrThrow();
  await tx.updateTable('outbox').set({ attempts: MAX_ATTEMPTS, failed_at: Date.now(), last_error: ${JSON.stringify(error)} }).where('id', '=', row.id).execute();
  return row.id;
});
console.log(String(id));`,
    { 'jobs/outbox.ts': ['enqueue', 'MAX_ATTEMPTS'] },
  );
  const id = Number(out.trim().split('\n').at(-1));
  if (!Number.isInteger(id)) throw new Error(`no job id from the script: ${out}`);
  return id;
}

/**
 * Where the worker has left a job, read from the server (the jobs page shows it only when it reads
 * its list again): its status and attempts, or undefined once it is done and gone from every list.
 */
async function jobState(page: Page, id: number): Promise<{ status: JobStatus; attempts: number } | undefined> {
  for (const status of JOB_STATUSES) {
    const list = await consoleApi(page, 'adminPayment', 'job_list', { page: 1, pageSize: 100, status });
    const job = (list.data as { items: Array<{ id: number; status: JobStatus; attempts: number }> }).items.find((j) => j.id === id);
    if (job) return { status: job.status, attempts: job.attempts };
  }
  return undefined;
}

for (const lang of ['en', 'zh-Hans'] as const) {
  const text = T[lang];
  test.describe(`console content (${lang})`, () => {
    test('the owner points the home banner at a product and publishes; the shop opens that product', async ({ page, browser }) => {
      const stamp = Date.now().toString(36);
      const phone = await shopPhone(browser, lang);
      // The demo's links go by product key: "Data recharge 5 GB" opens the data recharge.
      await phone.goto('pages/index/index');
      await phone.locator('.product--link').filter({ hasText: text.recharge }).click();
      await phone.waitForURL(/goods\/goods\?id=\d+/);
      expect(Number(new URL(phone.url()).searchParams.get('id'))).toBe(await productId(phone, 'Data recharge'));
      await expect(phone.getByText(text.rechargeName).first()).toBeVisible();

      await consoleSignIn(page, 'owner', lang, `content/home?lang=${lang}`);
      const banner = page.locator('.ant-card-small').filter({ has: page.locator('.ant-card-head-title', { hasText: new RegExp(`^${text.banner}$`) }) });
      await expect(banner).toBeVisible();
      await expectAccessible(page);

      await banner.getByLabel(text.title, { exact: true }).fill(`${text.europe} ${stamp}`);
      // Chosen once the drop-down has come in: a click during its motion once did not take, and
      // the banner was published still pointing at the Asia eSIM.
      await chooseOption(page, banner.getByLabel(text.product, { exact: true }), 'europe-esim', 'europe');
      await expect(banner.getByTitle(/· europe-esim$/)).toBeVisible();
      await page.getByRole('button', { name: text.publish }).click();
      await pressInDialog(page, text.publish);
      await expect(page.getByText(text.published)).toBeVisible();

      // The shop shows the new banner, and it opens the Europe eSIM.
      await phone.goto('pages/index/index');
      const shopBanner = phone.locator('.banner').filter({ hasText: `${text.europe} ${stamp}` }).first();
      await expect(shopBanner).toBeVisible();
      await shopBanner.click();
      await phone.waitForURL(/goods\/goods\?id=\d+/);
      expect(Number(new URL(phone.url()).searchParams.get('id'))).toBe(await productId(phone, 'Europe eSIM'));
      await expect(phone.getByText(text.europe).first()).toBeVisible();
      await phone.context().close();

      // The publish is in the audit log, as the owner.
      await page.goto(consoleUrl('audit?action=content.home_publish'));
      await expect(page.locator('.audit-what').getByText(lang === 'en' ? 'Published the home page' : '发布首页', { exact: true }).first()).toBeVisible();
    });

    test('the owner retries a job that gave up', async ({ page }) => {
      const stamp = Date.now().toString(36);
      // English: a mail that failed goes out on retry. Chinese: a job nobody handles fails again.
      const mail = lang === 'en';
      const id = mail ? failedJob('mail.send', { to: `retry-${stamp}@example.com`, subject: `Retry ${stamp}`, text: 'Hello again' }, 'smtp: connection refused') : failedJob(`e2e.unknown-${stamp}`, { stamp }, `no handler for outbox topic e2e.unknown-${stamp}`);

      await consoleSignIn(page, 'owner', lang, 'jobs');
      await expect(page.getByRole('heading', { name: text.jobs })).toBeVisible();
      const row = page.locator(`tr[data-row-key="${id}"]`);
      await expect(row).toContainText(mail ? 'smtp: connection refused' : `e2e.unknown-${stamp}`);
      await expectAccessible(page);
      await row.getByRole('button', { name: text.retry }).click();
      const popconfirm = page.locator('.ant-popconfirm');
      await expectOpen(popconfirm);
      await popconfirm.getByRole('button', { name: text.retry }).click();
      await expect(page.getByText(text.retried)).toBeVisible();

      if (mail) {
        // The worker sends it: the mail is written to the outbox folder and the job leaves the lists.
        await expect.poll(() => {
          const dir = join(process.env.E2E_DATA_DIR!, 'outbox', 'mail');
          return existsSync(dir) && readdirSync(dir).some((f) => readFileSync(join(dir, f), 'utf8').includes(`Retry ${stamp}`));
        }).toBe(true);
        await expect.poll(() => jobState(page, id)).toBeUndefined();
      } else {
        // It runs once more, fails again, and is back with one more attempt.
        await expect.poll(() => jobState(page, id)).toEqual({ status: 'failed', attempts: 9 });
      }
      // The worker has done its part: the page shows it once it reads the list again.
      const listed = page.waitForResponse((r) => r.url().includes('action=job_list'));
      await page.getByRole('button', { name: text.refresh }).click();
      await listed;
      if (mail) await expect(row).toHaveCount(0);
      else await expect(row.locator('td').nth(4)).toHaveText('9');
      await page.goto(consoleUrl(`audit?action=job.retry&targetId=${id}`));
      await expect(page.locator('.audit-what').getByText(lang === 'en' ? 'Retried a background job' : '重试后台任务', { exact: true }).first()).toBeVisible();
    });

    test('tutorials, payments and refunds pass the accessibility check, and a tutorial reaches the shop', async ({ page, browser }) => {
      const stamp = Date.now().toString(36);
      await consoleSignIn(page, 'owner', lang, 'articles');
      await expect(page.getByRole('heading', { name: text.tutorials })).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('button', { name: text.write }).click();
      await expect(page.getByRole('heading', { name: text.write })).toBeVisible();
      await page.getByLabel(lang === 'en' ? 'Slug' : '标识', { exact: true }).fill(`e2e-${stamp}`);
      // The English half is the one shown first (the Chinese one is in the page, hidden).
      await page.getByLabel(lang === 'en' ? 'Title' : '标题', { exact: true }).first().fill(`Tutorial ${stamp}`);
      await page.getByLabel(lang === 'en' ? 'Text' : '正文', { exact: true }).first().fill('## Steps\n1. Open Settings\n2. Add eSIM');
      await expect(page.getByRole('heading', { name: `Tutorial ${stamp}` })).toBeVisible();
      await page.getByRole('switch').click();
      await expectAccessible(page);
      await page.getByRole('button', { name: text.create }).click();
      await page.waitForURL(/\/console\/articles\/\d+$/);

      const phone = await shopPhone(browser, lang);
      await phone.goto('pages/mine/tutorial/tutorial');
      await expect(phone.getByText(`Tutorial ${stamp}`)).toBeVisible();
      await phone.context().close();
      // Withdraw it again: the shop's own tutorial journeys expect the demo list.
      const id = Number(/\/articles\/(\d+)$/.exec(page.url())![1]);
      const saved = (await consoleApi(page, 'adminContent', 'article_get', { id })).data as { version: number };
      expect((await consoleApi(page, 'adminContent', 'article_update', { id, version: saved.version, published: false })).code).toBe(0);

      await page.goto(consoleUrl('payments'));
      await expect(page.getByRole('heading', { name: text.payments })).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('tab', { name: text.refunds }).click();
      await expect(page).toHaveURL(/tab=refunds/);
      await expectAccessible(page);
    });
  });
}
