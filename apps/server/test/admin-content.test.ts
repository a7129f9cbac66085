import { homeContentSchema, serverErrors, type AdminActionName, type HomeContentSource, type HomeEditor } from '@simshop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoHome } from '../src/seed/demo-content.ts';
import { useTestApp } from './harness.ts';

const t = useTestApp();
let owner: string;
beforeAll(async () => {
  owner = (await t.staffSignIn('owner')).token;
});

const call = <A extends AdminActionName<'adminContent'>>(action: A, body: Record<string, unknown>, token = owner) => t.call('adminContent', action, body, { token });
const shopHome = async (lang: 'en' | 'zh-Hans' = 'en') => homeContentSchema.parse((await t.call('jsonContent', 'get_cache', { name: 'home', version: '1', i18n: lang })).body.data.content);
const productIdOf = async (key: string) => (await t.db.selectFrom('products').select('id').where('key', '=', key).executeTakeFirstOrThrow()).id;
const idInLink = (link: { type: string; page?: string } | undefined) => Number(/[?&]id=(\d+)/.exec(link?.page ?? '')?.[1]);

/** Every goods link of the shop's home, opened as the shop would: the product must exist and be the one named. */
async function openGoodsLinks(lang: 'en' | 'zh-Hans') {
  const home = await shopHome(lang);
  const links = [...home.banners.map((b) => b.link), ...home.shortcuts.map((s) => s.link), ...home.sections.flatMap((s) => s.items.map((i) => i.link))].filter((l) => l && (l.type === 'goods' || l.type === 'inner') && l.page.includes('goods/goods'));
  const opened = [];
  for (const link of links) opened.push((await t.call('product', 'detail', { id: idInLink(link as { type: string; page: string }), i18n: lang })).body);
  return { home, opened };
}

type Editor = HomeEditor & { content: HomeContentSource };
/** The editor's state; every block here has content (the demo seeds both languages). */
const asEditor = (data: HomeEditor): Editor => ({ ...data, content: data.content! });

async function editor(lang: 'en' | 'zh-Hans' = 'en'): Promise<Editor> {
  const res = await call('home_get', { lang });
  expect(res.body.code).toBe(0);
  return asEditor(res.body.data);
}

describe('demo home content', () => {
  it('links every product the shop shows to that product (by key, not by id)', async () => {
    for (const lang of ['en', 'zh-Hans'] as const) {
      const { home, opened } = await openGoodsLinks(lang);
      expect(opened.length).toBe(5);
      for (const product of opened) expect(product.code, JSON.stringify(product)).toBe(0);
      // The "Data recharge 5 GB" item opens the data recharge, not the Asia eSIM.
      const recharge = home.sections[0]!.items[2]!;
      expect(idInLink(recharge.link as { type: string; page: string })).toBe(await productIdOf('data-recharge'));
      expect(idInLink(home.banners[0]!.link as { type: string; page: string })).toBe(await productIdOf('asia-esim'));
      expect(idInLink(home.banners[1]!.link as { type: string; page: string })).toBe(await productIdOf('china-unicom-sim'));
    }
    // Stored by key, so the console can warn nothing.
    expect(demoHome.en.sections[0]!.items.map((i) => i.link)).toEqual([
      { type: 'product', key: 'asia-esim' },
      { type: 'product', key: 'china-unicom-sim' },
      { type: 'product', key: 'data-recharge' },
    ]);
  });

  it('is revision 1 of each language, with nothing unpublished and no warnings', async () => {
    for (const lang of ['en', 'zh-Hans'] as const) {
      const state = await editor(lang);
      expect(state).toMatchObject({ edition: 0, unpublished: false, published: { revision: 1 }, warnings: [], publishedWarnings: [] });
      expect(state.content.title).toBe(demoHome[lang].title);
    }
  });
});

describe('home draft, publish and revisions', () => {
  it('saves a draft the shop does not see, publishes it as a new revision the shop shows, audited', async () => {
    const before = await editor('en');
    const content: HomeContentSource = { ...before.content, notice: 'Spring sale: 10 % off every eSIM', banners: [{ image: 'demo:banner-esim.svg', title: 'Europe eSIM', subtitle: 'New', link: { type: 'product', key: 'europe-esim' } }, ...before.content.banners] };
    const saved = await call('home_save', { lang: 'en', edition: before.edition, content });
    expect(saved.body.code).toBe(0);
    expect(saved.body.data).toMatchObject({ edition: before.edition + 1, unpublished: true, published: { revision: 1 } });
    // Draft only: the shop still shows the published block.
    expect((await shopHome('en')).notice).toBe(demoHome.en.notice);
    const audit = await t.auditOf('content', 'home:en');
    expect(audit.at(-1)).toMatchObject({ action: 'content.home_save', actor: 'owner@simshop.local' });
    expect(JSON.parse(audit.at(-1)!.after_json!)).toMatchObject({ notice: 'Spring sale: 10 % off every eSIM' });
    expect(JSON.parse(audit.at(-1)!.before_json!)).toMatchObject({ notice: demoHome.en.notice });

    const published = await call('home_publish', { lang: 'en', edition: before.edition + 1 });
    expect(published.body.data).toMatchObject({ unpublished: false, published: { revision: 2, publishedBy: 'owner@simshop.local' } });
    const home = await shopHome('en');
    expect(home.notice).toBe('Spring sale: 10 % off every eSIM');
    expect(home.banners[0]).toMatchObject({ title: 'Europe eSIM', link: { type: 'goods', page: `/pages/goods/goods?id=${await productIdOf('europe-esim')}` } });
    expect((await t.call('product', 'detail', { id: idInLink(home.banners[0]!.link as { type: string; page: string }) })).body.data.name).toBe('Europe eSIM');
    expect((await t.auditOf('content', 'home:en')).at(-1)).toMatchObject({ action: 'content.home_publish', after_json: JSON.stringify({ revision: 2 }) });
    // The other language is its own block: untouched.
    expect((await shopHome('zh-Hans')).notice).toBe(demoHome['zh-Hans'].notice);

    const revisions = (await call('home_revisions', { lang: 'en' })).body.data;
    expect(revisions.total).toBe(2);
    expect(revisions.items.map((r: { revision: number }) => r.revision)).toEqual([2, 1]);
  });

  it('refuses to publish or discard when nothing is unpublished', async () => {
    const state = await editor('en');
    for (const action of ['home_publish', 'home_discard'] as const) {
      expect((await call(action, { lang: 'en', edition: state.edition })).body).toMatchObject({ code: serverErrors.contentNothingToPublish.code, i18n: 'res.content.nothing-to-publish' });
    }
  });

  it('discards a draft back to the published block, and restores an old revision into the draft', async () => {
    let state = await editor('en');
    state = asEditor((await call('home_save', { lang: 'en', edition: state.edition, content: { ...state.content, title: 'Scratch' } })).body.data);
    state = asEditor((await call('home_discard', { lang: 'en', edition: state.edition })).body.data);
    expect(state).toMatchObject({ unpublished: false });
    expect(state.content.title).toBe('SimShop');
    expect((await t.auditOf('content', 'home:en')).at(-1)).toMatchObject({ action: 'content.home_discard' });

    const restored = (await call('home_restore', { lang: 'en', edition: state.edition, revision: 1 })).body.data;
    expect(restored).toMatchObject({ unpublished: true, published: { revision: 2 } });
    expect(restored.content?.notice).toBe(demoHome.en.notice);
    expect((await t.auditOf('content', 'home:en')).at(-1)).toMatchObject({ action: 'content.home_restore' });
    expect((await call('home_restore', { lang: 'en', edition: restored.edition, revision: 99 })).body).toMatchObject({ code: serverErrors.notFound.code, field: 'revision' });
    // Back to the published one for the next tests.
    expect((await call('home_discard', { lang: 'en', edition: restored.edition })).body.code).toBe(0);
  });

  it('refuses a save or publish over someone else\'s save, writing nothing', async () => {
    const state = await editor('en');
    const first = await call('home_save', { lang: 'en', edition: state.edition, content: { ...state.content, title: 'First' } });
    expect(first.body.code).toBe(0);
    const audits = (await t.auditOf('content', 'home:en')).length;
    const stale = await call('home_save', { lang: 'en', edition: state.edition, content: { ...state.content, title: 'Second' } });
    expect(stale.body).toMatchObject({ code: serverErrors.changedBySomeoneElse.code, field: 'edition' });
    expect((await call('home_publish', { lang: 'en', edition: state.edition })).body).toMatchObject({ code: serverErrors.changedBySomeoneElse.code });
    expect((await editor('en')).content.title).toBe('First');
    expect(await t.auditOf('content', 'home:en')).toHaveLength(audits);
    expect((await call('home_discard', { lang: 'en', edition: first.body.data.edition })).body.code).toBe(0);
  });

  it('names every invalid field by its path', async () => {
    const state = await editor('en');
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ lang: 'fr', edition: 0, content: state.content }, serverErrors.paramInvalid.code, 'lang'],
      [{ lang: 'en', content: state.content }, serverErrors.paramMissing.code, 'edition'],
      [{ lang: 'en', edition: -1, content: state.content }, serverErrors.paramInvalid.code, 'edition'],
      [{ lang: 'en', edition: state.edition }, serverErrors.paramMissing.code, 'content'],
      [{ lang: 'en', edition: state.edition, content: { ...state.content, title: '  ' } }, serverErrors.paramInvalid.code, 'content.title'],
      [{ lang: 'en', edition: state.edition, content: { ...state.content, banners: [{ image: '', title: 'x' }] } }, serverErrors.paramInvalid.code, 'content.banners.0.image'],
      [{ lang: 'en', edition: state.edition, content: { ...state.content, shortcuts: [{ icon: 'esim', title: 'x', link: { type: 'outer', url: 'not a url' } }] } }, serverErrors.paramInvalid.code, 'content.shortcuts.0.link.url'],
      [{ lang: 'en', edition: state.edition, content: { ...state.content, sections: [{ title: 'S', items: [{ title: 'x', link: { type: 'product', key: 'Bad Key!' } }] }] } }, serverErrors.paramInvalid.code, 'content.sections.0.items.0.link.key'],
      [{ lang: 'en', edition: state.edition, content: { ...state.content, banners: Array.from({ length: 11 }, () => ({ image: 'a.png', title: 'b' })) } }, serverErrors.paramInvalid.code, 'content.banners'],
    ];
    for (const [body, code, field] of cases) expect((await call('home_save', body)).body, JSON.stringify(body).slice(0, 200)).toMatchObject({ code, field });
  });

  it('refuses a product key no product on sale has, by the field (the hidden top-ups included)', async () => {
    const state = await editor('en');
    for (const key of ['no-such-product', 'topup-usd']) {
      const content = { ...state.content, sections: [{ title: 'S', items: [{ title: 'a', link: { type: 'product', key: 'asia-esim' } }, { title: 'b', link: { type: 'product', key } }] }] };
      expect((await call('home_save', { lang: 'en', edition: state.edition, content })).body).toMatchObject({ code: serverErrors.contentProductUnknown.code, field: 'content.sections.0.items.1.link.key', i18n: 'res.content.product-unknown' });
    }
    expect((await editor('en')).edition).toBe(state.edition);
  });
});

describe('links by key survive id changes; a gone product is left out and warned about', () => {
  it('follows the key to a re-created product, drops it when gone, and warns the console', async () => {
    let state = await editor('zh-Hans');
    const content: HomeContentSource = {
      ...state.content,
      banners: [{ image: 'demo:banner-esim.svg', title: '全球eSIM', link: { type: 'product', key: 'global-esim' } }, ...state.content.banners],
      shortcuts: [...state.content.shortcuts, { icon: 'global', title: '全球', link: { type: 'product', key: 'global-esim' } }],
      sections: [{ title: '推荐', items: [{ title: '全球eSIM', link: { type: 'product', key: 'global-esim' } }] }, ...state.content.sections],
    };
    state = asEditor((await call('home_save', { lang: 'zh-Hans', edition: state.edition, content })).body.data);
    state = asEditor((await call('home_publish', { lang: 'zh-Hans', edition: state.edition })).body.data);
    const oldId = await productIdOf('global-esim');
    let home = await shopHome('zh-Hans');
    expect(idInLink(home.banners[0]!.link as { type: string; page: string })).toBe(oldId);
    // An item without a price of its own shows the product's current lowest price, and its image.
    expect(home.sections[0]!.items[0]).toMatchObject({ title: '全球eSIM', price: expect.stringMatching(/^\$\d+\.\d\d$/), image: expect.any(String) });

    // The product is re-created under the same key (a new id): the links follow the key.
    const old = await t.db.selectFrom('products').selectAll().where('id', '=', oldId).executeTakeFirstOrThrow();
    await t.db.updateTable('products').set({ key: 'global-esim-retired', on_sale: 0 }).where('id', '=', oldId).execute();
    const { id: _id, version: _v, ...copy } = old;
    const newId = (await t.db.insertInto('products').values({ ...copy, key: 'global-esim' }).returning('id').executeTakeFirstOrThrow()).id;
    await t.db.insertInto('product_skus').values({ product_id: newId, code: 'ESIM-GLOBAL-NEW', options: '[]', price: 2500, wholesale_price: null, stock: 5, sold_out: 0, sort: 0 }).execute();
    home = await shopHome('zh-Hans');
    expect(idInLink(home.banners[0]!.link as { type: string; page: string })).toBe(newId);
    expect(home.sections[0]!.items[0]!.price).toBe('$25.00');
    expect((await t.call('product', 'detail', { id: newId })).body.code).toBe(0);

    // Gone: nothing of it is linked (banner, shortcut and item left out; the emptied section too).
    await t.db.updateTable('products').set({ key: 'global-esim-gone' }).where('id', '=', newId).execute();
    home = await shopHome('zh-Hans');
    expect(home.banners.map((b) => b.title)).toEqual(demoHome['zh-Hans'].banners.map((b) => b.title));
    expect(home.shortcuts.map((s) => s.title)).toEqual(demoHome['zh-Hans'].shortcuts.map((s) => s.title));
    expect(home.sections.map((s) => s.title)).toEqual(demoHome['zh-Hans'].sections.map((s) => s.title));
    const { opened } = await openGoodsLinks('zh-Hans');
    for (const product of opened) expect(product.code).toBe(0);

    const warned = await editor('zh-Hans');
    expect(warned.publishedWarnings).toEqual([
      { path: 'banners.0.link', kind: 'missing-product', key: 'global-esim', productId: null },
      { path: 'shortcuts.4.link', kind: 'missing-product', key: 'global-esim', productId: null },
      { path: 'sections.0.items.0.link', kind: 'missing-product', key: 'global-esim', productId: null },
    ]);
    expect(warned.warnings).toEqual(warned.publishedWarnings);
    // Publishing it again is refused until the links are fixed, by the field.
    const edited = (await call('home_save', { lang: 'zh-Hans', edition: warned.edition, content: { ...warned.content, title: '改' } })).body;
    expect(edited).toMatchObject({ code: serverErrors.contentProductUnknown.code, field: 'content.banners.0.link.key' });
    await t.db.updateTable('products').set({ key: 'global-esim' }).where('id', '=', newId).execute();
  });

  it('warns about links by product id (they break when ids change)', async () => {
    const state = await editor('en');
    const id = await productIdOf('asia-esim');
    const content = { ...state.content, banners: [{ image: 'x.png', title: 'Old style', link: { type: 'inner', page: `/pages/goods/goods?id=${id}` } }] };
    const saved = (await call('home_save', { lang: 'en', edition: state.edition, content })).body.data;
    expect(saved.warnings).toEqual([{ path: 'banners.0.link', kind: 'id-link', key: null, productId: id }]);
    expect((await call('home_discard', { lang: 'en', edition: saved.edition })).body.code).toBe(0);
  });
});

describe('preview and product choices', () => {
  it('gives a token the shop uses to render the draft, resolved like the published block', async () => {
    let state = await editor('en');
    state = asEditor((await call('home_save', { lang: 'en', edition: state.edition, content: { ...state.content, title: 'Draft title', banners: [{ image: 'demo:banner-sim.svg', title: 'SIM', link: { type: 'product', key: 'china-unicom-sim' } }] } })).body.data);
    const { token, expiresAt } = (await call('home_preview', { lang: 'en' })).body.data;
    expect(expiresAt).toBeGreaterThan(Date.now());
    const preview = await t.call('jsonContent', 'get_cache', { name: 'home', version: '1', i18n: 'zh-Hans', preview: token });
    expect(preview.body.data).toMatchObject({ i18n: 'en', content: { title: 'Draft title', banners: [{ link: { type: 'goods', page: `/pages/goods/goods?id=${await productIdOf('china-unicom-sim')}` } }] } });
    expect((await shopHome('en')).title).toBe('SimShop');
    for (const bad of [`${token}x`, token.replace(/^./, 'A'), 'abc.def', '']) {
      expect((await t.call('jsonContent', 'get_cache', { name: 'home', version: '1', preview: bad })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'preview' });
    }
    expect((await t.call('jsonContent', 'get_cache', { name: 'promo', version: '1', preview: token })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'preview' });
    expect((await call('home_discard', { lang: 'en', edition: state.edition })).body.code).toBe(0);
  });

  it('lists the products on sale by key, without the hidden top-ups', async () => {
    const items = (await call('product_choices', {})).body.data.items as Array<{ key: string; price: number }>;
    expect(items.map((p) => p.key)).toEqual(expect.arrayContaining(['asia-esim', 'china-unicom-sim', 'data-recharge', 'europe-esim']));
    expect(items.some((p) => p.key.startsWith('topup'))).toBe(false);
    expect(items.find((p) => p.key === 'asia-esim')).toMatchObject({ price: 990, currency: 'USD', name: { en: 'Asia eSIM', zh: '亚洲eSIM' } });
  });

  it('lets support read but not write content', async () => {
    const support = (await t.staffSignIn('support')).token;
    expect((await call('home_get', { lang: 'en' }, support)).body.code).toBe(0);
    const state = await editor('en');
    expect((await call('home_save', { lang: 'en', edition: state.edition, content: state.content }, support)).body.code).toBe(serverErrors.permissionDenied.code);
  });
});

describe('tutorials', () => {
  const body = { slug: 'roaming-tips', title: { en: 'Roaming tips', zh: '漫游提示' }, content: { en: '## Before you fly\n1. Install\n2. Switch on', zh: '## 出发前\n1. 安装\n2. 开启' }, sort: 5 };

  it('writes a tutorial unpublished by default, publishes it, and the shop shows it', async () => {
    const created = await call('article_create', body);
    expect(created.body.data).toMatchObject({ slug: 'roaming-tips', published: false, version: 1, sort: 5, title: body.title });
    const id = created.body.data.id;
    expect((await t.call('article', 'detail', { id })).body.code).toBe(serverErrors.notFound.code);
    expect((await t.auditOf('article', id))[0]).toMatchObject({ action: 'article.create', actor: 'owner@simshop.local' });

    const published = await call('article_update', { id, version: 1, published: true });
    expect(published.body.data).toMatchObject({ published: true, version: 2 });
    expect((await t.call('article', 'detail', { id, i18n: 'zh-Hans' })).body.data).toMatchObject({ title: '漫游提示' });
    expect((await t.auditOf('article', id)).at(-1)).toMatchObject({ action: 'article.publish', before_json: JSON.stringify({ published: false }), after_json: JSON.stringify({ published: true }) });

    const sorted = await call('article_update', { id, version: 2, sort: -1 });
    expect(sorted.body.data.sort).toBe(-1);
    expect((await t.call('article', 'list', {})).body.data.items[0]!.id).toBe(id);

    const withdrawn = await call('article_update', { id, version: 3, published: false });
    expect(withdrawn.body.data.published).toBe(false);
    expect((await t.auditOf('article', id)).map((r) => r.action)).toEqual(['article.create', 'article.publish', 'article.update', 'article.unpublish']);
    expect((await call('article_get', { id })).body.data.content).toEqual(body.content);
  });

  it('lists, filters, searches and sorts for staff', async () => {
    const all = (await call('article_list', { sortField: 'sort', sortOrder: 'asc', pageSize: 100 })).body.data;
    expect(all.total).toBeGreaterThan(1);
    const sorts = all.items.map((a: { sort: number }) => a.sort);
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
    expect((await call('article_list', { q: 'ROAMING' })).body.data.items.map((a: { slug: string }) => a.slug)).toEqual(['roaming-tips']);
    expect((await call('article_list', { q: '漫游' })).body.data.total).toBe(1);
    const hidden = (await call('article_list', { published: 'no' })).body.data;
    expect(hidden.items.every((a: { published: boolean }) => !a.published)).toBe(true);
    expect((await call('article_list', { page: 1, pageSize: 1 })).body.data.items).toHaveLength(1);
  });

  it('refuses a taken slug, half a Chinese translation, bad fields and stale versions, writing nothing', async () => {
    expect((await call('article_create', body)).body).toMatchObject({ code: serverErrors.alreadyExists.code, field: 'slug' });
    expect((await call('article_create', { ...body, slug: 'half', content: { en: 'x', zh: '' } })).body).toMatchObject({ code: serverErrors.chineseIncomplete.code, field: 'content.zh' });
    expect((await call('article_create', { ...body, slug: 'half', title: { en: 'x', zh: '' } })).body).toMatchObject({ code: serverErrors.chineseIncomplete.code, field: 'title.zh' });
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ ...body, slug: 'Bad Slug' }, serverErrors.paramInvalid.code, 'slug'],
      [{ ...body, slug: 'x', title: { en: '', zh: '' } }, serverErrors.paramInvalid.code, 'title.en'],
      [{ ...body, slug: 'x', content: { zh: 'x' } }, serverErrors.paramMissing.code, 'content.en'],
      [{ ...body, slug: 'x', sort: 1.5 }, serverErrors.paramInvalid.code, 'sort'],
      [{ ...body, slug: 'x', html: '<b>' }, serverErrors.paramInvalid.code, ''],
    ];
    for (const [b, code, field] of cases) {
      const res = (await call('article_create', b)).body;
      expect(res.code, JSON.stringify(b)).toBe(code);
      if (field) expect(res.field).toBe(field);
    }
    expect((await call('article_list', { q: 'half' })).body.data.total).toBe(0);

    const id = (await call('article_list', { q: 'roaming' })).body.data.items[0]!.id;
    const current = (await call('article_get', { id })).body.data;
    expect((await call('article_update', { id, version: current.version - 1, sort: 9 })).body).toMatchObject({ code: serverErrors.changedBySomeoneElse.code, field: 'version' });
    expect((await call('article_update', { id, version: current.version, content: { en: 'only English now', zh: '' } })).body).toMatchObject({ code: serverErrors.chineseIncomplete.code, field: 'content.zh' });
    const other = (await call('article_list', { sortField: 'sort', sortOrder: 'asc' })).body.data.items.find((a: { id: number }) => a.id !== id);
    expect((await call('article_update', { id, version: current.version, slug: other!.slug })).body).toMatchObject({ code: serverErrors.alreadyExists.code, field: 'slug' });
    expect((await call('article_update', { id, version: current.version, sort: current.sort })).body.code).toBe(serverErrors.nothingChanged.code);
    expect((await call('article_get', { id })).body.data).toEqual(current);
    for (const unknown of [{ action: 'article_get', b: { id: 999_999 } }, { action: 'article_update', b: { id: 999_999, version: 1, sort: 1 } }] as const) {
      expect((await call(unknown.action, unknown.b)).body).toMatchObject({ code: serverErrors.notFound.code, field: 'id' });
    }
  });

  it('audits an import from the command line as the command line', async () => {
    const { writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const file = join(t.config.dataDir, 'articles.json');
    writeFileSync(file, JSON.stringify([{ slug: 'cli-article', title: { en: 'From the CLI' }, content: { en: 'Body' } }]));
    expect(await t.admin('article', 'import', file)).toEqual({ code: 0, out: 'articles: 1 added, 0 updated' });
    const id = (await call('article_list', { q: 'cli-article' })).body.data.items[0]!.id;
    const [row] = await t.auditOf('article', id);
    expect(row).toMatchObject({ action: 'article.create', staff_id: null });
    expect(row!.actor).toMatch(/^cli:/);
  });
});
