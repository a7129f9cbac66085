import { API_BASE, fullApi, Role, serverErrors, signRequest, type AdminProduct, type AnyActionName, type AnyEndpointName, type Envelope } from '@simshop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { createDatabase, type Database } from '../src/db/database.ts';
import { useTestApp } from './harness.ts';

/**
 * Every server process keeps the shop's catalogue in memory, valid while the
 * database's catalogue version is unchanged. Two app instances on one database, each with its
 * own database handle (so its own cache), stand for two server processes: what one changes, the
 * other shows on its very next request.
 */
const t = useTestApp();
let otherDb: Database;
let other: App;
let owner: string;
/** A reseller's view, the one that holds every kind (ECodes are sold to resellers only). */
let reseller: string;

beforeAll(async () => {
  otherDb = createDatabase({ databaseUrl: t.config.databaseUrl, dataDir: t.config.dataDir });
  other = await buildApp({ config: t.config, db: otherDb, prepare: false, workers: false });
  owner = (await t.staffSignIn('owner')).token;
  reseller = (await t.signIn(Role.reseller)).token;
});
afterAll(async () => {
  await other.app.close();
  await otherDb.destroy();
});

/** A signed call on the other instance. */
async function callOther<E extends AnyEndpointName, A extends AnyActionName<E>>(endpoint: E, action: A, body: unknown, token?: string): Promise<Envelope<unknown>> {
  const query = `action=${String(action)}`;
  const payload = JSON.stringify(body);
  const res = await other.app.inject({ method: 'POST', url: `${API_BASE}${fullApi[endpoint].path}?${query}`, headers: { ...signRequest(t.config.signing, { query, body: payload, token }), 'content-type': 'application/json' }, payload });
  return res.json();
}

const version = async () => Number((await t.db.selectFrom('catalogue_version').select('version').executeTakeFirstOrThrow()).version);
const detail = async (id: number) => (await t.call('product', 'detail', { id, i18n: 'en' }, { token: reseller })).body;
const listed = async (kind: 'sim' | 'esim' | 'ecode') => (await t.call('product', 'list', { i18n: 'en', kind, size: 50 }, { token: reseller })).body.data.items;

async function editOf(id: number) {
  const p = (await callOther('adminProduct', 'get', { id }, owner)).data as AdminProduct & { history?: unknown };
  const { history: _h, createdAt: _c, updatedAt: _u, skus, labels, ...rest } = p;
  return { ...rest, labelIds: labels.map((l) => l.id), skus: skus.map(({ pool: _pool, stock, ...s }) => ({ ...s, stock, loadedStock: stock })) };
}

describe('catalogue cache across server processes', () => {
  it('shows a price another instance changed on the next request', async () => {
    const sim = await t.sku('SIM-CU-30');
    // Twice: the second answer comes from this instance's cache.
    await detail(sim.productId);
    const before = await detail(sim.productId);
    const oldPrice = before.data.skus.find((s) => s.id === sim.id)!.price;
    expect((await listed('sim')).find((p) => p.id === sim.productId)!.price).toBe(Math.min(...before.data.skus.map((s) => s.price)));

    const edit = await editOf(sim.productId);
    const saved = await callOther('adminProduct', 'update', { ...edit, skus: edit.skus.map((s) => (s.id === sim.id ? { ...s, price: 100 } : s)) }, owner);
    expect(saved.code).toBe(0);

    expect((await detail(sim.productId)).data.skus.find((s) => s.id === sim.id)!.price).toBe(100);
    expect((await listed('sim')).find((p) => p.id === sim.productId)!.price).toBe(100);
    expect(oldPrice).not.toBe(100);
  });

  it('takes a product another instance put off sale out of the list and the detail at once, and back', async () => {
    const sim = await t.sku('SIM-CU-30');
    expect((await listed('sim')).map((p) => p.id)).toContain(sim.productId);
    const current = (await callOther('adminProduct', 'get', { id: sim.productId }, owner)).data as AdminProduct;
    expect((await callOther('adminProduct', 'set_on_sale', { id: sim.productId, version: current.version, onSale: false }, owner)).code).toBe(0);

    expect((await listed('sim')).map((p) => p.id)).not.toContain(sim.productId);
    expect(await detail(sim.productId)).toMatchObject({ code: serverErrors.productNotFound.code, field: 'id' });

    expect((await callOther('adminProduct', 'set_on_sale', { id: sim.productId, version: current.version + 1, onSale: true }, owner)).code).toBe(0);
    expect((await detail(sim.productId)).code).toBe(0);
  });

  it('shows a label another instance renamed', async () => {
    const esims = await listed('esim');
    const labelled = esims.find((p) => p.labels.length > 0)!;
    const label = labelled.labels[0]!;
    const res = await callOther('adminLabel', 'update', { id: label.id, text: { en: 'Renamed elsewhere', zh: '别处改名' }, color: label.color, sort: 0 }, owner);
    expect(res.code).toBe(0);
    expect((await listed('esim')).find((p) => p.id === labelled.id)!.labels.find((l) => l.id === label.id)!.text).toBe('Renamed elsewhere');
    expect((await detail(labelled.id)).data.labels.find((l) => l.id === label.id)!.text).toBe('Renamed elsewhere');
  });

  it('reads stock live: sales elsewhere show at once without invalidating the catalogue, counting it from now on does', async () => {
    const sim = await t.sku('SIM-CU-30');
    expect(sim.stock).not.toBeNull();
    await detail(sim.productId);
    const atStart = await version();
    // A sale taken on the other instance's database handle: a stock-only write.
    await otherDb.updateTable('product_skus').set((eb) => ({ stock: eb('stock', '-', 1) })).where('id', '=', sim.id).execute();
    expect(await version()).toBe(atStart);
    expect((await detail(sim.productId)).data.skus.find((s) => s.id === sim.id)!.stock).toBe(sim.stock! - 1);

    // A SKU's stock stops being counted, then is counted again (stock imports on the other instance).
    const ecode = await t.sku('ECODE-QPE');
    expect(ecode.stock).not.toBeNull();
    await detail(ecode.productId);
    expect(await callOther('adminProduct', 'import_stock', { csv: 'sku,stock\nECODE-QPE,\n' }, owner)).toMatchObject({ code: 0, data: { updated: 1 } });
    expect((await detail(ecode.productId)).data.skus.find((s) => s.id === ecode.id)).toMatchObject({ stock: null, soldOut: false });
    const imported = await callOther('adminProduct', 'import_stock', { csv: 'sku,stock\nECODE-QPE,0\n' }, owner);
    expect(imported).toMatchObject({ code: 0, data: { updated: 1 } });
    expect(await version()).toBeGreaterThan(atStart);
    const after = await detail(ecode.productId);
    expect(after.data.skus.find((s) => s.id === ecode.id)).toMatchObject({ stock: 0, soldOut: true });
    expect((await listed('ecode')).find((p) => p.id === ecode.productId)!.soldOut).toBe(true);
  });

  it('shows reviews hidden or added elsewhere in the counts at once', async () => {
    const sim = await t.sku('SIM-CU-30');
    const before = (await detail(sim.productId)).data.commentCount;
    const added = await otherDb.insertInto('product_comments').values({ product_id: sim.productId, user_id: null, nickname: 'x', avatar: null, content: 'Great', images: '', reply: null, created_at: Date.now(), rating: 4 }).returning('id').executeTakeFirstOrThrow();
    expect((await detail(sim.productId)).data).toMatchObject({ commentCount: before + 1 });
    await otherDb.updateTable('product_comments').set({ hidden: 1 }).where('id', '=', added.id).execute();
    expect((await detail(sim.productId)).data).toMatchObject({ commentCount: before });
  });
});

/** A signed call on this instance, as sent on the wire: status, headers and the body's exact text. */
async function rawCall(endpoint: AnyEndpointName, action: string, body: unknown, token?: string) {
  const query = `action=${action}`;
  const payload = JSON.stringify(body);
  return t.app.inject({ method: 'POST', url: `${API_BASE}${fullApi[endpoint].path}?${query}`, headers: { ...signRequest(t.config.signing, { query, body: payload, token }), 'content-type': 'application/json' }, payload });
}

describe('answers served from the cache', () => {
  it('sends a cached page as the same bytes Fastify would write, until its version or its stock moves', async () => {
    const sim = await t.sku('SIM-CU-30');
    const first = await rawCall('product', 'detail', { id: sim.productId, i18n: 'en' });
    const again = await rawCall('product', 'detail', { id: sim.productId, i18n: 'en' });
    expect(again.body).toBe(first.body);
    // Byte for byte what JSON.stringify of the envelope gives (Fastify's own serialisation), with the same headers.
    expect(again.body).toBe(JSON.stringify(JSON.parse(again.body)));
    expect(again.headers).toMatchObject({ 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'content-length': String(Buffer.byteLength(again.body)) });
    const zh = await rawCall('product', 'detail', { id: sim.productId, i18n: 'zh-Hans' });
    expect(JSON.parse(zh.body).data.name).not.toBe(JSON.parse(first.body).data.name);

    // A sale elsewhere (stock only, the version stays): the next answer shows it.
    const stock = JSON.parse(first.body).data.skus.find((s: { id: number }) => s.id === sim.id).stock as number;
    await otherDb.updateTable('product_skus').set((eb) => ({ stock: eb('stock', '-', 1) })).where('id', '=', sim.id).execute();
    const sold = await rawCall('product', 'detail', { id: sim.productId, i18n: 'en' });
    expect(JSON.parse(sold.body).data.skus.find((s: { id: number }) => s.id === sim.id).stock).toBe(stock - 1);

    // A price changed elsewhere (the version moves): the next answer shows it.
    const edit = await editOf(sim.productId);
    expect((await callOther('adminProduct', 'update', { ...edit, skus: edit.skus.map((s) => (s.id === sim.id ? { ...s, price: 4321 } : s)) }, owner)).code).toBe(0);
    const repriced = await rawCall('product', 'detail', { id: sim.productId, i18n: 'en' });
    expect(JSON.parse(repriced.body).data.skus.find((s: { id: number }) => s.id === sim.id).price).toBe(4321);
  });

  it('shows a product sold out in the list as soon as its last unit is sold elsewhere, and back when stock comes in', async () => {
    const ecode = await t.sku('ECODE-QPE');
    const setStock = (stock: number) => otherDb.updateTable('product_skus').set({ stock }).where('id', '=', ecode.id).execute();
    await setStock(3);
    const atStart = await version();
    expect((await listed('ecode')).find((p) => p.id === ecode.productId)!.soldOut).toBe(false);
    expect((await listed('ecode')).find((p) => p.id === ecode.productId)!.soldOut).toBe(false);
    await setStock(0);
    expect((await listed('ecode')).find((p) => p.id === ecode.productId)!.soldOut).toBe(true);
    await setStock(2);
    expect((await listed('ecode')).find((p) => p.id === ecode.productId)!.soldOut).toBe(false);
    // Stock-only writes: the catalogue itself stayed cached.
    expect(await version()).toBe(atStart);
  });

  it("shows in a cart, at once, a price, a sale and a label's name changed by another instance", async () => {
    const { token } = await t.signIn();
    const esims = await listed('esim');
    const labelled = esims.find((p) => p.labels.length > 0)!;
    const label = labelled.labels[0]!;
    const sim = await t.sku('SIM-CU-30');
    await setSimStock(5);
    expect((await t.call('item', 'save', { proId: sim.productId, skuId: sim.id, quantity: 1 }, { token })).body.code).toBe(0);
    expect((await t.call('item', 'save', { proId: labelled.id, quantity: 1 }, { token })).body.code).toBe(0);
    const cart = async () => (await t.call('item', 'list', { i18n: 'en' }, { token })).body;
    const line = async () => (await cart()).data.items.find((l) => l.skuId === sim.id)!;
    expect((await cart()).total).toEqual({ cart: 2 });
    expect(await line()).toMatchObject({ soldOut: false });

    const edit = await editOf(sim.productId);
    expect((await callOther('adminProduct', 'update', { ...edit, skus: edit.skus.map((s) => (s.id === sim.id ? { ...s, price: 1234 } : s)) }, owner)).code).toBe(0);
    expect(await line()).toMatchObject({ unitPrice: 1234, soldOut: false });

    await setSimStock(0);
    expect(await line()).toMatchObject({ unitPrice: 1234, soldOut: true });
    await setSimStock(5);
    expect(await line()).toMatchObject({ soldOut: false });

    expect((await callOther('adminLabel', 'update', { id: label.id, text: { en: 'Cart label elsewhere', zh: '购物车标签' }, color: label.color, sort: 0 }, owner)).code).toBe(0);
    expect((await cart()).data.items.find((l) => l.productId === labelled.id)!.labels.find((l) => l.id === label.id)!.text).toBe('Cart label elsewhere');

    async function setSimStock(stock: number) {
      await otherDb.updateTable('product_skus').set({ stock }).where('id', '=', sim.id).execute();
    }
  });
});
