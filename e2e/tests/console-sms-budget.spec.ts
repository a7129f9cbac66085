import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from '@playwright/test';
import { consoleSignIn, expectAccessible } from './support/console';

/**
 * The shop's daily SMS budget on the console's dashboard: from 80 % of it on, the owner is
 * warned, in both languages.
 */
const REPO = resolve(import.meta.dirname, '../..');
const TEXT = {
  en: { dashboard: 'Dashboard', warning: /Text messages: 850 of today's budget of 1000 sent \(85 %\)/ },
  'zh-Hans': { dashboard: '概览', warning: /短信：今日已发送 850 条，预算 1000 条（85%）/ },
} as const;

/** Sets today's SMS count on the test server's database (null: no row, as on a quiet day). */
function setSmsSentToday(sent: number | null) {
  const dir = mkdtempSync(join(tmpdir(), 'simshop-sms-'));
  const script = join(dir, 'sms-budget.mts');
  const src = (p: string) => JSON.stringify(pathToFileURL(join(REPO, 'apps/server/src', p)).href);
  writeFileSync(
    script,
    `import { loadConfig } from ${src('config.ts')};
import { createDatabase } from ${src('db/database.ts')};
const config = loadConfig();
const db = createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const day = new Date().toISOString().slice(0, 10);
await db.deleteFrom('sms_budget').where('day', '=', day).execute();
${sent === null ? '' : `await db.insertInto('sms_budget').values({ day, sent: ${sent} }).execute();`}
await db.destroy();
`,
  );
  try {
    execFileSync('npx', ['tsx', script], { cwd: REPO, env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, DATABASE_URL: '', NODE_ENV: 'test', LOG_LEVEL: 'silent' }, stdio: 'pipe' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test.describe('console: the SMS budget on the dashboard', () => {
  test.afterEach(() => setSmsSentToday(null));

  for (const lang of ['en', 'zh-Hans'] as const) {
    const text = TEXT[lang];
    test(`warns from 80 % of the day's budget on (${lang})`, async ({ page }) => {
      setSmsSentToday(10);
      await consoleSignIn(page, 'owner', lang);
      await expect(page.getByRole('heading', { name: text.dashboard, level: 3 })).toBeVisible();
      await expect(page.getByTestId('sms-budget-alert')).toHaveCount(0);

      setSmsSentToday(850);
      await page.reload();
      await expect(page.getByRole('alert').filter({ hasText: text.warning })).toBeVisible();
      await expectAccessible(page);
    });
  }
});
