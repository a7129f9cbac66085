import { contrastRatio, labelColorReadable, serverErrors } from '@simshop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';
import { staffTokens } from './staff-tokens.ts';

const t = useTestApp();
let owner = '';
let operator = '';
let support = '';
beforeAll(async () => {
  ({ owner, operator, support } = await staffTokens(t));
});

const productId = async (key: string) => (await t.db.selectFrom('products').select('id').where('key', '=', key).executeTakeFirstOrThrow()).id;
const labelRow = (id: number) => t.db.selectFrom('labels').selectAll().where('id', '=', id).executeTakeFirst();
const create = (body: Record<string, unknown>, token = operator) => t.call('adminLabel', 'create', body as never, { token });

describe('colour contrast', () => {
  it('accepts a colour white text keeps 4.5:1 on, and no lighter one', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(labelColorReadable('#1f6f43')).toBe(true);
    expect(labelColorReadable('#767676')).toBe(true);
    expect(labelColorReadable('#777777')).toBe(false);
    expect(labelColorReadable('#ffcc00')).toBe(false);
  });
});

describe('the shop', () => {
  it('shows the seeded labels on cards and the goods page, in the caller\'s language', async () => {
    const en = (await t.call('product', 'list', { page: 1, size: 50, i18n: 'en' })).body.data;
    const asia = en.items.find((p) => p.name === 'Asia eSIM')!;
    expect(asia.labels).toEqual([
      { id: expect.any(Number), text: 'Instant delivery', color: expect.stringMatching(/^#[0-9a-f]{6}$/) },
      { id: expect.any(Number), text: 'Hotspot', color: expect.stringMatching(/^#[0-9a-f]{6}$/) },
    ]);
    const zh = (await t.call('product', 'detail', { id: await productId('asia-esim'), i18n: 'zh-Hans' })).body.data;
    expect(zh.labels.map((l) => l.text)).toEqual(['即时发货', '支持热点']);
    const labels = (await t.call('label', 'list', { i18n: 'zh-Hans' })).body.data.items;
    expect(labels.map((l) => l.text)).toEqual(expect.arrayContaining(['即时发货', '支持热点', '24小时发货']));
  });

  it('lists the products carrying a label; a label page says an unknown label does not exist', async () => {
    const hotspot = (await t.db.selectFrom('labels').select('id').where('text_en', '=', 'Hotspot').executeTakeFirstOrThrow()).id;
    const list = (await t.call('product', 'list', { page: 1, size: 20, labelId: hotspot, i18n: 'en' })).body.data;
    expect(list.total).toBe(1);
    expect(list.items.map((p) => p.name)).toEqual(['Asia eSIM']);
    expect((await t.call('label', 'detail', { id: hotspot, i18n: 'en' })).body.data).toEqual({ id: hotspot, text: 'Hotspot', color: expect.any(String) });
    expect((await t.call('label', 'detail', { id: 999_999 })).body).toMatchObject({ code: serverErrors.labelNotFound.code, field: 'id' });
    expect((await t.call('product', 'list', { page: 1, size: 20, labelId: 999_999 })).body.data).toMatchObject({ items: [], total: 0 });
    expect((await t.call('product', 'list', { page: 1, size: 20, labelId: -1 } as never)).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'labelId' });
    expect((await t.call('label', 'detail', { id: 'x' } as never)).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'id' });
  });

  it('leaves products off sale out of a label\'s list', async () => {
    const label = (await create({ text: { en: 'Off sale test', zh: '下架测试' }, color: '#175cd3' })).body.data;
    const id = await productId('europe-esim');
    await t.db.insertInto('product_labels').values({ product_id: id, label_id: label.id }).execute();
    expect((await t.call('product', 'list', { page: 1, size: 20, labelId: label.id })).body.data.total).toBe(1);
    await t.db.updateTable('products').set({ on_sale: 0 }).where('id', '=', id).execute();
    expect((await t.call('product', 'list', { page: 1, size: 20, labelId: label.id })).body.data.total).toBe(0);
    await t.db.updateTable('products').set({ on_sale: 1 }).where('id', '=', id).execute();
  });
});

describe('adminLabel', () => {
  it('creates a label with an audit row; lists it with its product count', async () => {
    const res = await create({ text: { en: ' Best seller ', zh: '热销' }, color: '#B42318', sort: 5 });
    expect(res.body).toMatchObject({ code: 0, data: { text: { en: 'Best seller', zh: '热销' }, color: '#b42318', sort: 5, products: 0 } });
    const id = res.body.data.id;
    expect(await t.auditOf('label', id)).toMatchObject([{ action: 'label.create', actor: 'operator@simshop.local' }]);
    const list = (await t.call('adminLabel', 'list', {}, { token: support })).body.data.items;
    expect(list.find((l) => l.id === id)).toMatchObject({ products: 0 });
    expect(list.find((l) => l.text.en === 'Hotspot')).toMatchObject({ products: 1 });
  });

  const invalid: Array<[string, Record<string, unknown>, { code: number; field: string }]> = [
    ['no English text', { text: { en: '', zh: '新' }, color: '#1f6f43' }, { code: serverErrors.paramInvalid.code, field: 'text.en' }],
    ['no Chinese text', { text: { en: 'New' }, color: '#1f6f43' }, { code: serverErrors.paramMissing.code, field: 'text.zh' }],
    ['a text over 20 characters', { text: { en: 'x'.repeat(21), zh: '新' }, color: '#1f6f43' }, { code: serverErrors.paramInvalid.code, field: 'text.en' }],
    ['a colour that is not #rrggbb', { text: { en: 'New', zh: '新' }, color: 'green' }, { code: serverErrors.paramInvalid.code, field: 'color' }],
    ['a colour white text is unreadable on', { text: { en: 'New', zh: '新' }, color: '#ffcc00' }, { code: serverErrors.labelColorUnreadable.code, field: 'color' }],
    ['an English text another label has (any case)', { text: { en: 'hotspot', zh: '新' }, color: '#1f6f43' }, { code: serverErrors.alreadyExists.code, field: 'text.en' }],
    ['a Chinese text another label has', { text: { en: 'New', zh: '支持热点' }, color: '#1f6f43' }, { code: serverErrors.alreadyExists.code, field: 'text.zh' }],
    ['a negative order', { text: { en: 'New', zh: '新' }, color: '#1f6f43', sort: -1 }, { code: serverErrors.paramInvalid.code, field: 'sort' }],
  ];
  it.each(invalid)('refuses %s, writing nothing', async (_, body, expected) => {
    const before = Number((await t.db.selectFrom('labels').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    expect((await create(body)).body).toMatchObject(expected);
    expect(Number((await t.db.selectFrom('labels').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)).toBe(before);
  });

  it('updates a label (audited with what changed); refuses nothing changed, unknown ids and an unreadable colour', async () => {
    const { id } = (await create({ text: { en: 'Promo', zh: '促销' }, color: '#6941c6' })).body.data;
    const res = await t.call('adminLabel', 'update', { id, text: { en: 'Promo', zh: '优惠' }, color: '#175cd3', sort: 3 }, { token: owner });
    expect(res.body.data).toMatchObject({ id, text: { en: 'Promo', zh: '优惠' }, color: '#175cd3', sort: 3 });
    const [, row] = await t.auditOf('label', id);
    expect(row).toMatchObject({ action: 'label.update', actor: 'owner@simshop.local' });
    expect(JSON.parse(row!.before_json!)).toEqual({ text: { en: 'Promo', zh: '促销' }, color: '#6941c6', sort: 0 });
    expect((await t.call('adminLabel', 'update', { id, text: { en: 'Promo', zh: '优惠' }, color: '#175cd3', sort: 3 }, { token: owner })).body).toMatchObject({ code: serverErrors.nothingChanged.code });
    expect((await t.call('adminLabel', 'update', { id: 999_999, text: { en: 'A', zh: 'B' }, color: '#175cd3', sort: 0 }, { token: owner })).body).toMatchObject({ code: serverErrors.labelNotFound.code, field: 'id' });
    expect((await t.call('adminLabel', 'update', { id, text: { en: 'Promo', zh: '优惠' }, color: '#eeeeee', sort: 3 }, { token: owner })).body).toMatchObject({ code: serverErrors.labelColorUnreadable.code, field: 'color' });
    // Its own texts are not "taken".
    expect((await t.call('adminLabel', 'update', { id, text: { en: 'PROMO', zh: '优惠' }, color: '#175cd3', sort: 3 }, { token: owner })).body.code).toBe(0);
    expect((await labelRow(id))?.color).toBe('#175cd3');
  });

  it('deletes a label, taking it off its products; the audit row names them', async () => {
    const { id } = (await create({ text: { en: 'Gone soon', zh: '即将删除' }, color: '#1f6f43' })).body.data;
    const global = await productId('global-esim');
    await t.db.insertInto('product_labels').values({ product_id: global, label_id: id }).execute();
    expect((await t.call('adminLabel', 'delete', { id }, { token: owner })).body).toMatchObject({ code: 0, data: { ok: true } });
    expect(await labelRow(id)).toBeUndefined();
    expect(await t.db.selectFrom('product_labels').selectAll().where('label_id', '=', id).execute()).toEqual([]);
    const [, row] = await t.auditOf('label', id);
    expect(JSON.parse(row!.before_json!)).toMatchObject({ text: { en: 'Gone soon' }, productIds: [global] });
    expect((await t.call('adminLabel', 'delete', { id }, { token: owner })).body).toMatchObject({ code: serverErrors.labelNotFound.code });
  });

  it('refuses support staff (catalogue read only) any change', async () => {
    const res = await create({ text: { en: 'Support', zh: '客服' }, color: '#1f6f43' }, support);
    expect(res.body.code).toBe(serverErrors.permissionDenied.code);
    expect(await t.db.selectFrom('labels').select('id').where('text_en', '=', 'Support').executeTakeFirst()).toBeUndefined();
  });
});

describe('labels in the product editor', () => {
  it('puts labels on a product and takes them off, audited with the product; an unknown label is refused whole', async () => {
    const id = await productId('phone-unlock');
    const product = (await t.call('adminProduct', 'get', { id }, { token: owner })).body.data;
    const { history: _h, createdAt: _c, updatedAt: _u, labels: _l, ...rest } = product;
    const input = { ...rest, labelIds: [] as number[], images: product.images, skus: product.skus.map(({ pool: _p, ...s }) => ({ ...s, loadedStock: s.stock })) };
    const a = (await create({ text: { en: 'Editor A', zh: '编辑A' }, color: '#1f6f43', sort: 2 })).body.data;
    const b = (await create({ text: { en: 'Editor B', zh: '编辑B' }, color: '#b42318', sort: 1 })).body.data;

    const refused = await t.call('adminProduct', 'update', { ...input, labelIds: [a.id, 999_999] } as never, { token: operator });
    expect(refused.body).toMatchObject({ code: serverErrors.labelNotFound.code, field: 'labelIds.1' });
    expect((await t.call('adminProduct', 'get', { id }, { token: owner })).body.data.version).toBe(product.version);

    const saved = await t.call('adminProduct', 'update', { ...input, labelIds: [a.id, b.id] } as never, { token: operator });
    expect(saved.body.code).toBe(0);
    // In the labels' order, whatever order they were picked in.
    expect(saved.body.data.labels.map((l: { id: number }) => l.id)).toEqual([b.id, a.id]);
    const audit = (await t.auditOf('product', id)).at(-1)!;
    expect(JSON.parse(audit.after_json!).labels.map((l: { id: number }) => l.id)).toEqual([b.id, a.id]);
    const shop = (await t.call('product', 'detail', { id, i18n: 'zh-Hans' })).body.data;
    expect(shop.labels.map((l) => l.text)).toEqual(['编辑B', '编辑A']);

    const cleared = await t.call('adminProduct', 'update', { ...input, version: saved.body.data.version, labelIds: [] } as never, { token: operator });
    expect(cleared.body.data.labels).toEqual([]);
    const filtered = (await t.call('adminProduct', 'list', { labelId: a.id }, { token: owner })).body.data;
    expect(filtered.total).toBe(0);
  });
});
