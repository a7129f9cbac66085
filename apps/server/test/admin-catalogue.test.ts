import { serverErrors, type ProductInput } from '@simshop/contract';
import { describe, expect, it } from 'vitest';
import { catalogueEditing } from './catalogue-editing.ts';
import { useTestApp } from './harness.ts';
import { useStaffTokens } from './staff-tokens.ts';

const t = useTestApp();
const staff = useStaffTokens(t);
const { idOf, load, countProducts, shopDetail, editOf, newProduct } = catalogueEditing(t, staff);

describe('adminProduct list', () => {
  it('lists products with price range, stock and sale state; searches by name, key and SKU code', async () => {
    const all = (await t.call('adminProduct', 'list', { sortField: 'sort', sortOrder: 'asc' }, { token: staff.support })).body.data;
    expect(all.items.some((p) => p.kind === ('topup' as never))).toBe(false);
    const asia = all.items.find((p) => p.key === 'asia-esim')!;
    expect(asia).toMatchObject({ name: { en: 'Asia eSIM', zh: '亚洲eSIM' }, priceMin: 990, priceMax: 1999, skuCount: 4, onSale: true, esimSource: 'pool', image: 'demo/esim-asia.webp' });
    expect(asia.stock).toBeGreaterThan(0);
    expect(all.items.find((p) => p.key === 'data-recharge')!.stock).toBeNull();
    expect(all.labels).toContainEqual({ id: expect.any(Number), text: { en: 'Hotspot', zh: '支持热点' }, color: expect.stringMatching(/^#[0-9a-f]{6}$/) });
    expect(all.items.find((p) => p.key === 'asia-esim')!.labels.map((l) => l.text.en)).toEqual(['Instant delivery', 'Hotspot']);

    const byName = (await t.call('adminProduct', 'list', { q: '联通' }, { token: staff.support })).body.data;
    expect(byName.items.map((p) => p.key)).toEqual(['china-unicom-sim']);
    const bySku = (await t.call('adminProduct', 'list', { q: 'rch-20' }, { token: staff.support })).body.data;
    expect(bySku.items.map((p) => p.key)).toEqual(['data-recharge']);
    const byKey = (await t.call('adminProduct', 'list', { q: 'europe' }, { token: staff.support })).body.data;
    expect(byKey.items.map((p) => p.key)).toEqual(['europe-esim']);
    // Pattern characters are matched literally.
    expect((await t.call('adminProduct', 'list', { q: '%' }, { token: staff.support })).body.data.total).toBe(0);
  });

  it('filters by kind, sale state and label, pages and sorts by price', async () => {
    const esims = (await t.call('adminProduct', 'list', { kind: 'esim', pageSize: 100 }, { token: staff.owner })).body.data;
    expect(esims.items.every((p) => p.kind === 'esim')).toBe(true);
    expect(esims.items.map((p) => p.key)).toEqual(expect.arrayContaining(['asia-esim', 'global-esim', 'europe-esim']));
    const off = (await t.call('adminProduct', 'list', { onSale: false, pageSize: 100 }, { token: staff.owner })).body.data;
    expect(off.items.every((p) => !p.onSale)).toBe(true);
    expect(off.items.map((p) => p.key)).toEqual(expect.arrayContaining(['gen-qpe-pre']));
    const hotspotId = (await t.db.selectFrom('labels').select('id').where('text_en', '=', 'Hotspot').executeTakeFirstOrThrow()).id;
    const hotspot = (await t.call('adminProduct', 'list', { labelId: hotspotId }, { token: staff.owner })).body.data;
    expect(hotspot.items.map((p) => p.key)).toEqual(['asia-esim']);

    const page1 = (await t.call('adminProduct', 'list', { pageSize: 2, page: 1, sortField: 'price', sortOrder: 'asc' }, { token: staff.owner })).body.data;
    const page2 = (await t.call('adminProduct', 'list', { pageSize: 2, page: 2, sortField: 'price', sortOrder: 'asc' }, { token: staff.owner })).body.data;
    expect(page1.items).toHaveLength(2);
    expect(page1.total).toBe(page2.total);
    const prices = [...page1.items, ...page2.items].map((p) => p.priceMin ?? 0);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(page1.items[0]!.id).not.toBe(page2.items[0]!.id);

    expect((await t.call('adminProduct', 'list', { sortField: 'name' }, { token: staff.owner })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'sortField' });
  });
});

describe('adminProduct get', () => {
  it('gives the editable product with SKUs, pool levels of pool eSIMs and its history', async () => {
    const asia = await load(await idOf('asia-esim'), staff.support);
    expect(asia).toMatchObject({ key: 'asia-esim', kind: 'esim', esimSource: 'pool', images: ['demo/esim-asia.webp', 'demo/banner-esim.webp'], qtyMin: 1, qtyMax: 20, wholesaleMinQty: 10 });
    expect(asia.specs[0]).toEqual({ name: { en: 'Data', zh: '流量' }, values: [{ en: '5 GB', zh: '5GB' }, { en: '10 GB', zh: '10GB' }] });
    const sku = asia.skus.find((s) => s.code === 'ESIM-ASIA-10-30')!;
    expect(sku).toMatchObject({ options: [1, 1], price: 1999, wholesalePrice: 1599, pool: { free: expect.any(Number), assigned: expect.any(Number), total: expect.any(Number) } });
    expect(sku.pool!.free).toBeGreaterThan(0);
    expect((await load(await idOf('china-unicom-sim'))).skus[0]!.pool).toBeNull();
    expect(asia.history).toEqual([]);
  });

  it('says not found for an unknown id and for a shop top-up', async () => {
    expect((await t.call('adminProduct', 'get', { id: 999_999 }, { token: staff.owner })).body).toMatchObject({ code: serverErrors.productNotFound.code, field: 'id' });
    const topup = (await t.db.selectFrom('products').select('id').where('kind', '=', 'topup').executeTakeFirstOrThrow()).id;
    expect((await t.call('adminProduct', 'get', { id: topup }, { token: staff.owner })).body).toMatchObject({ code: serverErrors.productNotFound.code });
  });
});

describe('adminProduct create', () => {
  it('adds a product the shop then sells, with an audit row', async () => {
    const hotspotId = (await t.db.selectFrom('labels').select('id').where('text_en', '=', 'Hotspot').executeTakeFirstOrThrow()).id;
    const input = newProduct({ labelIds: [hotspotId] });
    const res = await t.call('adminProduct', 'create', input, { token: staff.operator });
    expect(res.body).toMatchObject({ code: 0, data: { key: input.key, version: 1, skus: [{ code: input.skus[0]!.code, stock: 10 }, { code: input.skus[1]!.code, stock: null }] } });
    const id = res.body.data.id;
    const shop = await shopDetail(id);
    expect(shop.data).toMatchObject({ name: input.name.en, price: 1000, freight: 500, requiredInputs: ['paperCard'], specs: [{ name: 'Data', values: ['1 GB', '5 GB'] }], labels: [{ id: hotspotId, text: 'Hotspot' }] });
    const [row] = await t.auditOf('product', id);
    expect(row).toMatchObject({ action: 'product.create', actor: 'operator@simshop.local' });
    expect(JSON.parse(row!.after_json!)).toMatchObject({ key: input.key, [`sku ${input.skus[0]!.code}`]: { price: 1000, stock: 10 } });
  });

  const invalid: Array<[string, (p: ProductInput) => unknown, { code: number; field: string }]> = [
    ['a key that is not a lowercase slug', (p) => ({ ...p, key: 'Asia eSIM' }), { code: serverErrors.paramInvalid.code, field: 'key' }],
    ['a name missing in Chinese', (p) => ({ ...p, name: { en: 'X' } }), { code: serverErrors.paramMissing.code, field: 'name.zh' }],
    ['a top-up kind', (p) => ({ ...p, kind: 'topup' }), { code: serverErrors.paramInvalid.code, field: 'kind' }],
    ['a negative price', (p) => ({ ...p, skus: [{ ...p.skus[0]!, price: -1 }, p.skus[1]] }), { code: serverErrors.paramInvalid.code, field: 'skus.0.price' }],
    ['a wrong SKU code', (p) => ({ ...p, skus: [{ ...p.skus[0]!, code: 'has space' }, p.skus[1]] }), { code: serverErrors.paramInvalid.code, field: 'skus.0.code' }],
    ['an image that is not a path or address', (p) => ({ ...p, images: ['a,b:c'] }), { code: serverErrors.paramInvalid.code, field: 'images.0' }],
    ['an unknown required input', (p) => ({ ...p, requiredInputs: ['shoeSize'] }), { code: serverErrors.paramInvalid.code, field: 'requiredInputs.0' }],
    ['no SKU', (p) => ({ ...p, skus: [] }), { code: serverErrors.paramInvalid.code, field: 'skus' }],
    ['an unknown field', (p) => ({ ...p, colour: 'red' }), { code: serverErrors.paramInvalid.code, field: 'body' }],
    ['a minimum quantity above the maximum', (p) => ({ ...p, qtyMin: 6 }), { code: serverErrors.qtyRangeInvalid.code, field: 'qtyMax' }],
    ['a SKU without a value of every specification', (p) => ({ ...p, skus: [{ ...p.skus[0]!, options: [] }, p.skus[1]] }), { code: serverErrors.skuOptionsInvalid.code, field: 'skus.0.options' }],
    ['a value that does not exist', (p) => ({ ...p, skus: [p.skus[0], { ...p.skus[1]!, options: [2] }] }), { code: serverErrors.skuOptionsInvalid.code, field: 'skus.1.options' }],
    ['two SKUs with the same values', (p) => ({ ...p, skus: [p.skus[0], { ...p.skus[1]!, options: [0] }] }), { code: serverErrors.skuOptionsInvalid.code, field: 'skus.1.options' }],
    ['two SKUs with the same code', (p) => ({ ...p, skus: [p.skus[0], { ...p.skus[1]!, code: p.skus[0]!.code.toLowerCase() }] }), { code: serverErrors.alreadyExists.code, field: 'skus.1.code' }],
    ['data MB on a SIM card', (p) => ({ ...p, skus: [{ ...p.skus[0]!, rechargeMb: 100 }, p.skus[1]] }), { code: serverErrors.rechargeMbNotApplicable.code, field: 'skus.0.rechargeMb' }],
    ['a stock typed for a pool eSIM', (p) => ({ ...p, kind: 'esim', requiredInputs: [], skus: [{ ...p.skus[0]!, stock: 100 }, { ...p.skus[1]!, stock: null }] }), { code: serverErrors.poolStockManual.code, field: 'skus.0.stock' }],
    ["another product's key", (p) => ({ ...p, key: 'asia-esim' }), { code: serverErrors.alreadyExists.code, field: 'key' }],
    ["another product's SKU code", (p) => ({ ...p, skus: [p.skus[0], { ...p.skus[1]!, code: 'SIM-CU-30' }] }), { code: serverErrors.alreadyExists.code, field: 'skus.1.code' }],
  ];
  for (const [what, change, expected] of invalid) {
    it(`refuses ${what} by its field, writing nothing`, async () => {
      const before = await countProducts();
      const res = await t.call('adminProduct', 'create', change(newProduct()) as ProductInput, { token: staff.owner });
      expect(res.body).toMatchObject(expected);
      expect(await countProducts()).toBe(before);
    });
  }

  it('is refused to support staff (catalogue.read only)', async () => {
    expect((await t.call('adminProduct', 'create', newProduct(), { token: staff.support })).body).toMatchObject({ code: serverErrors.permissionDenied.code });
  });
});

describe('adminProduct update', () => {
  it("changes a SKU's price: the shop shows it, the version rises, the audit row holds only what changed", async () => {
    const id = await idOf('china-unicom-sim');
    const p = await load(id);
    const edit = editOf(p);
    edit.skus[0] = { ...edit.skus[0]!, price: 6100 };
    const res = await t.call('adminProduct', 'update', edit, { token: staff.owner });
    expect(res.body).toMatchObject({ code: 0, data: { version: p.version + 1 } });
    expect((await shopDetail(id)).data.skus[0]).toMatchObject({ price: 6100 });
    const audit = (await t.auditOf('product', id)).at(-1)!;
    expect(audit).toMatchObject({ action: 'product.update', actor: 'owner@simshop.local' });
    expect(JSON.parse(audit.before_json!)).toEqual({ 'sku SIM-CU-30': { options: [0], price: 5900, wholesalePrice: 4500, prices: {}, stock: p.skus[0]!.stock, soldOut: false, rechargeMb: null, dataMb: null, validityDays: null } });
    expect(JSON.parse(audit.after_json!)).toEqual({ 'sku SIM-CU-30': { options: [0], price: 6100, wholesalePrice: 4500, prices: {}, stock: p.skus[0]!.stock, soldOut: false, rechargeMb: null, dataMb: null, validityDays: null } });
    expect((await load(id)).history[0]).toMatchObject({ action: 'product.update' });
  });

  it("refuses the second of two staff saving the same version, keeping the first one's change", async () => {
    const id = await idOf('data-recharge');
    const first = editOf(await load(id, staff.owner));
    const second = editOf(await load(id, staff.operator));
    const a = await t.call('adminProduct', 'update', { ...first, name: { en: 'Data top-up', zh: '流量充值' } }, { token: staff.owner });
    expect(a.body.code).toBe(0);
    const b = await t.call('adminProduct', 'update', { ...second, subtitle: { en: 'Overwritten', zh: '覆盖' } }, { token: staff.operator });
    expect(b.body).toMatchObject({ code: serverErrors.changedBySomeoneElse.code, field: 'version' });
    const now = await load(id);
    expect(now.name.en).toBe('Data top-up');
    expect(now.subtitle.en).not.toBe('Overwritten');
    expect((await t.auditOf('product', id)).filter((r) => r.actor === 'operator@simshop.local')).toEqual([]);
  });

  it('says not found for an unknown product and for a SKU of another product', async () => {
    const p = editOf(await load(await idOf('phone-unlock')));
    expect((await t.call('adminProduct', 'update', { ...p, id: 999_999 }, { token: staff.owner })).body).toMatchObject({ code: serverErrors.productNotFound.code, field: 'id' });
    const other = (await t.sku('SIM-CU-100')).id;
    const res = await t.call('adminProduct', 'update', { ...p, skus: [{ ...p.skus[0]!, id: other }] }, { token: staff.owner });
    expect(res.body).toMatchObject({ code: serverErrors.notFound.code, field: 'skus.0.id' });
  });

  it('changes nothing when a later check fails (no half-saved product, the version stays)', async () => {
    const id = await idOf('phone-unlock');
    const p = await load(id);
    const edit = editOf(p);
    const res = await t.call('adminProduct', 'update', { ...edit, name: { en: 'Renamed', zh: '改名' }, skus: [{ ...edit.skus[0]!, code: 'RCH-5' }] }, { token: staff.owner });
    expect(res.body).toMatchObject({ code: serverErrors.alreadyExists.code, field: 'skus.0.code' });
    const after = await load(id);
    expect(after).toMatchObject({ version: p.version, name: p.name });
    expect(after.skus[0]!.code).toBe('SVC-UNLOCK');
  });

  it('keeps the stock orders took meanwhile unless the editor changed the number', async () => {
    const { token } = await t.signIn();
    const addressId = (await t.call('address', 'save', { name: 'Li', tel: '13800138000', country: 'China', province: 'Beijing', city: 'Beijing', district: 'Chaoyang', detail: 'Chaoyang 1' }, { token })).body.data.id;
    const id = await idOf('china-unicom-sim');
    const loaded = await load(id);
    const sku = await t.sku('SIM-CU-100');
    const order = await t.call('order', 'create', { items: [{ skuId: sku.id, quantity: 2, inputs: { paperCard: 'with_card' } }], addressId }, { token });
    expect(order.body.code).toBe(0);
    const edit = editOf(loaded);
    const res = await t.call('adminProduct', 'update', { ...edit, freight: 800 }, { token: staff.owner });
    expect(res.body.code).toBe(0);
    expect((await t.sku('SIM-CU-100')).stock).toBe(sku.stock! - 2);
    const again = editOf(res.body.data);
    const i = again.skus.findIndex((s) => s.code === 'SIM-CU-100');
    again.skus[i] = { ...again.skus[i]!, stock: 500 };
    expect((await t.call('adminProduct', 'update', again, { token: staff.owner })).body.code).toBe(0);
    expect((await t.sku('SIM-CU-100')).stock).toBe(500);
  });

  it('never takes a typed stock for a pool eSIM SKU; its stock stays its free codes', async () => {
    const id = await idOf('asia-esim');
    const p = await load(id);
    const edit = editOf(p);
    const res = await t.call('adminProduct', 'update', { ...edit, skus: edit.skus.map((s, i) => (i === 1 ? { ...s, stock: 99 } : s)) }, { token: staff.owner });
    expect(res.body).toMatchObject({ code: serverErrors.poolStockManual.code, field: 'skus.1.stock' });
    expect((await load(id)).skus.map((s) => s.stock)).toEqual(p.skus.map((s) => s.stock));
    // A save of other fields leaves the pool's stock as it is.
    const ok = await t.call('adminProduct', 'update', { ...edit, sort: 3 }, { token: staff.owner });
    expect(ok.body.code).toBe(0);
    expect(ok.body.data.skus.map((s) => s.stock)).toEqual(p.skus.map((s) => s.stock));
  });

  it('an eSIM that becomes a pool eSIM takes its stock from its free codes', async () => {
    const created = (await t.call('adminProduct', 'create', newProduct({ kind: 'esim', esimSource: 'smdp', requiredInputs: [] }), { token: staff.owner })).body.data;
    expect(created.skus.map((s) => s.stock)).toEqual([10, null]);
    const edit = editOf(created);
    const res = await t.call('adminProduct', 'update', { ...edit, esimSource: 'pool', skus: edit.skus.map((s) => ({ ...s, stock: null })) }, { token: staff.owner });
    expect(res.body.code).toBe(0);
    expect(res.body.data.skus.map((s) => [s.stock, s.pool])).toEqual([
      [0, { free: 0, assigned: 0, total: 0 }],
      [0, { free: 0, assigned: 0, total: 0 }],
    ]);
  });

  it('removes a SKU nobody holds, refuses to remove one with orders, and adds a new one', async () => {
    const created = (await t.call('adminProduct', 'create', newProduct(), { token: staff.owner })).body.data;
    const edit = editOf(created);
    const res = await t.call('adminProduct', 'update', { ...edit, skus: [edit.skus[0]!, { code: `${edit.skus[1]!.code}-B`, options: [1], price: 2500, wholesalePrice: null, stock: 3, soldOut: false, rechargeMb: null, dataMb: null, validityDays: null }] }, { token: staff.owner });
    expect(res.body.code).toBe(0);
    expect(res.body.data.skus.map((s) => s.code)).toEqual([edit.skus[0]!.code, `${edit.skus[1]!.code}-B`]);
    expect(await t.db.selectFrom('product_skus').select('id').where('code', '=', edit.skus[1]!.code).executeTakeFirst()).toBeUndefined();

    const id = await idOf('china-unicom-sim');
    const p = editOf(await load(id));
    const refused = await t.call('adminProduct', 'update', { ...p, skus: p.skus.filter((s) => s.code !== 'SIM-CU-100') }, { token: staff.owner });
    expect(refused.body).toMatchObject({ code: serverErrors.skuInUse.code, field: 'skus' });
    expect((await load(id)).skus).toHaveLength(2);
  });

  it('moves codes between SKUs of the product without a clash', async () => {
    const created = (await t.call('adminProduct', 'create', newProduct(), { token: staff.owner })).body.data;
    const edit = editOf(created);
    const [a, b] = edit.skus;
    const res = await t.call('adminProduct', 'update', { ...edit, skus: [{ ...a!, code: b!.code }, { ...b!, code: a!.code }] }, { token: staff.owner });
    expect(res.body.code).toBe(0);
    expect(res.body.data.skus.map((s) => [s.id, s.code])).toEqual([
      [a!.id, b!.code],
      [b!.id, a!.code],
    ]);
  });
});

describe('travel plans: coverage and plan facts', () => {
  /** An on-demand eSIM covering the Maldives and Sri Lanka, with networks in the Maldives. */
  const travelProduct = (overrides: Partial<ProductInput> = {}) =>
    newProduct({
      kind: 'esim',
      esimSource: 'smdp',
      requiredInputs: [],
      coverage: ['MV', 'LK'],
      plan: { networks: [{ country: 'MV', operators: ['Dhiraagu', 'Ooredoo'] }], hotspot: true, validityStarts: 'first-connection' },
      ...overrides,
    });
  const coveringIds = async (countries: string[]) => (await t.call('product', 'list', { i18n: 'en', countries, size: 100 })).body.data.items.map((p) => p.id);

  it('creates a plan the destination search and the goods page show, with its facts audited', async () => {
    expect(await coveringIds(['MV'])).toEqual([]);
    const input = travelProduct();
    const res = await t.call('adminProduct', 'create', input, { token: staff.operator });
    expect(res.body).toMatchObject({ code: 0, data: { coverage: ['MV', 'LK'], plan: input.plan } });
    const id = res.body.data.id;
    expect(await coveringIds(['MV'])).toEqual([id]);
    expect((await shopDetail(id)).data).toMatchObject({ coverage: ['MV', 'LK'], travel: input.plan });
    expect((await load(id)).coverage).toEqual(['MV', 'LK']);
    const [row] = await t.auditOf('product', id);
    expect(JSON.parse(row!.after_json!)).toMatchObject({ coverage: ['MV', 'LK'], plan: input.plan });
    const listed = (await t.call('adminProduct', 'list', { q: input.key }, { token: staff.owner })).body.data.items;
    expect(listed.map((p) => [p.key, p.coverageCount])).toEqual([[input.key, 2]]);
  });

  it('adds a destination: the shop finds it at once, the version rises, the audit row holds the change', async () => {
    const created = (await t.call('adminProduct', 'create', travelProduct(), { token: staff.owner })).body.data;
    // Cached by the shop before the change: the next request must not answer from it.
    expect(await coveringIds(['BT'])).not.toContain(created.id);
    await shopDetail(created.id);
    const edit = editOf(created);
    const plan = { networks: [...created.plan!.networks, { country: 'BT', operators: ['B-Mobile'] }], hotspot: false, validityStarts: 'install' as const };
    const res = await t.call('adminProduct', 'update', { ...edit, coverage: [...edit.coverage, 'BT'], plan }, { token: staff.owner });
    expect(res.body).toMatchObject({ code: 0, data: { version: created.version + 1, coverage: ['MV', 'LK', 'BT'], plan } });
    expect(await coveringIds(['BT'])).toContain(created.id);
    expect((await shopDetail(created.id)).data).toMatchObject({ coverage: ['MV', 'LK', 'BT'], travel: plan });
    const audit = (await t.auditOf('product', created.id)).at(-1)!;
    expect(audit).toMatchObject({ action: 'product.update', actor: 'owner@simshop.local' });
    expect(JSON.parse(audit.before_json!)).toEqual({ coverage: ['MV', 'LK'], plan: created.plan });
    expect(JSON.parse(audit.after_json!)).toEqual({ coverage: ['MV', 'LK', 'BT'], plan });

    // Taking every destination and the facts away takes it out of the search.
    const cleared = await t.call('adminProduct', 'update', { ...editOf(res.body.data), coverage: [], plan: null }, { token: staff.owner });
    expect(cleared.body).toMatchObject({ code: 0, data: { coverage: [], plan: null } });
    expect(await coveringIds(['BT'])).not.toContain(created.id);
    expect((await shopDetail(created.id)).data).toMatchObject({ coverage: [], travel: null });
  });

  const network = (country: string, operators = ['Op']) => ({ country, operators });
  const plan = (networks: Array<{ country: string; operators: string[] }>) => ({ networks, hotspot: true, validityStarts: 'first-connection' as const });
  const invalid: Array<[string, (p: ProductInput) => unknown, { code: number; field: string }]> = [
    ['a destination in lower case', (p) => ({ ...p, coverage: ['mv'] }), { code: serverErrors.paramInvalid.code, field: 'coverage.0' }],
    ['a code that is no country', (p) => ({ ...p, coverage: ['MV', 'ZZ'] }), { code: serverErrors.coverageInvalid.code, field: 'coverage.1' }],
    ['a destination twice', (p) => ({ ...p, coverage: ['MV', 'MV'], plan: null }), { code: serverErrors.coverageInvalid.code, field: 'coverage.1' }],
    ['no coverage at all', ({ coverage: _c, ...p }) => p, { code: serverErrors.paramMissing.code, field: 'coverage' }],
    ['plan facts on a recharge', (p) => ({ ...p, kind: 'recharge', coverage: [] }), { code: serverErrors.travelPlanNotApplicable.code, field: 'plan' }],
    ['destinations on a service', (p) => ({ ...p, kind: 'service', plan: null }), { code: serverErrors.travelPlanNotApplicable.code, field: 'coverage' }],
    ['a network outside the coverage', (p) => ({ ...p, plan: plan([network('JP')]) }), { code: serverErrors.networkOutsideCoverage.code, field: 'plan.networks.0.country' }],
    ['two networks entries for one destination', (p) => ({ ...p, plan: plan([network('MV'), network('MV', ['Other'])]) }), { code: serverErrors.networkOutsideCoverage.code, field: 'plan.networks.1.country' }],
    ['an unknown start of validity', (p) => ({ ...p, plan: { ...p.plan!, validityStarts: 'tomorrow' } }), { code: serverErrors.paramInvalid.code, field: 'plan.validityStarts' }],
    ['an operator name of 41 characters', (p) => ({ ...p, plan: plan([network('MV', ['x'.repeat(41)])]) }), { code: serverErrors.paramInvalid.code, field: 'plan.networks.0.operators.0' }],
    ['seven operators in one destination', (p) => ({ ...p, plan: plan([network('MV', ['a', 'b', 'c', 'd', 'e', 'f', 'g'])]) }), { code: serverErrors.paramInvalid.code, field: 'plan.networks.0.operators' }],
  ];
  for (const [what, change, expected] of invalid) {
    it(`refuses ${what} by its field, on create and on update, writing nothing`, async () => {
      const before = await countProducts();
      expect((await t.call('adminProduct', 'create', change(travelProduct()) as ProductInput, { token: staff.owner })).body).toMatchObject(expected);
      expect(await countProducts()).toBe(before);
    });
  }

  it('refuses a wrong update whole: the coverage, the facts and the version stay', async () => {
    const created = (await t.call('adminProduct', 'create', travelProduct(), { token: staff.owner })).body.data;
    const edit = editOf(created);
    const outside = await t.call('adminProduct', 'update', { ...edit, coverage: ['LK'] }, { token: staff.owner });
    expect(outside.body).toMatchObject({ code: serverErrors.networkOutsideCoverage.code, field: 'plan.networks.0.country' });
    // A check that needs the database fails after the product row was written in the transaction.
    const clash = await t.call('adminProduct', 'update', { ...edit, coverage: ['MV', 'LK', 'NP'], plan: { ...edit.plan!, hotspot: false }, skus: [{ ...edit.skus[0]!, code: 'SIM-CU-30' }, edit.skus[1]!] }, { token: staff.owner });
    expect(clash.body).toMatchObject({ code: serverErrors.alreadyExists.code, field: 'skus.0.code' });
    expect(await load(created.id)).toMatchObject({ version: created.version, coverage: ['MV', 'LK'], plan: created.plan });
    expect(await coveringIds(['NP'])).not.toContain(created.id);
    expect((await t.auditOf('product', created.id)).map((r) => r.action)).toEqual(['product.create']);
  });
});

describe('adminProduct set_on_sale', () => {
  it('takes a product off sale (the shop no longer has it) over its version, audited', async () => {
    const created = (await t.call('adminProduct', 'create', newProduct(), { token: staff.owner })).body.data;
    const off = await t.call('adminProduct', 'set_on_sale', { id: created.id, version: created.version, onSale: false }, { token: staff.operator });
    expect(off.body).toMatchObject({ code: 0, data: { onSale: false, version: created.version + 1 } });
    expect((await shopDetail(created.id)).code).toBe(serverErrors.productNotFound.code);
    expect((await t.auditOf('product', created.id)).at(-1)).toMatchObject({ action: 'product.set_on_sale', before_json: '{"onSale":true}', after_json: '{"onSale":false}' });
    const stale = await t.call('adminProduct', 'set_on_sale', { id: created.id, version: created.version, onSale: true }, { token: staff.owner });
    expect(stale.body).toMatchObject({ code: serverErrors.changedBySomeoneElse.code });
    expect((await t.call('adminProduct', 'set_on_sale', { id: 999_999, version: 1, onSale: true }, { token: staff.owner })).body).toMatchObject({ code: serverErrors.productNotFound.code });
  });
});
