import type { Executor } from '../../db/database.ts';
import { pageWithTotal } from '../../db/table-helpers.ts';

export interface BlockKey {
  name: string;
  version: string;
  lang: string;
}

/** A block's key columns, alike in the published contents, the drafts and the revisions: what finds its rows and what writes them. */
const blockColumns = (key: BlockKey) => ({ name: key.name, version: key.version, lang: key.lang });

export function findContent(db: Executor, key: BlockKey) {
  return db.selectFrom('json_contents').selectAll().where((eb) => eb.and(blockColumns(key))).executeTakeFirst();
}

export async function upsertContent(db: Executor, row: { name: string; version: string; lang: string; content: string; updatedAt: number }) {
  await db
    .insertInto('json_contents')
    .values({ name: row.name, version: row.version, lang: row.lang, content: row.content, updated_at: row.updatedAt })
    .onConflict((oc) => oc.columns(['name', 'version', 'lang']).doUpdateSet({ content: row.content, updated_at: row.updatedAt }))
    .execute();
}

export async function countContents(db: Executor): Promise<number> {
  const row = await db.selectFrom('json_contents').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findDraft(db: Executor, key: BlockKey) {
  return db.selectFrom('content_drafts').selectAll().where((eb) => eb.and(blockColumns(key))).executeTakeFirst();
}

/** Writes the draft only if it is still at `expectedEdition` (0: there is none yet); false when someone else saved meanwhile. */
export async function writeDraft(db: Executor, key: BlockKey, expectedEdition: number, row: { content: string; edition: number; updatedAt: number; updatedBy: string }): Promise<boolean> {
  if (expectedEdition === 0) {
    const res = await db
      .insertInto('content_drafts')
      .values({ ...blockColumns(key), content: row.content, edition: row.edition, updated_at: row.updatedAt, updated_by: row.updatedBy })
      .onConflict((oc) => oc.columns(['name', 'version', 'lang']).doNothing())
      .executeTakeFirst();
    return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
  }
  const res = await db
    .updateTable('content_drafts')
    .set({ content: row.content, edition: row.edition, updated_at: row.updatedAt, updated_by: row.updatedBy })
    .where((eb) => eb.and(blockColumns(key)))
    .where('edition', '=', expectedEdition)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export function latestRevision(db: Executor, key: BlockKey) {
  return db.selectFrom('content_revisions').selectAll().where((eb) => eb.and(blockColumns(key))).orderBy('revision', 'desc').limit(1).executeTakeFirst();
}

export function findRevision(db: Executor, key: BlockKey, revision: number) {
  return db.selectFrom('content_revisions').selectAll().where((eb) => eb.and(blockColumns(key))).where('revision', '=', revision).executeTakeFirst();
}

export async function insertRevision(db: Executor, key: BlockKey, row: { revision: number; content: string; publishedAt: number; publishedBy: string }) {
  await db.insertInto('content_revisions').values({ ...blockColumns(key), revision: row.revision, content: row.content, published_at: row.publishedAt, published_by: row.publishedBy }).execute();
}

export function listRevisions(db: Executor, key: BlockKey, page: { offset: number; limit: number; order: 'asc' | 'desc' }) {
  const revisions = db.selectFrom('content_revisions').where((eb) => eb.and(blockColumns(key)));
  return pageWithTotal(revisions, (q) => q.selectAll().orderBy('revision', page.order).offset(page.offset).limit(page.limit).execute());
}
