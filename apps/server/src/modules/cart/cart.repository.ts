import type { Executor } from '../../db/database.ts';
import { coalescedRead, inKeyList, keyList } from '../../db/coalesced-read.ts';
import { preparedQuery } from '../../db/prepared-query.ts';

export function linesOf(db: Executor, userId: number) {
  return db.selectFrom('cart_items').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').execute();
}

/** A cart as one statement reads it: its lines, newest first, each with its SKU's live stock, and the catalogue version of that snapshot. */
export interface CartSnapshot {
  version: number;
  lines: { id: number; product_id: number; sku_id: number; quantity: number; selected: number; stock: number | null }[];
}

/**
 * A cart list's one statement: the lines of these users, each with its SKU's live stock,
 * and the catalogue version they were read under (one snapshot), so the products' facts can come
 * from the catalogue cache (catalogue.service `cartCatalogue`). Built once (db/prepared-query.ts)
 * and asked once for all the carts listed at the same time (db/coalesced-read.ts). A user with
 * no lines still gets the version: the first row has it whoever asked.
 */
const linesWithStockOf = preparedQuery((db, v: { userIds: string }) =>
  db
    .selectFrom('catalogue_version as v')
    .leftJoin('cart_items as c', (join) => join.on(inKeyList(db, 'c.user_id', v.userIds, 'integer')))
    .leftJoin('product_skus as s', 's.id', 'c.sku_id')
    .select(['v.version', 'c.user_id', 'c.id', 'c.product_id', 'c.sku_id', 'c.quantity', 'c.selected', 's.stock'])
    .where('v.id', '=', 1)
    .orderBy('c.id', 'desc'),
);

const linesOfCarts = coalescedRead((db: Executor, userIds: readonly number[]) => linesWithStockOf.execute(db, { userIds: keyList(db, userIds) }));

/** A row of either cart statement: the catalogue version, and a line with its stock (all null for a cart with none). */
interface LineRow {
  version: number | string;
  id: number | null;
  product_id: number | null;
  sku_id: number | null;
  quantity: number | null;
  selected: number | null;
  stock: number | null;
}

/** The snapshot of the rows that are `own` (the version is on every row, the first one whoever asked). */
function snapshotOf<R extends LineRow>(rows: readonly R[], own: (row: R) => boolean): CartSnapshot {
  if (!rows[0]) throw new Error('catalogue_version has no row: migration 0026 did not run');
  const lines = [];
  for (const r of rows) if (own(r) && r.id !== null) lines.push({ id: r.id, product_id: r.product_id!, sku_id: r.sku_id!, quantity: r.quantity!, selected: r.selected!, stock: r.stock });
  return { version: Number(rows[0].version), lines };
}

/** The user's lines, newest first, with their SKUs' live stock, and the catalogue version of that snapshot. */
export async function linesWithStock(db: Executor, userId: number): Promise<CartSnapshot> {
  return snapshotOf(await linesOfCarts(db, [userId]), (r) => r.user_id === userId);
}

/**
 * The same read keyed by a session's token hash instead of its user: the dispatcher
 * runs it beside the session lookup, so a cart list waits for one round trip, not two. Only a session not
 * revoked has lines here; whose they are (`userId`, null when the session is unknown or revoked)
 * is for the caller to hold against the session the dispatcher resolved.
 */
const linesWithStockOfSessions = preparedQuery((db, v: { tokenHashes: string }) =>
  db
    .selectFrom('catalogue_version as v')
    .leftJoin('sessions as ss', (join) => join.on(inKeyList(db, 'ss.token_hash', v.tokenHashes, 'text')).on('ss.revoked_at', 'is', null))
    .leftJoin('cart_items as c', 'c.user_id', 'ss.user_id')
    .leftJoin('product_skus as s', 's.id', 'c.sku_id')
    .select(['v.version', 'ss.token_hash', 'ss.user_id', 'c.id', 'c.product_id', 'c.sku_id', 'c.quantity', 'c.selected', 's.stock'])
    .where('v.id', '=', 1)
    .orderBy('c.id', 'desc'),
);

const linesOfSessions = coalescedRead((db: Executor, tokenHashes: readonly string[]) => linesWithStockOfSessions.execute(db, { tokenHashes: keyList(db, tokenHashes) }));

export async function linesWithStockOfSession(db: Executor, tokenHash: string): Promise<CartSnapshot & { userId: number | null }> {
  const rows = await linesOfSessions(db, [tokenHash]);
  const userId = rows.find((r) => r.token_hash === tokenHash)?.user_id ?? null;
  return { ...snapshotOf(rows, (r) => r.token_hash === tokenHash), userId };
}

// The cart badge rides on many answers: built once (db/prepared-query.ts).
const linesOfUser = preparedQuery((db, v: { userId: number }) => db.selectFrom('cart_items').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', v.userId));

export async function countLines(db: Executor, userId: number): Promise<number> {
  return Number((await linesOfUser.takeFirst(db, { userId }))?.n ?? 0);
}

export function findLine(db: Executor, userId: number, skuId: number) {
  return db.selectFrom('cart_items').selectAll().where('user_id', '=', userId).where('sku_id', '=', skuId).executeTakeFirst();
}

export function findOwnLines(db: Executor, userId: number, ids: readonly number[]) {
  return db.selectFrom('cart_items').selectAll().where('user_id', '=', userId).where('id', 'in', ids).execute();
}

export async function upsertLine(db: Executor, row: { userId: number; productId: number; skuId: number; quantity: number; now: number }) {
  return db
    .insertInto('cart_items')
    .values({ user_id: row.userId, product_id: row.productId, sku_id: row.skuId, quantity: row.quantity, selected: 1, created_at: row.now, updated_at: row.now })
    .onConflict((oc) => oc.columns(['user_id', 'sku_id']).doUpdateSet({ quantity: row.quantity, selected: 1, updated_at: row.now }))
    .returning(['id', 'quantity'])
    .executeTakeFirstOrThrow();
}

export async function setQuantity(db: Executor, userId: number, id: number, quantity: number, now: number) {
  await db.updateTable('cart_items').set({ quantity, updated_at: now }).where('user_id', '=', userId).where('id', '=', id).execute();
}

export async function setSelected(db: Executor, userId: number, ids: readonly number[], selected: boolean, now: number) {
  await db.updateTable('cart_items').set({ selected: selected ? 1 : 0, updated_at: now }).where('user_id', '=', userId).where('id', 'in', ids).execute();
}

export async function removeLines(db: Executor, userId: number, ids: readonly number[]) {
  if (ids.length === 0) return;
  await db.deleteFrom('cart_items').where('user_id', '=', userId).where('id', 'in', ids).execute();
}

export async function removeAllOf(db: Executor, userId: number) {
  await db.deleteFrom('cart_items').where('user_id', '=', userId).execute();
}
