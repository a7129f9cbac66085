import { EsimClass, InstallLogType, Role, serverErrors } from '@simshop/contract';
import { creditBalance } from '../src/modules/balance/balance.service.ts';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useFakeUpstream } from './fake-upstream.ts';
import { useTestApp } from './harness.ts';

/**
 * Data left and days left on an eSIM's page. The plan comes from what was bought (the
 * SKU's allowance and days, the product's start rule), the use from the carrier; a carrier that
 * fails leaves the usage unknown and the page still loads.
 */
const DAY = 86_400_000;
const EID = '89049032004008882600012345678956';

describe('eSIM usage with the carrier simulator', () => {
  const t = useTestApp();
  let base = '';
  beforeAll(async () => {
    // The SM-DP+ simulator is reached over loopback.
    base = await t.listen();
  });

  const firstEsim = async (token: string) => (await t.call('esim', 'list', {}, { token })).body.data.items[0]!;

  it('an on-demand plan waits for its first connection, then counts 15 days and the data used', async () => {
    const { token } = await t.signIn();
    await t.buy(token, 'ESIM-GLOBAL-3', 1);
    await t.drain();
    const esim = await firstEsim(token);
    // The list shows the plan as its page does: where it works, data and days.
    expect(esim.coverage.length).toBeGreaterThan(100);
    expect(esim.usage).toMatchObject({ dataMb: 3000, validityDays: 15, state: 'not-started', usedMb: 0, leftMb: 3000, daysLeft: 15 });
    let detail = (await t.call('esim', 'detail', { id: esim.id }, { token })).body.data;
    expect(detail.usage).toMatchObject({ dataMb: 3000, validityDays: 15, validityStarts: 'first-connection', state: 'not-started', usedMb: 0, leftMb: 3000, daysLeft: 15, startedAt: null, expiresAt: null });

    const before = Date.now();
    const res = await fetch(`${base}/smdp-sim/device/install`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ matchingId: esim.activationCode, eid: EID }) });
    expect(res.status).toBe(200);
    detail = (await t.call('esim', 'detail', { id: esim.id }, { token })).body.data;
    const usage = detail.usage!;
    expect(usage).toMatchObject({ state: 'active', daysLeft: 15 });
    expect(usage.startedAt).toBeGreaterThanOrEqual(before);
    expect(usage.expiresAt).toBe(usage.startedAt! + 15 * DAY);
    expect(usage.usedMb).toBeGreaterThan(0);
    expect(usage.leftMb).toBe(3000 - usage.usedMb!);
    // The list counts the same install (read for the whole page at once) and the same use.
    expect((await firstEsim(token)).usage).toMatchObject({ state: 'active', startedAt: usage.startedAt, expiresAt: usage.expiresAt, daysLeft: 15 });
    // scan and remark answer with the same detail, usage included.
    expect((await t.call('esim', 'scan', { id: esim.id }, { token })).body.data.usage).toMatchObject({ state: 'active', startedAt: usage.startedAt });
  });

  it('a pool plan shows its SKU allowance and days in either language', async () => {
    const { token } = await t.signIn();
    await t.buy(token, 'ESIM-ASIA-10-30', 1);
    const esim = await firstEsim(token);
    for (const i18n of ['en', 'zh-Hans']) {
      const detail = (await t.call('esim', 'detail', { id: esim.id, i18n }, { token })).body.data;
      expect(detail.usage).toMatchObject({ dataMb: 10000, validityDays: 30, state: 'not-started', daysLeft: 30, leftMb: 10000 });
    }
  });

  it('lists each eSIM with its destinations and usage, an expired plan as expired, a refunded one without usage', async () => {
    const { token } = await t.signIn();
    await t.buy(token, 'ESIM-ASIA-5-7', 1);
    await t.buy(token, 'ESIM-ASIA-5-30', 1);
    const [recent, older] = (await t.call('esim', 'list', { i18n: 'zh-Hans' }, { token })).body.data.items;
    expect(recent).toMatchObject({ name: '亚洲eSIM', coverage: ['HK', 'JP', 'KR', 'SG', 'TH'], usage: { dataMb: 5000, validityDays: 30, state: 'not-started', daysLeft: 30 } });
    // A 7-day plan counted from its install, installed eight days ago, is over.
    await sql`update esims set validity_starts = 'install' where id = ${older!.id}`.execute(t.db);
    await t.db.insertInto('esim_install_logs').values({ esim_id: older!.id, type: InstallLogType.successInstall, eid: null, created_at: Date.now() - 8 * DAY }).execute();
    const listed = (await t.call('esim', 'list', {}, { token })).body.data.items.find((e) => e.id === older!.id)!;
    const detail = (await t.call('esim', 'detail', { id: older!.id }, { token })).body.data;
    expect(listed.usage).toMatchObject({ state: 'expired', daysLeft: 0 });
    expect(listed.usage).toEqual({ ...detail.usage!, checkedAt: listed.usage!.checkedAt });
    await t.db.updateTable('esims').set({ record_status: 'discarded' }).where('id', '=', recent!.id).execute();
    expect((await t.call('esim', 'list', {}, { token })).body.data.items.find((e) => e.id === recent!.id)!.usage).toBeNull();
  });

  it("refuses another user's eSIM: detail, scan and remark say it does not exist", async () => {
    const owner = await t.signIn();
    await t.buy(owner.token, 'ESIM-ASIA-5-7', 1);
    const esim = await firstEsim(owner.token);
    const other = await t.signIn();
    for (const [action, body] of [['detail', { id: esim.id }], ['scan', { id: esim.id }], ['remark', { id: esim.id, remark: 'mine' }]] as const) {
      const res = await t.call('esim', action, body, { token: other.token });
      expect(res.body).toMatchObject({ code: serverErrors.esimNotFound.code, data: null });
    }
    const mine = (await t.call('esim', 'detail', { id: esim.id }, { token: owner.token })).body.data;
    expect(mine).toMatchObject({ remark: '', scanTimes: 0 });
  });

  it('an eSIM sold while its SKU had no plan facts has no usage', async () => {
    const { token } = await t.signIn();
    const sku = await t.sku('ESIM-ASIA-5-7');
    await t.db.updateTable('product_skus').set({ validity_days: null }).where('id', '=', sku.id).execute();
    try {
      await t.buy(token, 'ESIM-ASIA-5-7', 1);
      expect((await t.call('esim', 'detail', { id: (await firstEsim(token)).id }, { token })).body.data.usage).toBeNull();
    } finally {
      await t.db.updateTable('product_skus').set({ validity_days: 7 }).where('id', '=', sku.id).execute();
    }
  });

  it('a sold eSIM keeps the plan bought when the owner edits the SKU and its start rule; the next sale gets the new plan', async () => {
    const owner = (await t.staffSignIn('owner')).token;
    const buyer = await t.signIn();
    await t.buy(buyer.token, 'ESIM-ASIA-10-30', 1);
    await t.buy(buyer.token, 'ESIM-GLOBAL-3', 1);
    await t.drain();
    const [global, asia] = (await t.call('esim', 'list', {}, { token: buyer.token })).body.data.items;
    const usageOf = async (token: string, id: number) => (await t.call('esim', 'detail', { id }, { token })).body.data.usage;
    const asiaBought = { dataMb: 10000, validityDays: 30, validityStarts: 'first-connection', state: 'not-started', daysLeft: 30, leftMb: 10000 };
    const globalBought = { dataMb: 3000, validityDays: 15, validityStarts: 'first-connection', daysLeft: 15 };
    expect(await usageOf(buyer.token, asia!.id)).toMatchObject(asiaBought);
    expect(await usageOf(buyer.token, global!.id)).toMatchObject(globalBought);

    // The console's editor saves new data, days and start rule on both products' SKUs.
    const edit = async (skuCode: string, change: { dataMb: number | null; validityDays: number }) => {
      const { productId } = await t.sku(skuCode);
      const p = (await t.call('adminProduct', 'get', { id: productId }, { token: owner })).body.data;
      const pool = p.kind === 'esim' && p.esimSource === 'pool';
      const { history: _h, createdAt: _c, updatedAt: _u, labels, skus, ...rest } = p;
      const res = await t.call(
        'adminProduct',
        'update',
        {
          ...rest,
          labelIds: labels.map((l) => l.id),
          plan: { ...p.plan!, validityStarts: 'purchase' },
          skus: skus.map(({ pool: _pool, stock, ...s }) => ({ ...s, stock: pool ? null : stock, loadedStock: pool ? null : stock, ...(s.code === skuCode ? change : {}) })),
        },
        { token: owner },
      );
      expect(res.body).toMatchObject({ code: 0 });
      expect(res.body.data.skus.find((s) => s.code === skuCode)).toMatchObject(change);
    };
    await edit('ESIM-ASIA-10-30', { dataMb: 20000, validityDays: 60 });
    await edit('ESIM-GLOBAL-3', { dataMb: null, validityDays: 5 });

    expect(await usageOf(buyer.token, asia!.id)).toMatchObject(asiaBought);
    expect(await usageOf(buyer.token, global!.id)).toMatchObject(globalBought);

    // Bought after the edit: the new plan, its days counted from the purchase.
    const later = await t.signIn();
    const before = Date.now();
    await t.buy(later.token, 'ESIM-ASIA-10-30', 1);
    const fresh = await usageOf(later.token, (await firstEsim(later.token)).id);
    expect(fresh).toMatchObject({ dataMb: 20000, validityDays: 60, validityStarts: 'purchase', state: 'active', daysLeft: 60 });
    expect(fresh!.startedAt).toBeGreaterThanOrEqual(before);
  });

  it("a reseller's generated eSIM keeps its plan too (the copy is made wherever an eSIM gets its owner)", async () => {
    const r = await t.signIn(Role.reseller);
    await creditBalance(t.db, { userId: r.userId, currency: 'USD', amount: 100_000, reason: 'test', orderId: null }, Date.now());
    const cls = (await t.call('resellerNumber', 'classes', { i18n: 'en' }, { token: r.token })).body.data.items.find((c) => c.class === EsimClass.qpePregenerated)!;
    await t.db.updateTable('product_skus').set({ data_mb: 2000, validity_days: 10 }).where('id', '=', cls.skuId).execute();
    const res = await t.call('resellerNumber', 'generate', { skuId: cls.skuId, quantity: 1, i18n: 'en' }, { token: r.token });
    expect(res.body.code).toBe(0);
    await t.db.updateTable('product_skus').set({ data_mb: 9000, validity_days: 90 }).where('id', '=', cls.skuId).execute();
    const row = await t.db.selectFrom('esims').select(['data_mb', 'validity_days']).where('id', '=', res.body.data.items[0]!.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ data_mb: 2000, validity_days: 10 });
  });
});

describe('eSIM usage through a carrier gateway (CARRIER_URL)', () => {
  const asked: Array<{ path: string; auth: string | undefined; body: { iccid?: string } }> = [];
  /** What the gateway answers per ICCID: usage, 404 (not ours) or 503. */
  const answers = new Map<string, { usedMb: number; firstAttachAt: number | null } | 404 | 503>();
  const gateway = useFakeUpstream((req, text, res) => {
    const body = JSON.parse(text || '{}') as { iccid?: string };
    asked.push({ path: req.url ?? '', auth: req.headers.authorization, body });
    const answer = answers.get(body.iccid ?? '') ?? 503;
    if (typeof answer === 'number') return res.writeHead(answer).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  });
  const t = useTestApp(() => ({ CARRIER_URL: `${gateway.base}/`, CARRIER_TOKEN: 'gateway-token' }));

  it('asks the gateway by ICCID and counts from its first connection; a failing or closed gateway leaves the usage unknown', async () => {
    const { token } = await t.signIn();
    await t.buy(token, 'ESIM-ASIA-5-7', 1);
    const esim = (await t.call('esim', 'list', {}, { token })).body.data.items[0]!;
    expect(esim.iccid).toMatch(/^89\d{16}$/);
    const start = Date.now() - 2 * DAY - 60_000;
    answers.set(esim.iccid!, { usedMb: 1200, firstAttachAt: start });
    let res = await t.call('esim', 'detail', { id: esim.id }, { token });
    expect(res.body.data.usage).toMatchObject({ state: 'active', usedMb: 1200, leftMb: 3800, startedAt: start, expiresAt: start + 7 * DAY, daysLeft: 5 });
    expect(asked.at(-1)).toEqual({ path: '/usage', auth: 'Bearer gateway-token', body: { iccid: esim.iccid } });

    answers.set(esim.iccid!, { usedMb: 5000, firstAttachAt: start });
    expect((await t.call('esim', 'detail', { id: esim.id }, { token })).body.data.usage).toMatchObject({ state: 'used-up', leftMb: 0 });

    for (const failure of [503, 404] as const) {
      answers.set(esim.iccid!, failure);
      res = await t.call('esim', 'detail', { id: esim.id }, { token });
      expect(res.body.code).toBe(0);
      expect(res.body.data.usage).toMatchObject({ state: 'unknown', usedMb: null, leftMb: null, daysLeft: null, dataMb: 5000, validityDays: 7 });
    }

    await gateway.close();
    res = await t.call('esim', 'detail', { id: esim.id }, { token });
    expect(res.http).toBe(200);
    expect(res.body.data).toMatchObject({ id: esim.id, usage: { state: 'unknown', usedMb: null } });
  });
});
