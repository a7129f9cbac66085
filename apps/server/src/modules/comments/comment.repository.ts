import type { Executor } from '../../db/database.ts';
import { pageWithTotal } from '../../db/table-helpers.ts';
import { containsAnyText } from '../../db/text-search.ts';

/** Product comments as staff see them, hidden ones included, each with its product's key and names. */
export interface CommentFilter {
  productId?: number | undefined;
  hidden?: boolean | undefined;
  replied?: boolean | undefined;
  rating?: number | undefined;
  q?: string | undefined;
  /** Reviews of one merchant's products. */
  merchantId?: number | undefined;
}

const columns = [
  'c.id',
  'c.product_id',
  'c.user_id',
  'c.nickname',
  'c.avatar',
  'c.content',
  'c.images',
  'c.reply',
  'c.replied_at',
  'c.hidden',
  'c.created_at',
  'c.rating',
  'c.pictures',
  'c.order_item_id',
  'p.key as product_key',
  'p.name_en as product_name_en',
  'p.name_zh as product_name_zh',
] as const;

function filtered(db: Executor, f: CommentFilter) {
  let q = db.selectFrom('product_comments as c').innerJoin('products as p', 'p.id', 'c.product_id');
  if (f.productId !== undefined) q = q.where('c.product_id', '=', f.productId);
  if (f.merchantId !== undefined) q = q.where('p.merchant_id', '=', f.merchantId);
  if (f.hidden !== undefined) q = q.where('c.hidden', '=', f.hidden ? 1 : 0);
  if (f.replied === true) q = q.where('c.reply', 'is not', null);
  if (f.replied === false) q = q.where('c.reply', 'is', null);
  if (f.rating !== undefined) q = q.where('c.rating', '=', f.rating);
  if (f.q) q = q.where(containsAnyText(['c.content', 'c.nickname'], f.q));
  return q;
}

export function listComments(db: Executor, f: CommentFilter, page: { offset: number; limit: number; order: 'asc' | 'desc' }) {
  return pageWithTotal(filtered(db, f), (q) => q.select(columns).orderBy('c.created_at', page.order).orderBy('c.id', page.order).limit(page.limit).offset(page.offset).execute());
}

export function findComment(db: Executor, id: number) {
  return filtered(db, {}).select(columns).where('c.id', '=', id).executeTakeFirst();
}

export type CommentRow = NonNullable<Awaited<ReturnType<typeof findComment>>>;

export async function updateComment(db: Executor, id: number, changes: { hidden?: number; reply?: string | null; replied_at?: number | null }) {
  await db.updateTable('product_comments').set(changes).where('id', '=', id).execute();
}

/** Products with at least one comment (hidden ones count), by name. */
export function productsWithComments(db: Executor, merchantId?: number) {
  let q = db.selectFrom('product_comments as c').innerJoin('products as p', 'p.id', 'c.product_id');
  if (merchantId !== undefined) q = q.where('p.merchant_id', '=', merchantId);
  return q
    .select((eb) => ['p.id', 'p.key', 'p.name_en', 'p.name_zh', eb.fn.count<number>('c.id').as('comments')])
    .groupBy(['p.id', 'p.key', 'p.name_en', 'p.name_zh'])
    .orderBy('p.name_en')
    .execute();
}

// Reviews: one per order item, by the customer whose order it is.

/** An order item with what a review needs of its order. */
export function findOrderItem(db: Executor, orderItemId: number) {
  return db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .select(['i.id', 'i.product_id', 'o.user_id', 'o.status'])
    .where('i.id', '=', orderItemId)
    .executeTakeFirst();
}

export function orderItemsOf(db: Executor, orderId: number) {
  return db.selectFrom('order_items').select(['id', 'product_id']).where('order_id', '=', orderId).orderBy('id').execute();
}

/** The reviews of these order items, hidden ones too (the writer still sees theirs). */
export function reviewsOfItems(db: Executor, orderItemIds: readonly number[]) {
  if (orderItemIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('product_comments').selectAll().where('order_item_id', 'in', [...orderItemIds]).execute();
}

export async function insertReview(
  db: Executor,
  row: { productId: number; userId: number; orderItemId: number; nickname: string; avatar: string | null; rating: number; content: string; pictures: string[]; now: number },
) {
  return db
    .insertInto('product_comments')
    .values({
      product_id: row.productId,
      user_id: row.userId,
      order_item_id: row.orderItemId,
      nickname: row.nickname,
      avatar: row.avatar,
      rating: row.rating,
      content: row.content,
      images: '',
      pictures: JSON.stringify(row.pictures),
      reply: null,
      created_at: row.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Reviews stay on the product without the name and picture of an account that was deleted. */
export async function anonymiseReviewsOf(db: Executor, userId: number) {
  await db.updateTable('product_comments').set({ nickname: '', avatar: null }).where('user_id', '=', userId).execute();
}
