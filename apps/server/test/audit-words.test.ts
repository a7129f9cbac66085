import { Role, serverErrors, type AuditEntry } from '@simshop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { productEditOf } from './fixtures.ts';
import { useTestApp } from './harness.ts';

/** The audit log and an order's history say who acted and what a row is about, resolved by the server. */
const t = useTestApp();
let owner: { staffId: number; token: string };
beforeAll(async () => {
  owner = await t.staffSignIn('owner');
});

const address = { name: 'Chan Tai Man', tel: '+852 6123 4567', country: 'China', province: 'Hong Kong', city: 'Kowloon', district: 'Yau Tsim Mong', postCode: '', detail: 'Nathan Road 1' };

async function customer() {
  const user = await t.signIn();
  const addressId = (await t.call('address', 'save', address, { token: user.token })).body.data.id;
  const row = await t.db.selectFrom('users').select(['email', 'nickname']).where('id', '=', user.userId).executeTakeFirstOrThrow();
  return { ...user, addressId, email: row.email!, nickname: row.nickname };
}

/** A SIM card order paid in the sandbox, its refund asked for by the customer. */
async function refundAsked() {
  const c = await customer();
  const sim = await t.sku('SIM-CU-30');
  const created = await t.call('order', 'create', { items: [{ skuId: sim.id, quantity: 1, inputs: { paperCard: 'with_card' } }], addressId: c.addressId }, { token: c.token });
  const orderNo = created.body.data.orderNo;
  await t.paySandbox(c.token, orderNo);
  await t.call('order', 'refund', { orderNo, reason: 'not_working', note: 'No signal' }, { token: c.token });
  return { c, orderNo };
}

describe('audit rows in words', () => {
  it('names the staff member of a write, the order it was about and the currency of its amounts', async () => {
    const { orderNo } = await refundAsked();
    expect((await t.call('adminOrder', 'refund_approve', { orderNo, amount: 990 }, { token: owner.token })).body.code).toBe(0);
    const log = await t.call('adminAudit', 'list', { targetType: 'order', targetId: orderNo }, { token: owner.token });
    const entry = log.body.data.items.find((e: AuditEntry) => e.action === 'order.refund_approve');
    expect(entry).toMatchObject({
      actor: 'owner@simshop.local',
      by: { kind: 'staff', name: 'Demo owner', account: 'owner@simshop.local', id: owner.staffId },
      target: { name: { en: orderNo, zh: orderNo }, page: { type: 'order', id: orderNo } },
      currency: 'CNY',
      after: { refundAmount: 990 },
    });
    // The order's own page carries the same words.
    const page = (await t.call('adminOrder', 'detail', { orderNo }, { token: owner.token })).body.data;
    expect(page.audit.at(-1)).toMatchObject({ action: 'order.refund_approve', by: { kind: 'staff', name: 'Demo owner' }, currency: 'CNY' });
  });

  it("names the customer who moved an order and the payment provider that confirmed it", async () => {
    const { c, orderNo } = await refundAsked();
    const events = (await t.call('adminOrder', 'detail', { orderNo }, { token: owner.token })).body.data.events;
    const by = Object.fromEntries(events.map((e: { event: string; by: unknown }) => [e.event, e.by]));
    expect(by.create).toEqual({ kind: 'customer', name: c.nickname || null, account: c.email, id: c.userId });
    expect(by.request_refund).toEqual({ kind: 'customer', name: c.nickname || null, account: c.email, id: c.userId });
    expect(by.pay).toEqual({ kind: 'provider', name: 'sandbox', account: null, id: null });
  });

  it("says a customer's balance credit in its currency, and a product's price change in the product's", async () => {
    const reseller = await t.signIn(Role.reseller);
    const c = { ...reseller, ...(await t.db.selectFrom('users').select(['email', 'nickname']).where('id', '=', reseller.userId).executeTakeFirstOrThrow()) };
    expect((await t.call('adminCustomer', 'credit', { id: c.userId, currency: 'USD', amount: 1250, reason: 'Goodwill' }, { token: owner.token })).body.code).toBe(0);
    const trail = (await t.call('adminCustomer', 'audit', { id: c.userId }, { token: owner.token })).body.data.items;
    expect(trail[0]).toMatchObject({ action: 'balance.credit', currency: 'USD', by: { kind: 'staff', name: 'Demo owner' }, target: { page: { type: 'customer', id: String(c.userId) } } });
    expect(trail[0]?.target.name?.en).toBe(c.nickname || c.email || `#${c.userId}`);

    const sku = await t.sku('SIM-CU-30');
    const loaded = (await t.call('adminProduct', 'get', { id: sku.productId }, { token: owner.token })).body.data;
    const edit = productEditOf(loaded);
    const skus = edit.skus.map((s) => (s.code === 'SIM-CU-30' ? { ...s, price: s.price + 100 } : s));
    expect((await t.call('adminProduct', 'update', { ...edit, skus }, { token: owner.token })).body.code).toBe(0);
    const product = (await t.call('adminProduct', 'get', { id: sku.productId }, { token: owner.token })).body.data;
    expect(product.history[0]).toMatchObject({ action: 'product.update', currency: product.currency, by: { name: 'Demo owner' }, target: { name: product.name, page: { type: 'product', id: String(product.id) } } });
  });

  it('names the command line and the ids a change mentions', async () => {
    const { c } = await refundAsked();
    await t.db
      .insertInto('audit_log')
      .values({ staff_id: null, actor: 'cli:root', ip: null, action: 'reseller_application.approve', target_type: 'reseller_application', target_id: '77', before_json: null, after_json: JSON.stringify({ userId: c.userId }), created_at: Date.now() })
      .execute();
    const log = await t.call('adminAudit', 'list', { targetType: 'reseller_application', targetId: '77' }, { token: owner.token });
    expect(log.body.data.items[0]).toMatchObject({ by: { kind: 'cli', name: 'root' }, target: { name: null, page: { type: 'reseller_application', id: '77' } }, names: { [`customer:${c.userId}`]: { en: c.nickname || c.email } } });
  });

  it('names blog posts, tutorials, stores and labels by their current title or name, and a deleted one by nothing', async () => {
    const audited = async (targetType: string, id: number) =>
      (await t.call('adminAudit', 'list', { targetType, targetId: String(id) }, { token: owner.token })).body.data.items as AuditEntry[];
    const owned = { token: owner.token };

    const post = (await t.call('adminBlog', 'create', { slug: 'audit-words-post', title: { en: 'Draft title', zh: '草稿标题' }, summary: { en: 'S', zh: '摘' }, body: { en: 'Text.', zh: '文字。' }, category: 'guides', tags: [], productKeys: [] }, owned)).body.data!;
    const edited = (await t.call('adminBlog', 'update', { id: post.id, version: post.version, slug: post.slug, title: { en: 'Roaming in Japan', zh: '日本漫游' }, summary: post.summary, body: post.body, category: post.category, tags: post.tags, productKeys: post.productKeys }, owned)).body;
    expect(edited.code, JSON.stringify(edited)).toBe(0);
    const postLog = await audited('blog_post', post.id);
    expect(postLog.map((e) => e.action).sort()).toEqual(['blog.create', 'blog.update']);
    // Named as the post is called now, in both languages, on every row of its history.
    for (const e of postLog) expect(e.target).toEqual({ name: { en: 'Roaming in Japan', zh: '日本漫游' }, page: { type: 'blog_post', id: String(post.id) } });
    // A Chinese title left empty reads the English one.
    await t.db.updateTable('blog_posts').set({ title_zh: '' }).where('id', '=', post.id).execute();
    expect((await audited('blog_post', post.id))[0]?.target.name).toEqual({ en: 'Roaming in Japan', zh: 'Roaming in Japan' });

    const article = (await t.call('adminContent', 'article_create', { slug: 'audit-words-tips', title: { en: 'Install tips', zh: '安装提示' }, content: { en: 'Step one.', zh: '第一步。' } }, owned)).body.data!;
    expect((await t.call('adminContent', 'article_update', { id: article.id, version: article.version, published: true }, owned)).body.code).toBe(0);
    const articleLog = await audited('article', article.id);
    expect(articleLog.map((e) => e.action).sort()).toEqual(['article.create', 'article.publish']);
    for (const e of articleLog) expect(e.target).toEqual({ name: { en: 'Install tips', zh: '安装提示' }, page: { type: 'article', id: String(article.id) } });

    const week = Array.from({ length: 7 }, () => [{ open: '09:00', close: '18:00' }]);
    const store = (await t.call('adminStore', 'create', { name: { en: 'Audit Road store', zh: '审计路店' }, address: { en: '1 Audit Road', zh: '审计路 1 号' }, city: { en: 'Hangzhou', zh: '杭州' }, phone: '+86 571 0000 0000', timeZone: 'Asia/Shanghai', hours: week, lat: 30.27, lng: 120.15, services: ['sim_sales'] }, owned)).body.data!;
    expect((await t.call('adminStore', 'set_active', { id: store.id, version: store.version, active: false }, owned)).body.code).toBe(0);
    const storeLog = await audited('store', store.id);
    expect(storeLog.map((e) => e.action).sort()).toEqual(['store.close', 'store.create']);
    for (const e of storeLog) expect(e.target).toEqual({ name: { en: 'Audit Road store', zh: '审计路店' }, page: { type: 'store', id: String(store.id) } });

    const label = (await t.call('adminLabel', 'create', { text: { en: 'Audit pick', zh: '审计精选' }, color: '#175cd3', sort: 0 }, owned)).body.data!;
    expect((await t.call('adminLabel', 'update', { id: label.id, text: { en: 'Staff pick', zh: '店员推荐' }, color: '#175cd3', sort: 0 }, owned)).body.code).toBe(0);
    const labelLog = await audited('label', label.id);
    expect(labelLog.map((e) => e.action).sort()).toEqual(['label.create', 'label.update']);
    for (const e of labelLog) expect(e.target).toEqual({ name: { en: 'Staff pick', zh: '店员推荐' }, page: { type: 'label', id: String(label.id) } });
    // Deleted, it has no name left: the console says its kind and id, and its page stays.
    expect((await t.call('adminLabel', 'delete', { id: label.id }, owned)).body.code).toBe(0);
    const gone = await audited('label', label.id);
    expect(gone.map((e) => e.action).sort()).toEqual(['label.create', 'label.delete', 'label.update']);
    for (const e of gone) expect(e.target).toEqual({ name: null, page: { type: 'label', id: String(label.id) } });
  });

  it('names a reseller application by the business that applied', async () => {
    const applicant = await t.signIn();
    const form = { businessName: 'Wanderlust Audit Travel', contactName: 'Li Na', contactEmail: 'audit@wanderlust.example', contactPhone: '+852 9123 4567', country: 'HK', businessType: 'travel_agency', monthlyVolume: '50_200', website: 'https://wanderlust.example', note: '' };
    const applied = (await t.call('user', 'reseller_apply', form, { token: applicant.token })).body;
    expect(applied.code, JSON.stringify(applied)).toBe(0);
    const id = applied.data!.id;
    expect((await t.call('adminResellerApplication', 'approve', { id, version: 1 }, { token: owner.token })).body.code).toBe(0);
    const log = await t.call('adminAudit', 'list', { targetType: 'reseller_application', targetId: String(id) }, { token: owner.token });
    expect(log.body.data.items[0]).toMatchObject({ action: 'reseller_application.approve', target: { name: { en: 'Wanderlust Audit Travel', zh: 'Wanderlust Audit Travel' }, page: { type: 'reseller_application', id: String(id) } } });
  });

  it('keeps the log for roles that may read it: finance reads it, support is refused as before', async () => {
    const finance = await t.staffSignIn('finance');
    expect((await t.call('adminAudit', 'list', {}, { token: finance.token })).body.code).toBe(0);
    const support = await t.staffSignIn('support');
    expect((await t.call('adminAudit', 'list', {}, { token: support.token })).body.code).toBe(serverErrors.permissionDenied.code);
  });
});
