import { serverErrors, type AdminActionName } from '@simshop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';

const t = useTestApp();
let owner: string;
beforeAll(async () => {
  owner = (await t.staffSignIn('owner')).token;
});

const DAY = 86_400_000;
const admin = <A extends AdminActionName<'adminBlog'>>(action: A, body: Record<string, unknown>, token = owner) => t.call('adminBlog', action, body, { token, ip: '192.0.2.14' });
let serial = 0;
const draft = (over: Record<string, unknown> = {}) => {
  serial += 1;
  return {
    slug: `test-post-${serial}`,
    title: { en: `Test post ${serial}`, zh: `测试文章 ${serial}` },
    summary: { en: 'A summary', zh: '摘要' },
    body: { en: '## Heading\nSome text.', zh: '## 标题\n一些文字。' },
    category: 'guides',
    tags: ['Test'],
    productKeys: ['asia-esim'],
    ...over,
  };
};
async function created(over: Record<string, unknown> = {}) {
  const res = await admin('create', draft(over));
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  return res.body.data as { id: number; version: number; slug: string };
}
const blogRows = async () => Number((await t.db.selectFrom('blog_posts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe('the shop\'s blog', () => {
  it('lists the three demo posts newest first in both languages, by category and page by page', async () => {
    const en = (await t.call('blog', 'list', { page: 1, size: 10, i18n: 'en' })).body.data!;
    expect(en.items.map((p) => p.slug).slice(0, 3)).toEqual(['tokyo-first-day-online', 'esim-or-sim-card', 'collect-at-our-stores']);
    expect(en.items[0]).toMatchObject({ title: 'Online from the moment you land in Tokyo', category: 'travel', cover: 'blog:travel.webp', tags: ['Japan', 'eSIM'] });
    const zh = (await t.call('blog', 'list', { page: 1, size: 10, i18n: 'zh-Hans' })).body.data!;
    expect(zh.items[0]!.title).toBe('落地东京，即刻上网');
    const travel = (await t.call('blog', 'list', { page: 1, size: 10, category: 'travel', i18n: 'en' })).body.data!;
    expect(travel.items.every((p) => p.category === 'travel')).toBe(true);
    expect(travel.total).toBeGreaterThanOrEqual(1);
    const page2 = (await t.call('blog', 'list', { page: 2, size: 1, i18n: 'en' })).body.data!;
    expect(page2).toMatchObject({ page: 2, size: 1, total: en.total });
    expect(page2.items[0]!.slug).toBe('esim-or-sim-card');
    expect((await t.call('blog', 'list', { page: 1, size: 10, category: 'gossip' })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'category' });
  });

  it('shows a post with its body and the related products on sale, in the post\'s order', async () => {
    const list = (await t.call('blog', 'list', { page: 1, size: 10, i18n: 'en' })).body.data!;
    const tokyo = list.items.find((p) => p.slug === 'tokyo-first-day-online')!;
    const detail = (await t.call('blog', 'detail', { id: tokyo.id, i18n: 'zh-Hans' })).body.data!;
    expect(detail.body).toContain('## 出发前');
    expect(detail.products.map((p) => p.name)).toHaveLength(2);
    expect(detail.products[0]).toMatchObject({ currency: 'USD', soldOut: false });
    // Priced in the reader's currency where the product has prices in it (every SKU), else its own.
    const productId = detail.products[0]!.id;
    const skus = await t.db.selectFrom('product_skus').select(['id', 'price']).where('product_id', '=', productId).execute();
    try {
      for (const sku of skus) await t.db.updateTable('product_skus').set({ prices: JSON.stringify({ CNY: { price: sku.price * 7, wholesalePrice: null } }) }).where('id', '=', sku.id).execute();
      const lowest = Math.min(...skus.map((s) => s.price));
      expect((await t.call('blog', 'detail', { id: tokyo.id, i18n: 'zh-Hans' })).body.data!.products[0]).toMatchObject({ currency: 'CNY', price: lowest * 7 });
      expect((await t.call('blog', 'detail', { id: tokyo.id, i18n: 'zh-Hans', currency: 'USD' })).body.data!.products[0]).toMatchObject({ currency: 'USD', price: lowest });
    } finally {
      await t.db.updateTable('product_skus').set({ prices: '{}' }).where('product_id', '=', productId).execute();
    }
    expect((await t.call('blog', 'detail', { id: 999_999 })).body).toMatchObject({ code: serverErrors.blogNotFound.code, field: 'id' });
    expect((await t.call('blog', 'detail', { id: 2 ** 40 })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'id' });
  });
});

describe('the console\'s blog editor', () => {
  it('writes a draft the shop does not show, publishes it (dated now), withdraws it, each audited', async () => {
    const post = await created();
    expect(post).toMatchObject({ published: false, publishedAt: null, version: 1 });
    expect((await t.call('blog', 'detail', { id: post.id })).body.code).toBe(serverErrors.blogNotFound.code);
    const before = Date.now();
    const published = (await admin('publish', { id: post.id, version: 1, published: true })).body.data!;
    expect(published.published).toBe(true);
    expect(published.publishedAt).toBeGreaterThanOrEqual(before);
    expect((await t.call('blog', 'detail', { id: post.id, i18n: 'en' })).body.data).toMatchObject({ title: post.slug.replace('test-post-', 'Test post '), products: [{ name: expect.any(String) }] });
    expect((await admin('publish', { id: post.id, version: 2, published: true })).body.code).toBe(serverErrors.nothingChanged.code);
    expect((await admin('publish', { id: post.id, version: 2, published: false })).body.data).toMatchObject({ published: false, publishedAt: published.publishedAt });
    expect((await t.call('blog', 'detail', { id: post.id })).body.code).toBe(serverErrors.blogNotFound.code);
    expect((await t.auditOf('blog_post', post.id)).map((a) => a.action)).toEqual(['blog.create', 'blog.publish', 'blog.unpublish']);
    const [create] = await t.auditOf('blog_post', post.id);
    expect(create!.actor).toBe('owner@simshop.local');
    expect(JSON.parse(create!.after_json!)).toMatchObject({ slug: post.slug, title: { en: expect.any(String), zh: expect.any(String) } });
  });

  it('keeps a post dated in the future out of the shop until its date', async () => {
    const post = await created({ publishedAt: Date.now() + 3 * DAY });
    await admin('publish', { id: post.id, version: 1, published: true });
    expect((await t.call('blog', 'detail', { id: post.id })).body.code).toBe(serverErrors.blogNotFound.code);
    const list = (await t.call('blog', 'list', { page: 1, size: 100 })).body.data!;
    expect(list.items.some((p) => p.id === post.id)).toBe(false);
  });

  it('edits from the version read, records only what changed, and refuses a stale or empty edit', async () => {
    const post = await created();
    const edited = await admin('update', { id: post.id, version: 1, ...draft({ slug: post.slug, title: { en: 'Changed', zh: '已改' }, tags: ['Japan'] }) });
    expect(edited.body.data).toMatchObject({ version: 2, title: { en: 'Changed', zh: '已改' }, tags: ['Japan'] });
    const rows = await t.auditOf('blog_post', post.id);
    expect(rows.at(-1)!.action).toBe('blog.update');
    expect(Object.keys(JSON.parse(rows.at(-1)!.after_json!)).sort()).toEqual(['tags', 'title']);
    expect((await admin('update', { id: post.id, version: 1, ...draft({ slug: post.slug }) })).body).toMatchObject({ code: serverErrors.changedBySomeoneElse.code, field: 'version' });
    expect((await admin('update', { id: post.id, version: 2, ...draft({ slug: post.slug, title: { en: 'Changed', zh: '已改' }, tags: ['Japan'] }) })).body.code).toBe(serverErrors.nothingChanged.code);
    expect((await admin('detail', { id: post.id })).body.data!.version).toBe(2);
  });

  it('refuses bad input with its catalogue error and writes nothing', async () => {
    const n = await blogRows();
    const taken = (await created()).slug;
    const cases: Array<[Record<string, unknown>, { code: number }, string]> = [
      [{ slug: taken }, serverErrors.alreadyExists, 'slug'],
      [{ slug: 'Not A Slug' }, serverErrors.paramInvalid, 'slug'],
      [{ title: { en: 'Only English', zh: '' } }, serverErrors.paramInvalid, 'title.zh'],
      [{ category: 'gossip' }, serverErrors.paramInvalid, 'category'],
      [{ productKeys: ['asia-esim', 'no-such-product'] }, serverErrors.contentProductUnknown, 'productKeys.1'],
      [{ cover: 'products/00000000-0000-4000-8000-000000000000' }, serverErrors.blogCoverMissing, 'cover'],
      [{ cover: 'blog:nope.svg' }, serverErrors.blogCoverMissing, 'cover'],
      [{ cover: 'https://evil.example/x.png' }, serverErrors.paramInvalid, 'cover'],
      [{ body: { en: 'x', zh: 'y' }, extra: 1 }, serverErrors.paramInvalid, ''],
    ];
    for (const [over, error, field] of cases) {
      const res = await admin('create', draft(over));
      expect(res.body.code, JSON.stringify([over, res.body])).toBe(error.code);
      if (field) expect(res.body.field).toBe(field);
    }
    expect(await blogRows()).toBe(n + 1);
    expect((await admin('detail', { id: 999_999 })).body.code).toBe(serverErrors.notFound.code);
    expect((await admin('update', { id: 999_999, version: 1, ...draft() })).body.code).toBe(serverErrors.notFound.code);
  });

  it("takes one of the shop's own covers", async () => {
    const post = await created({ cover: 'blog:guide.webp' });
    expect((await admin('detail', { id: post.id })).body.data!.cover).toBe('blog:guide.webp');
    // A post written when the shop's covers were SVG keeps its cover (the SVG is still served).
    const older = await created({ cover: 'blog:guide.svg' });
    expect((await admin('detail', { id: older.id })).body.data!.cover).toBe('blog:guide.svg');
  });

  it('lets support read but not write, and finance neither', async () => {
    const support = (await t.staffSignIn('support')).token;
    const finance = (await t.staffSignIn('finance')).token;
    const post = await created();
    expect((await admin('list', { q: 'tokyo' }, support)).body.data!.items.map((p) => p.slug)).toEqual(['tokyo-first-day-online']);
    expect((await admin('list', { published: 'no', category: 'guides' }, support)).body.data!.items.every((p) => !p.published && p.category === 'guides')).toBe(true);
    for (const [action, body] of [
      ['create', draft()],
      ['update', { id: post.id, version: 1, ...draft() }],
      ['publish', { id: post.id, version: 1, published: true }],
    ] as const) {
      expect((await admin(action, body, support)).body.code).toBe(serverErrors.permissionDenied.code);
    }
    expect((await admin('list', {}, finance)).body.code).toBe(serverErrors.permissionDenied.code);
    expect((await t.call('adminBlog', 'list', {})).body.code).not.toBe(0);
    expect((await admin('detail', { id: post.id })).body.data!.version).toBe(1);
  });
});
