import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArticleContent, serverErrors } from '@simshop/contract';
import { describe, expect, it } from 'vitest';
import { demoArticles } from '../src/seed/demo-articles.ts';
import { importArticles } from '../src/modules/articles/article.service.ts';
import { useTestApp } from './harness.ts';

const t = useTestApp();


describe('tutorials', () => {
  it('lists the seeded tutorials in English and in Chinese, without signing in', async () => {
    const en = (await t.call('article', 'list', { i18n: 'en' })).body;
    expect(en).toMatchObject({ code: 0, data: { total: demoArticles.length, page: 1, size: 20 } });
    expect(en.data.items.map((a) => a.title)).toEqual(['Install an eSIM on iPhone', 'Install an eSIM on Android', 'Find your EID', 'Recharge a SIM or device', 'Resellers: ECodes and QPE']);
    const zh = (await t.call('article', 'list', { i18n: 'zh-Hans' })).body.data;
    expect(zh.items.map((a) => a.title)).toEqual(['在iPhone上安装eSIM', '在安卓手机上安装eSIM', '查找手机的EID', '为电话卡或设备充值', '分销商：ECode与QPE']);
    // Any other language reads English (SPEC §7 forces en unless zh-Hans).
    expect((await t.call('article', 'list', { i18n: 'fr' })).body.data.items[0]!.title).toBe('Install an eSIM on iPhone');
    expect(en.data.items[0]).toEqual({ id: expect.any(Number), title: 'Install an eSIM on iPhone', releasedAt: expect.any(Number), updatedAt: expect.any(Number) });
  });

  it('pages the list', async () => {
    const p1 = (await t.call('article', 'list', { page: 1, size: 2 })).body.data;
    const p3 = (await t.call('article', 'list', { page: 3, size: 2 })).body.data;
    expect(p1.items).toHaveLength(2);
    expect(p3).toMatchObject({ page: 3, size: 2, total: demoArticles.length, items: [{ title: 'Resellers: ECodes and QPE' }] });
    expect((await t.call('article', 'list', { page: 9, size: 2 })).body.data.items).toEqual([]);
    for (const body of [{ page: 0 }, { size: 101 }, { size: 'x' }]) expect((await t.call('article', 'list', body)).body.code).toBe(serverErrors.paramInvalid.code);
  });

  it('shows one tutorial with its content in the language asked for', async () => {
    const [first] = (await t.call('article', 'list', {})).body.data.items;
    const en = (await t.call('article', 'detail', { id: first!.id, i18n: 'en' })).body.data;
    expect(en).toMatchObject({ id: first!.id, title: 'Install an eSIM on iPhone', releasedAt: first!.releasedAt, updatedAt: first!.updatedAt });
    expect(en.content).toContain('Settings › Mobile Service (Cellular) › Add eSIM');
    const zh = (await t.call('article', 'detail', { id: first!.id, i18n: 'zh-Hans' })).body.data;
    expect(zh.title).toBe('在iPhone上安装eSIM');
    expect(zh.content).toContain('设置 › 蜂窝网络 › 添加eSIM');
    // The seeded texts are real articles in the markup: headings and steps in both languages.
    for (const a of demoArticles) {
      for (const text of [a.content.en, a.content.zh]) {
        const kinds = new Set(parseArticleContent(text).map((b) => b.type));
        expect(kinds.has('heading') && kinds.has('steps'), a.slug).toBe(true);
      }
    }
  });

  it('answers an unknown id with "not found" and a wrong one with its catalogue error', async () => {
    expect((await t.call('article', 'detail', { id: 999_999 })).body).toMatchObject({ code: serverErrors.notFound.code, field: 'id' });
    expect((await t.call('article', 'detail', {})).body).toMatchObject({ code: serverErrors.paramMissing.code, field: 'id' });
    expect((await t.call('article', 'detail', { id: 0 })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'id' });
    // Ids are 32-bit in PostgreSQL: a larger one is a wrong parameter, not a server error.
    expect((await t.call('article', 'detail', { id: 2 ** 31 })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'id' });
  });

  it('falls back to English where a tutorial has no Chinese text, and hides unpublished ones', async () => {
    const now = Date.now();
    await t.db.transaction().execute((tx) =>
      importArticles(
        tx,
        [
          { slug: 'only-english', title: { en: 'Only English', zh: '' }, content: { en: 'English body', zh: '' }, sort: 100, published: true },
          // Half a translation is not shown: title and content fall back together.
          { slug: 'half-chinese', title: { en: 'Half', zh: '一半' }, content: { en: 'Half body', zh: '' }, sort: 101, published: true },
          { slug: 'draft', title: { en: 'Draft', zh: '草稿' }, content: { en: 'Not yet', zh: '还没有' }, sort: 102, published: false },
        ],
        now,
      ),
    );
    const zh = (await t.call('article', 'list', { i18n: 'zh-Hans', size: 100 })).body.data;
    expect(zh.total).toBe(demoArticles.length + 2);
    expect(zh.items.slice(-2).map((a) => a.title)).toEqual(['Only English', 'Half']);
    const id = zh.items.at(-2)!.id;
    expect((await t.call('article', 'detail', { id, i18n: 'zh-Hans' })).body.data).toMatchObject({ title: 'Only English', content: 'English body' });
    expect((await t.call('article', 'detail', { id: zh.items.at(-1)!.id, i18n: 'zh-Hans' })).body.data).toMatchObject({ title: 'Half', content: 'Half body' });
    const draft = await t.db.selectFrom('articles').select('id').where('slug', '=', 'draft').executeTakeFirstOrThrow();
    expect((await t.call('article', 'detail', { id: draft.id })).body.code).toBe(serverErrors.notFound.code);
  });
});

describe('the owner manages tutorials from the command line', () => {
  it('imports a file, updates by slug, keeps unchanged ones, and refuses a bad file whole', async () => {
    const file = join(t.config.dataDir, 'articles.json');
    const article = { slug: 'travel-checklist', title: { en: 'Travel checklist', zh: '出行清单' }, content: { en: '## Before\n- Install the eSIM', zh: '## 出发前\n- 安装eSIM' }, sort: 5 };
    writeFileSync(file, JSON.stringify([article]));
    expect(await t.admin('article', 'import', file)).toEqual({ code: 0, out: 'articles: 1 added, 0 updated' });
    expect(await t.admin('article', 'import', file)).toEqual({ code: 0, out: 'articles: 0 added, 0 updated' });
    const before = (await t.call('article', 'list', {})).body.data.items.find((a) => a.title === 'Travel checklist')!;
    expect(before).toBeDefined();

    writeFileSync(file, JSON.stringify([{ ...article, content: { en: '## Before\n- Install the eSIM\n- Charge the phone', zh: article.content.zh } }]));
    expect(await t.admin('article', 'import', file)).toEqual({ code: 0, out: 'articles: 0 added, 1 updated' });
    const after = (await t.call('article', 'detail', { id: before.id, i18n: 'en' })).body.data;
    expect(after).toMatchObject({ releasedAt: before.releasedAt, content: '## Before\n- Install the eSIM\n- Charge the phone' });
    expect(after.updatedAt).toBeGreaterThan(before.updatedAt);

    writeFileSync(file, JSON.stringify([{ ...article, slug: 'new-one' }, { slug: 'Bad slug!', title: { en: 'x' }, content: { en: 'y' } }]));
    expect(await t.admin('article', 'import', file)).toMatchObject({ code: 1, out: expect.stringContaining('1.slug') });
    expect(await t.db.selectFrom('articles').select('id').where('slug', '=', 'new-one').executeTakeFirst()).toBeUndefined();
    expect((await t.admin('article', 'list')).out).toMatch(/#\d+ travel-checklist \[published, sort 5\] Travel checklist/);
  });
});
