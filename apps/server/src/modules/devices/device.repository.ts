import type { DeviceCarrier } from '@simshop/contract';
import type { Insertable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { RechargesTable } from './devices.table.ts';

export function listOwn(db: Executor, userId: number) {
  return db.selectFrom('devices').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export function findOwn(db: Executor, userId: number, id: number) {
  return db.selectFrom('devices').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
}

export function findByIccid(db: Executor, iccid: string) {
  return db.selectFrom('devices').selectAll().where('iccid', '=', iccid).executeTakeFirst();
}

export async function insertDevice(db: Executor, row: { userId: number; iccid: string; msisdn: string | null; carrier: DeviceCarrier; remark: string; now: number }) {
  return (await db.insertInto('devices').values({ user_id: row.userId, iccid: row.iccid, msisdn: row.msisdn, carrier: row.carrier, remark: row.remark, created_at: row.now }).returning('id').executeTakeFirstOrThrow()).id;
}

/** Whoever followed this SIM stops following it (its holder proved it is theirs). */
export async function deleteByIccid(db: Executor, iccid: string) {
  await db.deleteFrom('devices').where('iccid', '=', iccid).execute();
}

export async function deleteOwn(db: Executor, userId: number, id: number) {
  await db.deleteFrom('devices').where('user_id', '=', userId).where('id', '=', id).execute();
}

/** Records a recharge unit once; false when it is already recorded. */
export async function insertRecharge(db: Executor, row: Insertable<RechargesTable>): Promise<boolean> {
  const res = await db.insertInto('recharges').values(row).onConflict((oc) => oc.columns(['order_item_id', 'unit_index']).doNothing()).executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}

export function rechargedUnits(db: Executor, orderItemId: number) {
  return db.selectFrom('recharges').select(['unit_index', 'status']).where('order_item_id', '=', orderItemId).execute();
}

export function rechargesOf(db: Executor, userId: number, numbers: readonly string[] | null, offset: number, limit: number) {
  let q = db.selectFrom('recharges').innerJoin('orders', 'orders.id', 'recharges.order_id').selectAll('recharges').select('orders.order_no').where('recharges.user_id', '=', userId);
  if (numbers) q = q.where('recharges.number', 'in', numbers.length ? numbers : ['']);
  return q.orderBy('recharges.created_at', 'desc').orderBy('recharges.id', 'desc').offset(offset).limit(limit).execute();
}

export async function countRecharges(db: Executor, userId: number, numbers: readonly string[] | null) {
  let q = db.selectFrom('recharges').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId);
  if (numbers) q = q.where('number', 'in', numbers.length ? numbers : ['']);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

export function skuVolumes(db: Executor, skuIds: readonly number[]) {
  if (skuIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('product_skus').select(['id', 'recharge_mb']).where('id', 'in', skuIds).execute();
}

export async function deleteAllOwn(db: Executor, userId: number) {
  await db.deleteFrom('devices').where('user_id', '=', userId).execute();
}
