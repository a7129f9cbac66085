import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { down, up } from '../src/db/migrations/2026-11-24-0031-sold-esim-plan.ts';
import { useTestApp } from './harness.ts';

const t = useTestApp();

describe('migration 0031 (a sold eSIM keeps its plan)', () => {
  it('fills eSIMs sold before it from their SKU and product, leaves unsold profiles empty, and copies at every later sale', async () => {
    // Migrations see an untyped database, as the migrator gives them.
    const db = t.db as unknown as Parameters<typeof up>[0];
    await down(db);
    const { token } = await t.signIn();
    await t.buy(token, 'ESIM-ASIA-10-30', 1);
    await up(db);

    const plans = async (skuCode: string) =>
      (
        await sql<{ user_id: number | null; data_mb: number | null; validity_days: number | null; validity_starts: string | null }>`
          select e.user_id, e.data_mb, e.validity_days, e.validity_starts from esims e join product_skus s on s.id = e.sku_id where s.code = ${skuCode} order by e.id`.execute(t.db)
      ).rows;
    const sold = (await plans('ESIM-ASIA-10-30')).filter((r) => r.user_id !== null);
    expect(sold).toEqual([{ user_id: expect.any(Number), data_mb: 10000, validity_days: 30, validity_starts: 'first-connection' }]);
    const unsold = (await plans('ESIM-ASIA-10-30')).filter((r) => r.user_id === null);
    expect(unsold.length).toBeGreaterThan(0);
    for (const r of unsold) expect(r).toMatchObject({ data_mb: null, validity_days: null, validity_starts: null });

    // After it, a sale copies the plan in the statement that gives the eSIM its owner.
    await t.buy(token, 'ESIM-ASIA-5-7', 1);
    expect((await plans('ESIM-ASIA-5-7')).filter((r) => r.user_id !== null)).toEqual([{ user_id: expect.any(Number), data_mb: 5000, validity_days: 7, validity_starts: 'first-connection' }]);
  });
});
