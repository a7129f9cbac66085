import { serverErrors, type AdminProduct, type ProductInput } from '@simshop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { anOnDemandEsim, productEditOf } from './fixtures.ts';
import { useTestApp } from './harness.ts';

/**
 * The add-on family as staff set it on a product: saved, shown in the list, audited, refused on a
 * kind that has none or when too long (nothing written), and the key that makes "Add data" offer
 * an add-on on the eSIMs of the same family.
 */
const t = useTestApp();
let owner: string;
let support: string;
beforeAll(async () => {
  owner = (await t.staffSignIn('owner')).token;
  support = (await t.staffSignIn('support')).token;
});

const esimProduct = (overrides: Partial<ProductInput> = {}): ProductInput => anOnDemandEsim('family', () => ({ coverage: ['JP'], ...overrides }));
const countProducts = async () => Number((await t.db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const listed = async (id: number) => (await t.call('adminProduct', 'list', { pageSize: 100, sortField: 'updatedAt', sortOrder: 'desc' }, { token: owner })).body.data.items.find((p) => p.id === id);


describe('add-on family in the console', () => {
  it('saves a family on an eSIM product and on an add-on, lists it, and audits each change', async () => {
    const created = await t.call('adminProduct', 'create', esimProduct({ addonFamily: '  japan-docomo ' }), { token: owner });
    expect(created.body).toMatchObject({ code: 0, data: { addonFamily: 'japan-docomo' } });
    const product = created.body.data as AdminProduct;
    expect((await listed(product.id))?.addonFamily).toBe('japan-docomo');
    expect(JSON.parse((await t.auditOf('product', product.id))[0]!.after_json!)).toMatchObject({ addonFamily: 'japan-docomo' });

    const updated = await t.call('adminProduct', 'update', { ...productEditOf(product), addonFamily: 'japan' }, { token: owner });
    expect(updated.body).toMatchObject({ code: 0, data: { addonFamily: 'japan' } });
    const change = (await t.auditOf('product', product.id)).at(-1)!;
    expect(change.action).toBe('product.update');
    expect([JSON.parse(change.before_json!).addonFamily, JSON.parse(change.after_json!).addonFamily]).toEqual(['japan-docomo', 'japan']);

    // Empty clears it.
    const cleared = await t.call('adminProduct', 'update', { ...productEditOf(updated.body.data as AdminProduct), addonFamily: '' }, { token: owner });
    expect(cleared.body).toMatchObject({ code: 0, data: { addonFamily: null } });

    const addon = await t.call('adminProduct', 'create', esimProduct({ kind: 'esim_addon', coverage: [], addonFamily: 'japan' }), { token: owner });
    expect(addon.body).toMatchObject({ code: 0, data: { kind: 'esim_addon', addonFamily: 'japan' } });
  });

  it('refuses a family on a kind that has none, one too long, and a role that may not edit: nothing written', async () => {
    const before = await countProducts();
    const sim = await t.call('adminProduct', 'create', esimProduct({ kind: 'sim', esimSource: 'pool', coverage: [], addonFamily: 'asia' }), { token: owner });
    expect(sim.body).toMatchObject({ code: serverErrors.addonFamilyNotApplicable.code, field: 'addonFamily' });
    const long = await t.call('adminProduct', 'create', esimProduct({ addonFamily: 'x'.repeat(41) }), { token: owner });
    expect(long.body.code).toBe(serverErrors.paramInvalid.code);
    expect((await t.call('adminProduct', 'create', esimProduct({ addonFamily: 'asia' }), { token: support })).body.code).toBe(serverErrors.permissionDenied.code);
    expect(await countProducts()).toBe(before);
  });
});
