import { serverErrors } from '@simshop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../src/db/database.ts';
import { listCart, prefetchCart } from '../src/modules/cart/cart.service.ts';
import { hashToken } from '../src/modules/sessions/session-store.ts';
import { useTestApp } from './harness.ts';

/**
 * The reads every request makes fresh (the catalogue's version with stock, the session,
 * the cart's lines) are asked once for all the requests waiting at the same time
 * (db/coalesced-read.ts). These requests come all at once, so they share statements: each must
 * still get exactly its own answer, and a write made elsewhere before a request is seen by it.
 */
const t = useTestApp();
let otherDb: Database;

beforeAll(async () => {
  // Another server process's handle on the same database.
  otherDb = createDatabase({ databaseUrl: t.config.databaseUrl, dataDir: t.config.dataDir });
});
afterAll(() => otherDb.destroy());

describe('reads shared by requests asked at the same time', () => {
  it("gives each of many customers asking at once their own session and nobody else's", async () => {
    const users = await Promise.all(Array.from({ length: 12 }, () => t.signIn()));
    const revoked = users[3]!;
    await otherDb.updateTable('sessions').set({ revoked_at: Date.now() }).where('user_id', '=', revoked.userId).execute();

    const answers = await Promise.all([...users.map((u) => t.call('user', 'info', {}, { token: u.token })), t.call('user', 'info', {}, { token: 'x'.repeat(40) })]);
    for (const [i, u] of users.entries()) {
      if (u === revoked) expect(answers[i]!.body).toMatchObject({ code: serverErrors.sessionExpired.code });
      else expect(answers[i]!.body).toMatchObject({ code: 0, data: { id: u.userId } });
    }
    expect(answers.at(-1)!.body.code).not.toBe(0);
  });

  it("lists each of many carts asked for at once with its own lines, an empty cart empty", async () => {
    const sims = await Promise.all(['SIM-CU-30', 'SIM-CU-30'].map((code) => t.sku(code)));
    const sim = sims[0]!;
    await otherDb.updateTable('product_skus').set({ stock: 500 }).where('id', '=', sim.id).execute();
    const users = await Promise.all(Array.from({ length: 10 }, () => t.signIn()));
    // Customer i has i units (the first none, so an empty cart).
    for (const [i, u] of users.entries()) {
      if (i > 0) expect((await t.call('item', 'save', { proId: sim.productId, skuId: sim.id, quantity: i }, { token: u.token })).body.code).toBe(0);
    }
    const carts = await Promise.all(users.map((u) => t.call('item', 'list', { i18n: 'en' }, { token: u.token })));
    for (const [i, cart] of carts.entries()) {
      const items = cart.body.data.items;
      if (i === 0) expect(items).toEqual([]);
      else expect(items.map((l) => [l.skuId, l.quantity])).toEqual([[sim.id, i]]);
    }
  });

  it("reads a cart by its session's token with the session lookup, and lists only the caller's own lines", async () => {
    const sim = await t.sku('SIM-CU-30');
    await otherDb.updateTable('product_skus').set({ stock: 500 }).where('id', '=', sim.id).execute();
    const [a, b] = await Promise.all([t.signIn(), t.signIn()]);
    for (const [u, quantity] of [[a, 2], [b, 3]] as const) expect((await t.call('item', 'save', { proId: sim.productId, skuId: sim.id, quantity }, { token: u.token })).body.code).toBe(0);
    const early = await prefetchCart(t.db, hashToken(a.token));
    expect(early).toMatchObject({ userId: a.userId, lines: [{ sku_id: sim.id, quantity: 2 }] });
    // Handed another customer's read (a session replaced between the two statements), the list reads its own user's lines.
    const listed = await listCart(t.db, a.userId, 'en', false, 'USD', prefetchCart(t.db, hashToken(b.token)));
    expect(listed.items.map((l) => l.quantity)).toEqual([2]);
    // A session revoked by another process reads nobody's lines, and its cart list is refused.
    await otherDb.updateTable('sessions').set({ revoked_at: Date.now() }).where('user_id', '=', a.userId).execute();
    expect(await prefetchCart(t.db, hashToken(a.token))).toMatchObject({ userId: null, lines: [] });
    expect((await t.call('item', 'list', { i18n: 'en' }, { token: a.token })).body).toMatchObject({ code: serverErrors.sessionExpired.code });
    expect((await t.call('item', 'list', { i18n: 'en' }, { token: b.token })).body.data.items.map((l) => l.quantity)).toEqual([3]);
  });

  it('shows each product asked for at once its own stock, and a stock changed elsewhere to the next requests', async () => {
    // Products on sale that anyone may open (reseller-only kinds, add-ons and a merchant's products
    // before its approval answer "not found" to a guest).
    const counted = await t.db
      .selectFrom('product_skus')
      .innerJoin('products', 'products.id', 'product_skus.product_id')
      .select(['product_skus.id', 'product_skus.product_id'])
      .where('product_skus.stock', 'is not', null)
      .where('products.kind', 'in', ['sim', 'esim'])
      .where('products.merchant_id', '=', 1)
      .where('products.on_sale', '=', 1)
      .orderBy('product_skus.id')
      .execute();
    const oneSkuEach = [...new Map(counted.map((s) => [s.product_id, s.id])).entries()].slice(0, 4);
    expect(oneSkuEach.length).toBeGreaterThan(1);
    const setStocks = (base: number) => Promise.all(oneSkuEach.map(([, skuId], i) => otherDb.updateTable('product_skus').set({ stock: base + i }).where('id', '=', skuId).execute()));
    const details = () => Promise.all(oneSkuEach.map(([productId]) => t.call('product', 'detail', { id: productId, i18n: 'en' })));
    const stocksShown = async () => (await details()).map((d, i) => d.body.data.skus.find((s) => s.id === oneSkuEach[i]![1])!.stock);

    await setStocks(40);
    expect(await stocksShown()).toEqual(oneSkuEach.map((_, i) => 40 + i));
    // Served from this process's cache now; stock is still read live for every request.
    await setStocks(70);
    expect(await stocksShown()).toEqual(oneSkuEach.map((_, i) => 70 + i));
  });
});
