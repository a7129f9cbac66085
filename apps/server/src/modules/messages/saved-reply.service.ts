import { SAVED_REPLIES_LIST_MAX, serverErrors, type Language, type SavedReply } from '@simshop/contract';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import * as replies from './saved-reply.repository.ts';

/**
 * The shop's saved replies: staff write them once per language and insert them into answers.
 * Every change is audited (target `saved_reply`) in the transaction that makes it.
 */
type Row = NonNullable<Awaited<ReturnType<typeof replies.findSavedReply>>>;
const toSavedReply = (r: Row): SavedReply => ({ id: r.id, language: r.language, title: r.title, content: r.content, updatedBy: r.updated_by, updatedAt: Number(r.updated_at) });
const snapshot = (r: SavedReply) => ({ language: r.language, title: r.title, content: r.content });

export async function savedReplies(db: Executor, language: Language | undefined) {
  return { items: (await replies.listSavedReplies(db, language, SAVED_REPLIES_LIST_MAX)).map(toSavedReply) };
}

async function requireSavedReply(db: Executor, id: number) {
  const row = await replies.findSavedReply(db, id);
  if (!row) throw new AppError(serverErrors.notFound, 'id');
  return toSavedReply(row);
}

type Input = { language: Language; title: string; content: string };

export function createSavedReply(db: Database, actor: Actor, input: Input, now: number): Promise<SavedReply> {
  return db.transaction().execute(async (tx) => {
    const saved = toSavedReply(await replies.insertSavedReply(tx, { ...input, updatedBy: actor.label, now }));
    await recordAudit(tx, actor, { action: 'saved_reply.create', targetType: 'saved_reply', targetId: saved.id, after: snapshot(saved) }, now);
    return saved;
  });
}

export function updateSavedReply(db: Database, actor: Actor, input: Input & { id: number }, now: number): Promise<SavedReply> {
  return db.transaction().execute(async (tx) => {
    const before = await requireSavedReply(tx, input.id);
    const row = await replies.updateSavedReply(tx, input.id, { language: input.language, title: input.title, content: input.content, updatedBy: actor.label, now });
    if (!row) throw new AppError(serverErrors.notFound, 'id');
    const saved = toSavedReply(row);
    await recordAudit(tx, actor, { action: 'saved_reply.update', targetType: 'saved_reply', targetId: saved.id, before: snapshot(before), after: snapshot(saved) }, now);
    return saved;
  });
}

export function deleteSavedReply(db: Database, actor: Actor, id: number, now: number): Promise<{ id: number }> {
  return db.transaction().execute(async (tx) => {
    const before = await requireSavedReply(tx, id);
    await replies.deleteSavedReply(tx, id);
    await recordAudit(tx, actor, { action: 'saved_reply.delete', targetType: 'saved_reply', targetId: id, before: snapshot(before) }, now);
    return { id };
  });
}
