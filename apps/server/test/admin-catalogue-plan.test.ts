import { PRODUCT_CSV_COLUMNS, serverErrors, type AdminProduct, type ProductInput } from '@simshop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { anOnDemandEsim, aSku, productEditOf } from './fixtures.ts';
import { useTestApp } from './harness.ts';

/**
 * A travel plan SKU's data and days (migration 0030's columns) as staff edit them: in the
 * console's save, with the contract's rules and catalogue errors, and in the product CSV with the
 * product's coverage and plan. Nothing is half-written when one field is wrong.
 */
const t = useTestApp();
let owner: string;
let support: string;
beforeAll(async () => {
  owner = (await t.staffSignIn('owner')).token;
  support = (await t.staffSignIn('support')).token;
});

const load = async (id: number) => (await t.call('adminProduct', 'get', { id }, { token: owner })).body.data as AdminProduct;
const shopSkus = async (id: number) => (await t.call('product', 'detail', { id })).body.data.skus;
const countProducts = async () => Number((await t.db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const skuRow = (code: string) => t.db.selectFrom('product_skus').select(['data_mb', 'validity_days']).where('code', '=', code).executeTakeFirst();

/** An on-demand eSIM with a 3 GB / 7 days SKU and an unlimited 30 days one. */
const planProduct = (overrides: Partial<ProductInput> = {}): ProductInput =>
  anOnDemandEsim('plan', (made) => ({
    specs: [{ name: { en: 'Plan', zh: '套餐' }, values: [{ en: '3 GB', zh: '3GB' }, { en: 'Unlimited', zh: '不限量' }] }],
    skus: [aSku({ code: `PE-${made}-3`, options: [0], price: 900, dataMb: 3000, validityDays: 7 }), aSku({ code: `PE-${made}-U`, options: [1], price: 2900, validityDays: 30 })],
    coverage: ['FR', 'DE'],
    plan: { networks: [{ country: 'FR', operators: ['Orange'] }], hotspot: true, validityStarts: 'first-connection' },
    ...overrides,
  }));

describe('SKU data and validity in the console', () => {
  it('creates a plan with data and days: the editor, the shop and the audit row have them', async () => {
    const input = planProduct();
    const res = await t.call('adminProduct', 'create', input, { token: owner });
    expect(res.body).toMatchObject({ code: 0 });
    const id = res.body.data.id;
    expect((await load(id)).skus.map((s) => [s.code, s.dataMb, s.validityDays])).toEqual([
      [input.skus[0]!.code, 3000, 7],
      [input.skus[1]!.code, null, 30],
    ]);
    expect((await shopSkus(id)).map((s) => [s.dataMb, s.validityDays])).toEqual([
      [3000, 7],
      [null, 30],
    ]);
    const [audit] = await t.auditOf('product', id);
    expect(JSON.parse(audit!.after_json!)).toMatchObject({ [`sku ${input.skus[0]!.code}`]: { dataMb: 3000, validityDays: 7 }, [`sku ${input.skus[1]!.code}`]: { dataMb: null, validityDays: 30 } });
  });

  it('changes data and days over the version: the shop shows them at once, the audit row holds the change', async () => {
    const created = (await t.call('adminProduct', 'create', planProduct(), { token: owner })).body.data;
    await shopSkus(created.id); // cached by the shop before the change
    const edit = productEditOf(created);
    const res = await t.call('adminProduct', 'update', { ...edit, skus: [{ ...edit.skus[0]!, dataMb: 5500, validityDays: 10 }, { ...edit.skus[1]!, dataMb: null, validityDays: null }] }, { token: owner });
    expect(res.body).toMatchObject({ code: 0, data: { version: created.version + 1 } });
    expect((await shopSkus(created.id)).map((s) => [s.dataMb, s.validityDays])).toEqual([
      [5500, 10],
      [null, null],
    ]);
    const audit = (await t.auditOf('product', created.id)).at(-1)!;
    expect(audit).toMatchObject({ action: 'product.update', actor: 'owner@simshop.local' });
    const [code3, codeU] = [created.skus[0]!.code, created.skus[1]!.code];
    expect(JSON.parse(audit.before_json!)).toEqual({ [`sku ${code3}`]: expect.objectContaining({ dataMb: 3000, validityDays: 7 }), [`sku ${codeU}`]: expect.objectContaining({ dataMb: null, validityDays: 30 }) });
    expect(JSON.parse(audit.after_json!)).toEqual({ [`sku ${code3}`]: expect.objectContaining({ dataMb: 5500, validityDays: 10 }), [`sku ${codeU}`]: expect.objectContaining({ dataMb: null, validityDays: null }) });
  });

  const sku0 = (p: ProductInput, change: Record<string, unknown>) => ({ ...p, skus: [{ ...p.skus[0]!, ...change }, p.skus[1]!] });
  const invalid: Array<[string, (p: ProductInput) => unknown, { code: number; field: string }]> = [
    ['0 days', (p) => sku0(p, { validityDays: 0 }), { code: serverErrors.skuValidityInvalid.code, field: 'skus.0.validityDays' }],
    ['366 days', (p) => sku0(p, { validityDays: 366 }), { code: serverErrors.skuValidityInvalid.code, field: 'skus.0.validityDays' }],
    ['half a day', (p) => sku0(p, { validityDays: 7.5 }), { code: serverErrors.skuValidityInvalid.code, field: 'skus.0.validityDays' }],
    ['0 MB', (p) => sku0(p, { dataMb: 0 }), { code: serverErrors.skuDataInvalid.code, field: 'skus.0.dataMb' }],
    ['more than 1000 GB', (p) => sku0(p, { dataMb: 1_000_001 }), { code: serverErrors.skuDataInvalid.code, field: 'skus.0.dataMb' }],
    ['a part of a MB', (p) => sku0(p, { dataMb: 1500.5 }), { code: serverErrors.skuDataInvalid.code, field: 'skus.0.dataMb' }],
    ['data without days', (p) => sku0(p, { validityDays: null }), { code: serverErrors.skuDataWithoutValidity.code, field: 'skus.0.dataMb' }],
    ['days on a recharge', (p) => ({ ...sku0(p, { dataMb: null }), kind: 'recharge', coverage: [], plan: null }), { code: serverErrors.travelPlanNotApplicable.code, field: 'skus.0.validityDays' }],
    ['days as text', (p) => sku0(p, { validityDays: '7' }), { code: serverErrors.paramInvalid.code, field: 'skus.0.validityDays' }],
    ['no data field', (p) => ({ ...p, skus: [{ ...p.skus[0]!, dataMb: undefined }, p.skus[1]!] }), { code: serverErrors.paramMissing.code, field: 'skus.0.dataMb' }],
  ];
  for (const [what, change, expected] of invalid) {
    it(`refuses ${what} by its field and catalogue error, on create and update, writing nothing`, async () => {
      const before = await countProducts();
      const input = planProduct();
      expect((await t.call('adminProduct', 'create', change(input) as ProductInput, { token: owner })).body).toMatchObject(expected);
      expect(await countProducts()).toBe(before);
      expect(await skuRow(input.skus[0]!.code)).toBeUndefined();

      const created = (await t.call('adminProduct', 'create', planProduct(), { token: owner })).body.data;
      const edit = productEditOf(created);
      expect((await t.call('adminProduct', 'update', { ...edit, ...(change(edit as unknown as ProductInput) as object) } as never, { token: owner })).body).toMatchObject(expected);
      expect(await load(created.id)).toMatchObject({ version: created.version, skus: [{ dataMb: 3000, validityDays: 7 }, { dataMb: null, validityDays: 30 }] });
      expect((await t.auditOf('product', created.id)).map((r) => r.action)).toEqual(['product.create']);
    });
  }

  it('is refused to support staff (catalogue.read only), changing nothing', async () => {
    const created = (await t.call('adminProduct', 'create', planProduct(), { token: owner })).body.data;
    const edit = productEditOf(created);
    const res = await t.call('adminProduct', 'update', { ...edit, skus: [{ ...edit.skus[0]!, validityDays: 14 }, edit.skus[1]!] }, { token: support });
    expect(res.body).toMatchObject({ code: serverErrors.permissionDenied.code });
    expect(await skuRow(created.skus[0]!.code)).toEqual({ data_mb: 3000, validity_days: 7 });
    expect((await t.call('adminProduct', 'create', planProduct(), { token: support })).body).toMatchObject({ code: serverErrors.permissionDenied.code });
  });
});

describe('product CSV with data, days, coverage and plan', () => {
  const header = PRODUCT_CSV_COLUMNS.join(',');
  /** A row by column name; the rest empty. */
  const row = (values: Partial<Record<(typeof PRODUCT_CSV_COLUMNS)[number], string>>) => PRODUCT_CSV_COLUMNS.map((c) => values[c] ?? '').join(',');
  const europe = { product: 'europe-csv', kind: 'esim', name_en: 'Europe CSV', name_zh: '欧洲CSV', currency: 'USD', esim_source: 'smdp', spec_en: 'Plan', spec_zh: '套餐' };

  it('imports a travel plan product with each SKU’s data and days, audited', async () => {
    const csv = [
      header,
      row({ ...europe, sku: 'EU-CSV-5', price: '9.90', option_en: '5 GB', option_zh: '5GB', data_mb: '5000', validity_days: '15', coverage: 'fr;DE; IT', networks: '"FR:Orange|SFR;DE:Telekom"', hotspot: 'yes', validity_starts: 'install' }),
      row({ ...europe, sku: 'EU-CSV-U', price: '19.90', option_en: 'Unlimited', option_zh: '不限量', data_mb: 'unlimited', validity_days: '30' }),
    ].join('\n');
    const res = await t.call('adminProduct', 'import_products', { csv }, { token: owner });
    expect(res.body).toMatchObject({ code: 0, data: { products: 1, skusAdded: 2 } });
    const id = (await t.db.selectFrom('products').select('id').where('key', '=', 'europe-csv').executeTakeFirstOrThrow()).id;
    const p = await load(id);
    expect(p).toMatchObject({ coverage: ['FR', 'DE', 'IT'], plan: { networks: [{ country: 'FR', operators: ['Orange', 'SFR'] }, { country: 'DE', operators: ['Telekom'] }], hotspot: true, validityStarts: 'install' } });
    expect(p.skus.map((s) => [s.code, s.dataMb, s.validityDays])).toEqual([
      ['EU-CSV-5', 5000, 15],
      ['EU-CSV-U', null, 30],
    ]);
    expect((await t.call('product', 'list', { i18n: 'en', countries: ['IT'], size: 100 })).body.data.items.map((x) => x.id)).toContain(id);
    expect(JSON.parse((await t.auditOf('product', id))[0]!.after_json!)).toMatchObject({ coverage: ['FR', 'DE', 'IT'], skuPlans: { 'EU-CSV-5': { dataMb: 5000, validityDays: 15 } } });

    // Existing SKUs: new data and days with the columns; a file without them leaves them alone.
    const again = await t.call('adminProduct', 'import_products', { csv: [header, row({ ...europe, sku: 'EU-CSV-5', price: '9.90', data_mb: '6000', validity_days: '20' })].join('\n') }, { token: owner });
    expect(again.body).toMatchObject({ code: 0, data: { skusUpdated: 1 } });
    expect(await skuRow('EU-CSV-5')).toEqual({ data_mb: 6000, validity_days: 20 });
    expect(JSON.parse((await t.auditOf('product', id)).at(-1)!.after_json!)).toEqual({ 'sku EU-CSV-5': { price: 990, wholesalePrice: null, stock: null, dataMb: 6000, validityDays: 20 } });
    const old = await t.call('adminProduct', 'import_products', { csv: 'product,sku,kind,name_en,currency,price\neurope-csv,EU-CSV-5,esim,Europe CSV,USD,8' }, { token: owner });
    expect(old.body).toMatchObject({ code: 0, data: { skusUpdated: 1 } });
    expect(await skuRow('EU-CSV-5')).toEqual({ data_mb: 6000, validity_days: 20 });
  });

  it('refuses a wrong row by its line and catalogue words, importing nothing', async () => {
    const before = await countProducts();
    const good = row({ ...europe, product: 'ok-plan', sku: 'OK-PLAN-1', price: '5', data_mb: '1000', validity_days: '7', coverage: 'FR', validity_starts: 'purchase' });
    const bad = (values: Parameters<typeof row>[0]) => row({ ...europe, product: 'bad-plan', sku: 'BAD-PLAN-1', price: '5', ...values });
    const cases: Array<[string, number, RegExp]> = [
      [[header, good, bad({ validity_days: '400' })].join('\n'), 3, /^validity_days: Validity is a whole number of days from 1 to 365/],
      [[header, good, '', bad({ data_mb: '0', validity_days: '7' })].join('\n'), 4, /^data_mb: Data is a whole number of MB/],
      [[header, good, bad({ data_mb: '2000' })].join('\n'), 3, /^data_mb: A data allowance needs its validity/],
      [[header, good, bad({ data_mb: 'lots', validity_days: '7' })].join('\n'), 3, /^data_mb/],
      [[header, good, bad({ kind: 'recharge', esim_source: '', validity_days: '7' })].join('\n'), 3, /^validity_days: Only eSIMs and SIM cards are travel plans/],
      [[header, good, bad({ coverage: 'FR;XX' })].join('\n'), 3, /^coverage.1: Choose each destination/],
      [[header, good, bad({ coverage: 'FR', networks: 'DE:Telekom', validity_starts: 'install' })].join('\n'), 3, /^plan.networks.0.country: Name the networks/],
      [[header, good, bad({ coverage: 'FR', networks: 'FR Orange', validity_starts: 'install' })].join('\n'), 3, /^networks/],
      [[header, good, bad({ coverage: 'FR', hotspot: 'yes' })].join('\n'), 3, /^validity_starts: say when/],
      [[header, good, bad({ coverage: 'FR', validity_starts: 'tomorrow' })].join('\n'), 3, /^validity_starts/],
    ];
    for (const [csv, line, reason] of cases) {
      const res = await t.call('adminProduct', 'import_products', { csv }, { token: owner });
      expect(res.body).toMatchObject({ code: serverErrors.importRowInvalid.code, field: 'csv', data: { line } });
      expect((res.body.data as unknown as { reason: string }).reason).toMatch(reason);
    }
    expect(await countProducts()).toBe(before);
    expect(await skuRow('OK-PLAN-1')).toBeUndefined();

    // An existing SKU's row is checked against its own product's kind (SIM-CU-30 is a SIM card: a plan is allowed; RCH-5 a recharge).
    const mixed = [header, row({ product: 'china-unicom-sim', sku: 'SIM-CU-30', kind: 'sim', name_en: 'x', currency: 'CNY', price: '59', validity_days: '30' }), row({ product: 'recharge', sku: 'RCH-5', kind: 'esim', name_en: 'x', currency: 'CNY', price: '5', validity_days: '30' })].join('\n');
    const refused = await t.call('adminProduct', 'import_products', { csv: mixed }, { token: owner });
    expect(refused.body).toMatchObject({ code: serverErrors.importRowInvalid.code });
    expect(await skuRow('SIM-CU-30')).toEqual({ data_mb: null, validity_days: null });
  });

  it("takes each SKU's prices in the other currency: the shop shows them there; a product half priced in it is refused", async () => {
    const cny = (sku: string, price: string, option: string, more: Parameters<typeof row>[0] = {}) => row({ ...europe, product: 'yuan-csv', sku, price, option_en: option, validity_days: '7', data_mb: '1000', price_cny: price === '5' ? '36' : '72', ...more });
    const res = await t.call('adminProduct', 'import_products', { csv: [header, cny('YUAN-1', '5', 'Small'), cny('YUAN-2', '10', 'Large', { wholesale_price_cny: '60' })].join('\n') }, { token: owner });
    expect(res.body).toMatchObject({ code: 0, data: { products: 1, skusAdded: 2 } });
    const id = (await t.db.selectFrom('products').select('id').where('key', '=', 'yuan-csv').executeTakeFirstOrThrow()).id;
    expect((await load(id)).skus.map((s) => [s.code, s.price, s.prices])).toEqual([
      ['YUAN-1', 500, { CNY: { price: 3600, wholesalePrice: null } }],
      ['YUAN-2', 1000, { CNY: { price: 7200, wholesalePrice: 6000 } }],
    ]);
    const shown = (await t.call('product', 'detail', { id, i18n: 'zh-Hans' })).body.data;
    expect([shown.currency, shown.skus.map((s: { price: number }) => s.price)]).toEqual(['CNY', [3600, 7200]]);

    // An update changes the yuan price, audited; a file without the columns leaves it alone.
    expect((await t.call('adminProduct', 'import_products', { csv: [header, cny('YUAN-1', '5', 'Small', { price_cny: '30' })].join('\n') }, { token: owner })).body.code).toBe(0);
    expect(JSON.parse((await t.auditOf('product', id)).at(-1)!.after_json!)).toMatchObject({ 'sku YUAN-1': { prices: { CNY: { price: 3000, wholesalePrice: null } } } });
    expect((await t.call('adminProduct', 'import_products', { csv: 'product,sku,kind,name_en,currency,price\nyuan-csv,YUAN-1,esim,Europe CSV,USD,6' }, { token: owner })).body.code).toBe(0);
    expect((await load(id)).skus[0]).toMatchObject({ price: 600, prices: { CNY: { price: 3000, wholesalePrice: null } } });

    // Refused by line: one SKU without the yuan price, the own currency's column, a wholesale price alone.
    const before = await countProducts();
    const refused: Array<[string, number, RegExp]> = [
      [[header, cny('HALF-1', '5', 'Small', { product: 'half' }), cny('HALF-2', '10', 'Large', { product: 'half', price_cny: '' })].join('\n'), 3, /^price_cny: /],
      [[header, cny('OWN-1', '5', 'Small', { product: 'own', price_usd: '5' })].join('\n'), 2, /^price_usd: the product is priced in USD/],
      [[header, cny('ALONE-1', '5', 'Small', { product: 'alone', price_cny: '', wholesale_price_cny: '30' })].join('\n'), 2, /^wholesale_price_cny: give price_cny too/],
    ];
    for (const [csv, line, reason] of refused) {
      const r = await t.call('adminProduct', 'import_products', { csv }, { token: owner });
      expect(r.body).toMatchObject({ code: serverErrors.importRowInvalid.code, data: { line } });
      expect((r.body.data as unknown as { reason: string }).reason).toMatch(reason);
    }
    expect(await countProducts()).toBe(before);
  });

  it('is refused to support staff', async () => {
    const csv = [header, row({ ...europe, product: 'support-plan', sku: 'SUP-PLAN-1', price: '5', validity_days: '7' })].join('\n');
    expect((await t.call('adminProduct', 'import_products', { csv }, { token: support })).body).toMatchObject({ code: serverErrors.permissionDenied.code });
    expect(await skuRow('SUP-PLAN-1')).toBeUndefined();
  });
});
