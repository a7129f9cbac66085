import { handle } from '../../http/handlers.ts';
import * as comments from './comment.service.ts';

/** The comment actions of the console's adminMessage endpoint, and the shop's reviews. */
export const commentHandlers = [
  // A merchant's staff see the reviews of their merchant's products only.
  handle('adminMessage', 'comments', (ctx, input) => comments.listAdminComments(ctx.db, { ...input, merchantId: ctx.staff.merchantId ?? undefined })),
  handle('adminMessage', 'comment_products', (ctx) => comments.commentProducts(ctx.db, ctx.staff.merchantId ?? undefined)),
  handle('adminMessage', 'comment_hide', (ctx, input) => comments.setCommentHidden(ctx.db, ctx.actor, input.id, input.hidden, ctx.now)),
  handle('adminMessage', 'comment_reply', (ctx, input) => comments.replyToComment(ctx.db, ctx.actor, input.id, input.reply, ctx.now)),
  handle('product', 'review', (ctx, input) => comments.writeReview(ctx.db, ctx.session.userId, input, ctx.now)),
  handle('product', 'order_reviews', (ctx, input) => comments.orderReviews(ctx.db, ctx.session.userId, input.orderNo)),
];
