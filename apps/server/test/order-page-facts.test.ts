import { serverErrors } from '@simshop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';

/**
 * What an order's page says of its eSIMs after the purchase: an eSIM a refund cancelled is listed
 * as removed and nothing of the order may be reviewed any more; a data add-on names the eSIM it
 * tops up, in the shop and in the console; the console's history keeps who moved the order.
 */
const t = useTestApp();
let operator = '';
beforeAll(async () => {
  await t.listen();
  operator = (await t.staffSignIn('operator')).token;
});

const detail = async (token: string, orderNo: string, i18n?: 'zh-Hans') => (await t.call('order', 'detail', { orderNo, ...(i18n ? { i18n } : {}) }, { token })).body.data;
const reviewable = async (token: string, orderNo: string) => (await t.call('product', 'order_reviews', { orderNo }, { token })).body.data.items.map((i) => i.canReview);

describe("an order's page after the purchase", () => {
  it('lists a refunded eSIM as removed and offers no review of the refunded order', async () => {
    const { token } = await t.signIn();
    const orderNo = await t.buy(token, 'ESIM-GLOBAL-3', 1);
    await t.drain();
    const before = await detail(token, orderNo);
    expect(before.status).toBe('delivered');
    expect(before.esims.map((e) => e.removed)).toEqual([false]);
    expect(await reviewable(token, orderNo)).toEqual([true]);

    expect((await t.call('order', 'refund_now', { orderNo }, { token })).body.code).toBe(0);
    const after = await detail(token, orderNo);
    expect(after.status).toBe('refunded');
    expect(after.esims).toEqual([expect.objectContaining({ id: before.esims[0]!.id, removed: true, installed: false })]);
    expect(await reviewable(token, orderNo)).toEqual([false]);
    const item = (await t.call('product', 'order_reviews', { orderNo }, { token })).body.data.items[0]!;
    expect((await t.call('product', 'review', { orderItemId: item.orderItemId, rating: 5, content: 'Great eSIM, worked at once' }, { token })).body.code).toBe(serverErrors.reviewNotReceived.code);

    // The console's history keeps the recorded actors; it names them (the shop shows only kinds).
    const events = (await t.call('adminOrder', 'detail', { orderNo }, { token: operator })).body.data.events;
    expect(events.slice(-2).map((e) => [e.to, e.actor.split(':')[0]])).toEqual([['to_be_refunded', 'user'], ['refunded', 'system']]);
    expect(events.at(-1)!.actor).toBe('system:rule');
  });

  it('names the eSIM a data add-on tops up, in both languages and in the console; never to another user', async () => {
    const { token } = await t.signIn();
    const eSimOrderNo = await t.buy(token, 'ESIM-ASIA-5-7', 1);
    const esim = (await t.call('esim', 'list', {}, { token })).body.data.items[0]!;
    const offer = (await t.call('esim', 'addons', { id: esim.id }, { token })).body.data.items[0]!;
    const { orderNo } = (await t.call('esim', 'addData', { id: esim.id, skuId: offer.skuId }, { token })).body.data;

    const shop = await detail(token, orderNo);
    expect(shop.esims).toEqual([]);
    expect(shop.addonTargets).toEqual([{ orderItemId: shop.items[0]!.id, esimId: esim.id, name: expect.stringMatching(/\S/), iccid: esim.iccid }]);
    const zh = await detail(token, orderNo, 'zh-Hans');
    expect(zh.addonTargets[0]!.name).not.toBe(shop.addonTargets[0]!.name);
    // The eSIM's own order tops nothing up.
    expect((await detail(token, eSimOrderNo)).addonTargets).toEqual([]);

    const admin = (await t.call('adminOrder', 'detail', { orderNo }, { token: operator })).body.data;
    expect(admin.addonTargets).toEqual([{ orderItemId: admin.items[0]!.id, esimId: esim.id, name: { en: shop.addonTargets[0]!.name, zh: zh.addonTargets[0]!.name }, iccid: esim.iccid, orderNo: eSimOrderNo }]);

    const other = await t.signIn();
    expect((await t.call('order', 'detail', { orderNo }, { token: other.token })).body.code).toBe(serverErrors.orderNotFound.code);
  });
});
