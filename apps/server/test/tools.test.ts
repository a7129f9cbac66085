import { serverErrors, TOOL_IDS } from '@simshop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';

const t = useTestApp();
let owner: string;
beforeAll(async () => {
  owner = (await t.staffSignIn('owner')).token;
});

const shown = async () => (await t.call('tools', 'list', {})).body.data!.items.map((i) => i.id);
const current = async (token = owner) => (await t.call('adminTools', 'list', {}, { token })).body.data!;
const save = (version: number | null, items: { id: string; enabled: boolean }[], token = owner) => t.call('adminTools', 'save', { version, items }, { token, ip: '192.0.2.14' });

describe('tools list and the owner’s settings', () => {
  it('shows every tool in the built-in order before the owner saves', async () => {
    expect(await shown()).toEqual([...TOOL_IDS]);
    expect(await current()).toEqual({ items: TOOL_IDS.map((id) => ({ id, enabled: true })), updatedAt: null });
  });

  it('saves the order and which tools show, audited; the shop shows only the enabled ones in that order', async () => {
    const items = [
      { id: 'apn', enabled: true },
      { id: 'esim-check', enabled: true },
      { id: 'number-check', enabled: false },
      { id: 'data-estimator', enabled: true },
    ];
    const res = await save(null, items);
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    expect(res.body.data!.items).toEqual(items);
    expect(await shown()).toEqual(['apn', 'esim-check', 'data-estimator']);
    const audit = await t.auditOf('settings', 'tools');
    expect(audit.at(-1)).toMatchObject({ action: 'settings.tools', actor: 'owner@simshop.local', ip: '192.0.2.14', before_json: null });
    expect(JSON.parse(audit.at(-1)!.after_json!)).toEqual({ items });

    const again = await save(res.body.data!.updatedAt, TOOL_IDS.map((id) => ({ id, enabled: id !== 'apn' })));
    expect(again.body.code).toBe(0);
    expect(again.body.data!.updatedAt).toBeGreaterThan(res.body.data!.updatedAt!);
    expect(await shown()).toEqual(['esim-check', 'number-check', 'data-estimator']);
    expect(JSON.parse((await t.auditOf('settings', 'tools')).at(-1)!.before_json!)).toEqual({ items });
  });

  it('refuses a save over an older version, writing nothing', async () => {
    const before = await current();
    const audits = (await t.auditOf('settings', 'tools')).length;
    const stale = await save(before.updatedAt! - 1, TOOL_IDS.map((id) => ({ id, enabled: true })));
    expect(stale.body).toMatchObject({ code: serverErrors.changedBySomeoneElse.code, field: 'version' });
    const first = await save(null, TOOL_IDS.map((id) => ({ id, enabled: true })));
    expect(first.body.code).toBe(serverErrors.changedBySomeoneElse.code);
    expect(await current()).toEqual(before);
    expect(await t.auditOf('settings', 'tools')).toHaveLength(audits);
  });

  it('refuses a list that leaves a tool out, repeats one or names an unknown one', async () => {
    const before = await current();
    const all = TOOL_IDS.map((id) => ({ id, enabled: true }));
    for (const items of [all.slice(1), [...all.slice(1), all[1]!], [...all.slice(1), { id: 'weather', enabled: true }]]) {
      expect((await save(before.updatedAt, items)).body.code, JSON.stringify(items)).toBe(serverErrors.paramInvalid.code);
    }
    expect((await t.call('adminTools', 'save', { items: all }, { token: owner })).body).toMatchObject({ code: serverErrors.paramMissing.code, field: 'version' });
    expect(await current()).toEqual(before);
  });

  it('is the owner’s: other staff roles and customers are refused reading and saving', async () => {
    const before = await current();
    for (const role of ['operator', 'support', 'finance'] as const) {
      const token = (await t.staffSignIn(role)).token;
      expect((await t.call('adminTools', 'list', {}, { token })).body.code, role).toBe(serverErrors.permissionDenied.code);
      expect((await save(before.updatedAt, TOOL_IDS.map((id) => ({ id, enabled: false })), token)).body.code, role).toBe(serverErrors.permissionDenied.code);
    }
    const customer = await t.signIn();
    expect((await t.call('adminTools', 'list', {}, { token: customer.token })).body.code).not.toBe(0);
    expect((await t.call('adminTools', 'list', {})).body.code).not.toBe(0);
    expect(await current()).toEqual(before);
  });
});

describe('data estimator plans', () => {
  it('lists the plans on sale with enough data and days, cheapest first', async () => {
    const res = await t.call('tools', 'plans', { days: 7, mb: 4096, i18n: 'en' });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    const items = res.body.data!.items;
    expect(items.length).toBeGreaterThan(0);
    for (const plan of items) {
      expect(plan.dataMb === null || plan.dataMb >= 4096).toBe(true);
      expect(plan.days).toBeGreaterThanOrEqual(7);
    }
    const usd = items.filter((p) => p.currency === 'USD').map((p) => p.price);
    expect(usd).toEqual([...usd].sort((a, b) => a - b));
    // The Asia eSIM's 5 GB / 7 days SKU fits a 4 GB week; its 5 GB plans do not fit 6 GB.
    const asia5 = await t.sku('ESIM-ASIA-5-7');
    expect(items.map((p) => p.skuId)).toContain(asia5.id);
    const more = (await t.call('tools', 'plans', { days: 7, mb: 6144, i18n: 'en' })).body.data!.items;
    expect(more.map((p) => p.skuId)).not.toContain(asia5.id);
  });

  it('answers in Chinese too and finds nothing for a trip no plan covers', async () => {
    const zh = (await t.call('tools', 'plans', { days: 7, mb: 4096, i18n: 'zh-Hans' })).body.data!.items;
    expect(zh.some((p) => p.name === '亚洲eSIM')).toBe(true);
    expect((await t.call('tools', 'plans', { days: 365, mb: 9_000_000, i18n: 'en' })).body.data!.items).toEqual([]);
  });

  it('prices the plans in the currency asked for where they have a price in it', async () => {
    const asia = await t.sku('ESIM-ASIA-5-7');
    const skus = await t.db.selectFrom('product_skus').select(['id', 'price']).where('product_id', '=', asia.productId).execute();
    const planOf = async (body: Record<string, unknown>) => (await t.call('tools', 'plans', { days: 7, mb: 4096, ...body })).body.data!.items.find((p) => p.skuId === asia.id);
    try {
      for (const sku of skus) await t.db.updateTable('product_skus').set({ prices: JSON.stringify({ CNY: { price: sku.price * 7, wholesalePrice: null } }) }).where('id', '=', sku.id).execute();
      expect(await planOf({ i18n: 'en', currency: 'CNY' })).toMatchObject({ price: 990 * 7, currency: 'CNY' });
      expect(await planOf({ i18n: 'zh-Hans', currency: 'USD' })).toMatchObject({ price: 990, currency: 'USD' });
      expect(await planOf({ i18n: 'zh-Hans' })).toMatchObject({ currency: 'CNY' });
    } finally {
      await t.db.updateTable('product_skus').set({ prices: '{}' }).where('product_id', '=', asia.productId).execute();
    }
  });

  it('refuses a trip of no days or a negative need', async () => {
    expect((await t.call('tools', 'plans', { days: 0, mb: 100 })).body.code).toBe(serverErrors.paramInvalid.code);
    expect((await t.call('tools', 'plans', { days: 3, mb: -1 })).body.code).toBe(serverErrors.paramInvalid.code);
    expect((await t.call('tools', 'plans', { days: 3 })).body.code).toBe(serverErrors.paramMissing.code);
  });
});

describe('APN settings', () => {
  it('lists the settings of the networks the catalogue uses', async () => {
    const res = await t.call('tools', 'apn', {});
    expect(res.body.code).toBe(0);
    const items = res.body.data!.items;
    expect(items).toContainEqual({ operator: 'China Unicom', country: 'CN', apn: '3gnet', username: null, password: null });
    expect(items).toContainEqual({ operator: 'SoftBank', country: 'JP', apn: 'plus.4g', username: 'plus', password: '4g' });
    // Operators no plan of the catalogue uses are not listed.
    expect(items.map((i) => i.operator)).not.toContain('China Telecom');
  });
});
