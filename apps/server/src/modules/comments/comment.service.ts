import { OrderStatus, serverErrors, type AdminComment, type ProductComment } from '@simshop/contract';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { getUserInfo } from '../accounts/account.service.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { isOwnReviewPicture } from '../files/files.service.ts';
import { requireOwnOrder } from '../orders/order-views.service.ts';
import { pictureUrls, toShopComment } from '../catalogue/product-comment-view.ts';
import * as comments from './comment.repository.ts';
import { pageWindow } from '../../db/table-helpers.ts';

/**
 * Staff's work on product comments: a comment is hidden from the shop's goods page (never
 * deleted, so it can be shown again) and answered as the shop. Each change is audited.
 */
function toComment(r: comments.CommentRow): AdminComment {
  return {
    id: r.id,
    product: { id: r.product_id, key: r.product_key, name: { en: r.product_name_en, zh: r.product_name_zh } },
    userId: r.user_id,
    nickname: r.nickname,
    avatar: r.avatar,
    content: r.content,
    images: r.images,
    reply: r.reply,
    repliedAt: r.replied_at,
    hidden: r.hidden === 1,
    createdAt: r.created_at,
    rating: r.rating,
    pictures: pictureUrls(r.pictures),
    orderItemId: r.order_item_id,
  };
}

export async function listAdminComments(db: Executor, input: comments.CommentFilter & { page: number; pageSize: number; sortOrder: 'asc' | 'desc' }) {
  const { rows, total } = await comments.listComments(db, input, { ...pageWindow(input), order: input.sortOrder });
  return { items: rows.map(toComment), total };
}

export async function commentProducts(db: Executor, merchantId?: number) {
  const rows = await comments.productsWithComments(db, merchantId);
  return { items: rows.map((r) => ({ id: r.id, key: r.key, name: { en: r.name_en, zh: r.name_zh }, comments: Number(r.comments) })) };
}

async function requireComment(db: Executor, id: number) {
  const row = await comments.findComment(db, id);
  if (!row) throw new AppError(serverErrors.notFound, 'id');
  return row;
}

export async function setCommentHidden(db: Database, actor: Actor, id: number, hidden: boolean, now: number): Promise<AdminComment> {
  return db.transaction().execute(async (tx) => {
    const row = await requireComment(tx, id);
    if ((row.hidden === 1) === hidden) throw new AppError(serverErrors.nothingChanged, 'hidden');
    await comments.updateComment(tx, id, { hidden: hidden ? 1 : 0 });
    await recordAudit(tx, actor, { action: hidden ? 'comment.hide' : 'comment.unhide', targetType: 'comment', targetId: id, before: { hidden: !hidden }, after: { hidden } }, now);
    return toComment(await requireComment(tx, id));
  });
}

/** Answers a comment as the shop; an empty answer removes it. */
export async function replyToComment(db: Database, actor: Actor, id: number, text: string, now: number): Promise<AdminComment> {
  const reply = text === '' ? null : text;
  return db.transaction().execute(async (tx) => {
    const row = await requireComment(tx, id);
    if (row.reply === reply) throw new AppError(serverErrors.nothingChanged, 'reply');
    await comments.updateComment(tx, id, { reply, replied_at: reply === null ? null : now });
    await recordAudit(tx, actor, { action: 'comment.reply', targetType: 'comment', targetId: id, before: { reply: row.reply }, after: { reply } }, now);
    return toComment(await requireComment(tx, id));
  });
}

// ---------------------------------------------------------------------------------------------
// Reviews: a buyer reviews an item of their order once they have received it.

/** Statuses in which the buyer has the goods: handed over online, received, or the service done. */
const RECEIVED: ReadonlySet<string> = new Set<string>([OrderStatus.delivered, OrderStatus.received, OrderStatus.completed, OrderStatus.serviceCompleted, OrderStatus.unlocked, OrderStatus.inquiryCompleted]);

/**
 * Writes a review of one order item: only the order's customer (anyone else is told it does not
 * exist), only once received, once per item — the unique index decides between two at once.
 * Pictures are the same customer's review-picture uploads (upload.do review_picture).
 */
export async function writeReview(db: Database, userId: number, input: { orderItemId: number; rating: number; content: string; pictures: string[] }, now: number): Promise<ProductComment> {
  try {
    return await db.transaction().execute(async (tx) => {
      const item = await comments.findOrderItem(tx, input.orderItemId);
      if (!item || item.user_id !== userId || item.status === OrderStatus.deleted) throw new AppError(serverErrors.reviewItemNotFound, 'orderItemId');
      if (!RECEIVED.has(item.status)) throw new AppError(serverErrors.reviewNotReceived, 'orderItemId');
      if ((await comments.reviewsOfItems(tx, [item.id])).length) throw new AppError(serverErrors.reviewAlreadyWritten, 'orderItemId');
      const pictures = [...new Set(input.pictures)];
      for (const [i, fileId] of pictures.entries()) if (!(await isOwnReviewPicture(tx, userId, fileId))) throw new AppError(serverErrors.reviewPictureInvalid, `pictures.${i}`);
      const user = await getUserInfo(tx, userId);
      const row = await comments.insertReview(tx, { productId: item.product_id, userId, orderItemId: item.id, nickname: user.nickname, avatar: user.avatar, rating: input.rating, content: input.content, pictures, now });
      return toShopComment(row);
    });
  } catch (err) {
    // Two reviews of one item at once: the loser hits the unique index, and is told why.
    if (!(err instanceof AppError) && (await comments.reviewsOfItems(db, [input.orderItemId])).length) throw new AppError(serverErrors.reviewAlreadyWritten, 'orderItemId');
    throw err;
  }
}

/** Each item of one of the caller's orders: whether it can be reviewed now, and its review. */
export async function orderReviews(db: Executor, userId: number, orderNo: string) {
  const order = await requireOwnOrder(db, userId, orderNo);
  const items = await comments.orderItemsOf(db, order.id);
  const reviews = new Map((await comments.reviewsOfItems(db, items.map((i) => i.id))).map((r) => [r.order_item_id, r]));
  return {
    items: items.map((i) => {
      const review = reviews.get(i.id);
      return { orderItemId: i.id, productId: i.product_id, canReview: !review && RECEIVED.has(order.status), review: review ? toShopComment(review) : null };
    }),
  };
}

/** The reviews of an account being deleted stay, without its name or picture. */
export async function anonymiseReviews(tx: Executor, userId: number): Promise<void> {
  await comments.anonymiseReviewsOf(tx, userId);
}
