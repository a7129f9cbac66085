import type { Language } from '@simshop/contract';
import type { Executor } from '../../db/database.ts';

export function listSavedReplies(db: Executor, language: Language | undefined, limit: number) {
  let q = db.selectFrom('saved_replies').selectAll();
  if (language) q = q.where('language', '=', language);
  return q.orderBy('language').orderBy('title').orderBy('id').limit(limit).execute();
}

export function findSavedReply(db: Executor, id: number) {
  return db.selectFrom('saved_replies').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertSavedReply(db: Executor, row: { language: Language; title: string; content: string; updatedBy: string; now: number }) {
  return db
    .insertInto('saved_replies')
    .values({ language: row.language, title: row.title, content: row.content, updated_by: row.updatedBy, created_at: row.now, updated_at: row.now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateSavedReply(db: Executor, id: number, row: { language: Language; title: string; content: string; updatedBy: string; now: number }) {
  return db
    .updateTable('saved_replies')
    .set({ language: row.language, title: row.title, content: row.content, updated_by: row.updatedBy, updated_at: row.now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteSavedReply(db: Executor, id: number) {
  await db.deleteFrom('saved_replies').where('id', '=', id).execute();
}
