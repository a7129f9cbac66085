import { serverErrors, type AdminComment } from '@simshop/contract';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import * as comments from './comment.repository.ts';

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
  };
}

export async function listAdminComments(db: Executor, input: comments.CommentFilter & { page: number; pageSize: number; sortOrder: 'asc' | 'desc' }) {
  const { rows, total } = await comments.listComments(db, input, { offset: (input.page - 1) * input.pageSize, limit: input.pageSize, order: input.sortOrder });
  return { items: rows.map(toComment), total };
}

export async function commentProducts(db: Executor) {
  const rows = await comments.productsWithComments(db);
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
