import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { serverErrors } from '@simshop/contract';
import { describe, expect, it } from 'vitest';
import { anAddress } from './fixtures.ts';
import { useTestApp } from './harness.ts';

// Transactions that hold when many run at once, on SQLite and on PostgreSQL.
const t = useTestApp();

const stockOf = async (code: string) => (await t.sku(code)).stock!;

/** Gives a (non-pool) SKU a known stock for a test. */
async function setStock(code: string, stock: number) {
  await t.db.updateTable('product_skus').set({ stock }).where('code', '=', code).execute();
}

describe('orders created at the same time', () => {
  it('20 buyers listing the same stocked SKUs in opposite orders: no server error, stock exact', async () => {
    // Two SKUs of one pool eSIM (no inputs, nothing to ship); their stock is their free profiles.
    const a = await t.sku('ESIM-ASIA-5-7');
    const b = await t.sku('ESIM-ASIA-5-30');
    expect(a.stock).toBeGreaterThanOrEqual(20);
    expect(b.stock).toBeGreaterThanOrEqual(20);
    const buyers = await Promise.all(Array.from({ length: 20 }, () => t.signIn()));
    const results = await Promise.all(
      buyers.map((buyer, i) => {
        const lines = [
          { skuId: a.id, quantity: 1, inputs: {} },
          { skuId: b.id, quantity: 1, inputs: {} },
        ];
        return t.call('order', 'create', { items: i % 2 ? lines.reverse() : lines }, { token: buyer.token });
      }),
    );
    expect(results.map((r) => r.body.code)).toEqual(results.map(() => 0));
    expect(await stockOf('ESIM-ASIA-5-7')).toBe(a.stock! - 20);
    expect(await stockOf('ESIM-ASIA-5-30')).toBe(b.stock! - 20);
  });
});

describe('purchase limits count every line of a SKU', () => {
  it('refuses two lines that together pass the quantity maximum, and writes nothing', async () => {
    const buyer = await t.signIn();
    const sku = await t.sku('ESIM-ASIA-10-7'); // asia-esim: 1 to 20 an order
    await t.admin('pool', 'import', 'ESIM-ASIA-10-7', poolFile('limit', 30));
    const before = await stockOf('ESIM-ASIA-10-7');
    const items = [
      { skuId: sku.id, quantity: 12, inputs: {} },
      { skuId: sku.id, quantity: 12, inputs: {} },
    ];
    for (const action of ['preview', 'create'] as const) {
      const res = await t.call('order', action, { items }, { token: buyer.token });
      expect(res.body).toMatchObject({ code: serverErrors.orderQuantityTotal.code, field: 'items.1.quantity', data: { min: 1, max: 20 } });
    }
    expect(await stockOf('ESIM-ASIA-10-7')).toBe(before);
    expect((await t.call('order', 'list', { tab: 'all', page: 1, size: 10 }, { token: buyer.token })).body.data.total).toBe(0);
    // Within the limit together, the same two lines are one order of 20.
    const fine = await t.call('order', 'create', { items: [items[0]!, { ...items[1]!, quantity: 8 }] }, { token: buyer.token });
    expect(fine.body.code).toBe(0);
    expect(await stockOf('ESIM-ASIA-10-7')).toBe(before - 20);
  });

  it('refuses two lines that together need more than the stock', async () => {
    const buyer = await t.signIn();
    await setStock('SIM-CU-30', 5);
    const sku = await t.sku('SIM-CU-30');
    const addressId = (await t.call('address', 'save', anAddress, { token: buyer.token })).body.data.id;
    const items = [
      { skuId: sku.id, quantity: 3, inputs: { paperCard: 'with_card' } },
      { skuId: sku.id, quantity: 3, inputs: { paperCard: 'with_card' } },
    ];
    const res = await t.call('order', 'create', { items, addressId }, { token: buyer.token });
    expect(res.body).toMatchObject({ code: serverErrors.stockInsufficient.code, field: 'items.1.quantity', data: { left: 5 } });
    expect(await stockOf('SIM-CU-30')).toBe(5);
  });
});

let poolFiles = 0;
/** A supplier file of `n` fresh activation codes. */
function poolFile(name: string, n: number) {
  const file = join(t.config.dataDir, `pool-${name}-${++poolFiles}.csv`);
  const rows = Array.from({ length: n }, (_, i) => `LPA-${name}-${poolFiles}-${i},smdp.example.com`);
  writeFileSync(file, `activation_code,dp_address\n${rows.join('\n')}\n`);
  return file;
}

describe("a pool eSIM's stock is its free profiles", () => {
  it('the command line cannot set it by hand; loading codes raises it by the new ones; a sale takes it', async () => {
    const code = 'ESIM-ASIA-10-30';
    const free = async () => Number((await t.db.selectFrom('esims').innerJoin('product_skus', 'product_skus.id', 'esims.sku_id').select((eb) => eb.fn.countAll<number>().as('n')).where('product_skus.code', '=', code).where('esims.record_status', '=', 'unassigned').executeTakeFirstOrThrow()).n);
    expect(await stockOf(code)).toBe(await free());

    const file = join(t.config.dataDir, 'stock.csv');
    writeFileSync(file, `sku,stock\n${code},99\n`);
    const refused = await t.admin('stock', 'import', file);
    expect(refused.code).not.toBe(0);
    expect(refused.out).toMatch(/pool eSIM/);
    expect(await stockOf(code)).toBe(await free());

    const list = poolFile('pool', 4);
    expect((await t.admin('pool', 'import', code, list)).code).toBe(0);
    expect((await t.admin('pool', 'import', code, list)).code).toBe(0); // the same codes again add nothing
    expect(await stockOf(code)).toBe(await free());

    const buyer = await t.signIn();
    await t.buy(buyer.token, code, 2);
    expect(await stockOf(code)).toBe(await free());
  });
});

describe('the admin command line writing while the server takes checkouts', () => {
  it('neither fails: each waits for the other', async () => {
    await setStock('SIM-CU-30', 100_000);
    const sku = await t.sku('SIM-CU-30');
    const buyers = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const buyer = await t.signIn();
        return { ...buyer, addressId: (await t.call('address', 'save', anAddress, { token: buyer.token })).body.data.id };
      }),
    );
    const file = join(t.config.dataDir, 'stock-cli.csv');
    writeFileSync(file, 'sku,stock\nSIM-CU-100,100\nECODE-QPE,10000\n');
    // Two streams of admin commands while four buyers keep checking out until they are done.
    let cliDone = false;
    const cli = Promise.all(
      [0, 1].map(async () => {
        const results = [];
        // Its own process, as the owner's terminal is: the database's locks are between processes.
        for (let i = 0; i < 2; i++) results.push(await t.adminProcess('stock', 'import', file));
        return results;
      }),
    ).finally(() => (cliDone = true));
    const codes: number[] = [];
    const checkouts = Promise.all(
      buyers.map(async (buyer) => {
        while (!cliDone) {
          const res = await t.call('order', 'create', { items: [{ skuId: sku.id, quantity: 1, inputs: { paperCard: 'with_card' } }], addressId: buyer.addressId }, { token: buyer.token });
          codes.push(res.body.code);
          await new Promise((r) => setTimeout(r, 10));
        }
      }),
    );
    const [admin] = await Promise.all([cli, checkouts]);
    expect(admin.flat().map((r) => r.out)).toEqual(admin.flat().map(() => 'stock set for 2 SKUs'));
    expect(codes.length).toBeGreaterThan(8);
    expect(codes.filter((c) => c !== 0)).toEqual([]);
  }, 120_000);
});
