import { api } from '@simshop/contract';
import type { Database } from '../src/db/database.ts';
import type { ServerProcess } from './server-process.ts';

/** The id of a demo SKU by its code (the fault tests buy the global eSIM, issued by the SM-DP+ simulator). */
export async function skuIdOf(db: Database, code = 'ESIM-GLOBAL-3'): Promise<number> {
  return (await db.selectFrom('product_skus').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
}

/** One unit of a SKU ordered and paid from the buyer's balance, as the shop does it; the order number. Throws on any refusal. */
export async function balanceCheckout(via: Pick<ServerProcess, 'call'>, token: string, skuId: number): Promise<string> {
  const created = await via.call(api.order.path, 'create', { items: [{ skuId, quantity: 1, inputs: {} }] }, token);
  if (created.code !== 0) throw new Error(`order.create answered ${created.code} (HTTP ${created.http})`);
  const { orderNo } = created.data as { orderNo: string };
  const paid = await via.call(api.order.path, 'pay', { orderNo, method: 'balance' }, token);
  if (paid.code !== 0) throw new Error(`order.pay of ${orderNo} answered ${paid.code} (HTTP ${paid.http})`);
  return orderNo;
}
