import { Carrier, Role, UserType, type OrderStatus, type PayMethod } from '@simshop/contract';
import type { Database } from '../apps/server/src/db/database.ts';
import { orderItemRow, orderRow } from '../apps/server/test/order-rows.ts';

/**
 * A year of a shop's orders for the benchmarks that read them (the console's order list, the
 * reports), written in batches of a thousand straight into the tables: the same shop every run.
 */
const DAY = 86_400_000;

const STATUSES = [
  ['completed', 40],
  ['delivered', 15],
  ['received', 8],
  ['shipped', 8],
  ['paid', 6],
  ['invalid', 10],
  ['unpaid', 3],
  ['refunded', 3],
  ['partial_refunded', 2],
  ['to_be_refunded', 2],
  ['unverified', 1],
  ['partial_shipped', 1],
  ['deleted', 1],
] as const;

/** A deterministic pseudo-random sequence: the same shop every run. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

type Sku = Awaited<ReturnType<typeof benchSkus>>[number];

/** The demo shop's SKUs with what an order line copies from them. */
export const benchSkus = (db: Database) =>
  db.selectFrom('product_skus').innerJoin('products', 'products.id', 'product_skus.product_id').select(['product_skus.id as sku_id', 'products.id as product_id', 'products.kind', 'products.name_en', 'products.name_zh', 'products.currency', 'product_skus.price']).execute();

/** `count` customers who signed up a year before `now`, one in `resellerEvery` a reseller. */
export async function insertCustomers(db: Database, now: number, count: number, resellerEvery: number): Promise<{ ids: number[]; resellers: Set<number> }> {
  const ids: number[] = [];
  const resellers = new Set<number>();
  for (let i = 0; i < count; i += 500) {
    const rows = Array.from({ length: Math.min(500, count - i) }, (_, j) => ({
      role: (i + j) % resellerEvery === 0 ? Role.reseller : Role.normal,
      user_type: UserType.email,
      nickname: `customer${i + j}`,
      name: '',
      email: `customer${i + j}@example.com`,
      tel: `1380000${String(i + j).padStart(5, '0')}`,
      status: 'active' as const,
      can_create_reseller: 0,
      created_at: now - 400 * DAY,
      updated_at: now - 400 * DAY,
    }));
    for (const u of await db.insertInto('users').values(rows).returning(['id', 'role']).execute()) {
      ids.push(u.id);
      if (u.role === Role.reseller) resellers.add(u.id);
    }
  }
  return { ids, resellers };
}

/** The rows of order `n` of one line, as a checkout and its payment leave them (a parcel shipped once paid). */
export function orderRows(o: { n: number; created: number; sku: Sku; quantity: number; userId: number; reseller: boolean; status: OrderStatus; payMethod: PayMethod | null; paidAt: number | null; updatedAt?: number }) {
  const { n, sku, quantity, status, paidAt } = o;
  const physical = sku.kind === 'sim' ? 1 : 0;
  const total = sku.price * quantity + (physical ? 1200 : 0);
  return {
    order: orderRow({
      order_no: `SS${new Date(o.created).toISOString().replace(/\D/g, '').slice(0, 14)}${n.toString(36).toUpperCase().padStart(6, '0')}`,
      user_id: o.userId,
      reseller: o.reseller ? 1 : 0,
      status,
      currency: sku.currency,
      subtotal: sku.price * quantity,
      freight: physical ? 1200 : 0,
      total,
      physical,
      pay_method: o.payMethod,
      paid_at: paidAt,
      refund_amount: status === 'refunded' ? total : status === 'partial_refunded' ? Math.floor(total / 2) : null,
      carrier: physical && paidAt ? Carrier.sf : null,
      tracking_no: physical && paidAt ? `SF${String(n).padStart(10, '0')}` : null,
      created_at: o.created,
      updated_at: o.updatedAt ?? o.created,
    }),
    // Its order's id is known once the batch of orders is written.
    item: orderItemRow({ order_id: 0, product_id: sku.product_id, sku_id: sku.sku_id, kind: sku.kind, name_en: sku.name_en, name_zh: sku.name_zh, unit_price: sku.price, quantity }),
  };
}

/** Fills `db` (demo data seeded) with `orders` orders of `customers` new customers over the year before `now`: one line each, statuses as a shop's mix, refunds with their approval events; a reseller's orders are marked as theirs. */
export async function fillOrders(db: Database, now: number, { orders: ORDERS, customers: CUSTOMERS }: { orders: number; customers: number }): Promise<void> {
  const rnd = random(42);
  const skus = await benchSkus(db);
  const { ids: users, resellers } = await insertCustomers(db, now, CUSTOMERS, 20);
  const weights = STATUSES.reduce((n, [, w]) => n + w, 0);
  const pickStatus = () => {
    let x = rnd() * weights;
    for (const [status, w] of STATUSES) if ((x -= w) < 0) return status;
    return 'completed';
  };
  for (let i = 0; i < ORDERS; i += 1_000) {
    await db.transaction().execute(async (tx) => {
      const batch = Array.from({ length: Math.min(1_000, ORDERS - i) }, (_, j) => {
        const n = i + j;
        const sku = skus[Math.floor(rnd() * skus.length)]!;
        const userId = users[Math.floor(rnd() * users.length)]!;
        const quantity = 1 + Math.floor(rnd() * 3);
        const status = pickStatus();
        // Spread over a year, the newest orders last.
        const created = now - Math.floor((1 - n / ORDERS) * 365 * DAY) - Math.floor(rnd() * 3_600_000);
        const paidAt = status === 'unpaid' || status === 'invalid' ? null : created + 60_000;
        return orderRows({ n, created, sku, quantity, userId, reseller: resellers.has(userId), status, payMethod: paidAt ? 'sandbox' : null, paidAt });
      });
      const ids = await tx.insertInto('orders').values(batch.map((b) => b.order)).returning(['id', 'status', 'created_at']).execute();
      await tx.insertInto('order_items').values(batch.map((b, k) => ({ ...b.item, order_id: ids[k]!.id }))).execute();
      const refunds = ids.filter((o) => o.status === 'refunded' || o.status === 'partial_refunded');
      if (refunds.length) {
        await tx
          .insertInto('order_events')
          .values(refunds.map((o) => ({ order_id: o.id, event: o.status === 'refunded' ? 'approve_refund' : 'approve_partial_refund', from_status: 'to_be_refunded', to_status: o.status, actor: 'admin:bench', reason: '', created_at: o.created_at + 2 * DAY })))
          .execute();
      }
    });
  }
}
