import type { EcodeStatus } from '@simshop/contract';
import type { Insertable, Updateable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { EcodesTable } from './ecode.table.ts';
import type { EsimsTable } from '../esim/esim.table.ts';

/** ECodes with the order number and product name they were bought under, and their eSIM. */
const withDetails = (db: Executor) =>
  db
    .selectFrom('ecodes')
    .leftJoin('orders', 'orders.id', 'ecodes.order_id')
    .leftJoin('order_items', 'order_items.id', 'ecodes.order_item_id')
    .leftJoin('esims', 'esims.id', 'ecodes.esim_id')
    .selectAll('ecodes')
    .select(['orders.order_no', 'order_items.name_en', 'order_items.name_zh', 'esims.activation_code', 'esims.dp_address', 'esims.iccid', 'esims.class as esim_class']);

export type EcodeRow = NonNullable<Awaited<ReturnType<typeof findByCode>>>;

export function findByCode(db: Executor, code: string) {
  return withDetails(db).where('ecodes.code', '=', code).executeTakeFirst();
}

export function findOwnByCode(db: Executor, userId: number, code: string) {
  return withDetails(db).where('ecodes.user_id', '=', userId).where('ecodes.code', '=', code).executeTakeFirst();
}

/** Without a status: every code but the deleted ones. */
export function listOwn(db: Executor, userId: number, status: EcodeStatus | undefined, offset: number, limit: number) {
  let q = withDetails(db).where('ecodes.user_id', '=', userId);
  q = status ? q.where('ecodes.status', '=', status) : q.where('ecodes.status', '!=', 'deleted');
  return q.orderBy('ecodes.id', 'desc').offset(offset).limit(limit).execute();
}

/** A page of the user's codes (deleted ones left out), newest first, below the id `before`, of one order or all. */
export function listOwnBefore(db: Executor, userId: number, filter: { orderId?: number | undefined; before?: number | undefined }, limit: number) {
  let q = withDetails(db).where('ecodes.user_id', '=', userId).where('ecodes.status', '!=', 'deleted');
  if (filter.orderId !== undefined) q = q.where('ecodes.order_id', '=', filter.orderId);
  if (filter.before !== undefined) q = q.where('ecodes.id', '<', filter.before);
  return q.orderBy('ecodes.id', 'desc').limit(limit).execute();
}

export function countOwnByStatus(db: Executor, userId: number) {
  return db
    .selectFrom('ecodes')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('user_id', '=', userId)
    .groupBy('status')
    .execute();
}

// Every ECode delivery makes these: built once (db/prepared-query.ts).
const unitIndexesOfItem = preparedQuery((db, v: { orderItemId: number }) => db.selectFrom('ecodes').select('unit_index').where('order_item_id', '=', v.orderItemId));
const newCodeUnlessTaken = preparedQuery((db, v: { row: Insertable<EcodesTable> }) => db.insertInto('ecodes').values(v.row).onConflict((oc) => oc.doNothing()));

export function unitsOfItem(db: Executor, orderItemId: number) {
  return unitIndexesOfItem.execute(db, { orderItemId });
}

/**
 * Inserts a code unless its code or its order-item unit already exists (no exception, so a
 * PostgreSQL transaction survives a collision); true when inserted.
 */
export async function insertIfNew(db: Executor, row: Insertable<EcodesTable>): Promise<boolean> {
  const res = await newCodeUnlessTaken.result(db, { row });
  return Number(res.numAffectedRows ?? 0) === 1;
}

/**
 * Moves a code's status only if nobody moved it meanwhile; false otherwise. `lockedUntil`: a
 * number moves it only while the caller still holds that lock; null only while nobody holds one.
 */
export async function moveStatus(db: Executor, id: number, from: EcodeStatus, to: EcodeStatus, changes: Updateable<EcodesTable>, now: number, lockedUntil?: number | null): Promise<boolean> {
  let q = db.updateTable('ecodes').set({ ...changes, status: to, updated_at: now }).where('id', '=', id).where('status', '=', from);
  if (lockedUntil === null) q = q.where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]));
  else if (lockedUntil !== undefined) q = q.where('locked_until', '=', lockedUntil);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Every code an order issued, in issue order. */
export function allOfOrder(db: Executor, orderId: number) {
  return db.selectFrom('ecodes').select(['code', 'status']).where('order_id', '=', orderId).orderBy('id').execute();
}

/** The order's codes in some statuses (a refund voids the unused ones). */
export function ofOrder(db: Executor, orderId: number, statuses: readonly EcodeStatus[]) {
  return db.selectFrom('ecodes').select(['id', 'status']).where('order_id', '=', orderId).where('status', 'in', statuses).execute();
}

/**
 * Takes the customise lock: only a code in one of `statuses` that nobody holds (or whose holder
 * let the lock run out) is taken; one update, so two callers never both win.
 */
export async function lock(db: Executor, id: number, statuses: readonly EcodeStatus[], now: number, until: number): Promise<boolean> {
  const res = await db
    .updateTable('ecodes')
    .set({ locked_until: until, updated_at: now })
    .where('id', '=', id)
    .where('status', 'in', statuses)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Releases a lock this caller holds (its expiry time is the caller's ticket). */
export async function unlock(db: Executor, id: number, lockedUntil: number | null, now: number) {
  let q = db.updateTable('ecodes').set({ locked_until: null, updated_at: now }).where('id', '=', id);
  if (lockedUntil !== null) q = q.where('locked_until', '=', lockedUntil);
  await q.execute();
}

export async function insertEsim(db: Executor, row: Insertable<EsimsTable>): Promise<number> {
  return (await db.insertInto('esims').values(row).returning('id').executeTakeFirstOrThrow()).id;
}
