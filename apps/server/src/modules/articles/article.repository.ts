import type { Insertable, Updateable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { countRows, pageWithTotal, updateAtVersion as updateRowAtVersion } from '../../db/table-helpers.ts';
import type { ArticlesTable } from './articles.table.ts';
import { containsAnyText } from '../../db/text-search.ts';

export function listPublished(db: Executor, offset: number, limit: number) {
  return db
    .selectFrom('articles')
    .select(['id', 'title_en', 'title_zh', 'released_at', 'updated_at'])
    .where('published', '=', 1)
    .orderBy('sort', 'asc')
    .orderBy('id', 'asc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countPublished(db: Executor) {
  return Number((await db.selectFrom('articles').select((eb) => eb.fn.countAll<number>().as('n')).where('published', '=', 1).executeTakeFirstOrThrow()).n);
}

export const countAll = (db: Executor) => countRows(db, 'articles');

export function findPublished(db: Executor, id: number) {
  return db.selectFrom('articles').selectAll().where('id', '=', id).where('published', '=', 1).executeTakeFirst();
}

export function findBySlug(db: Executor, slug: string) {
  return db.selectFrom('articles').selectAll().where('slug', '=', slug).executeTakeFirst();
}

export async function updateArticle(db: Executor, id: number, changes: Omit<Insertable<ArticlesTable>, 'slug' | 'released_at'>) {
  // Every edit raises the version, so a console editor holding the old one cannot overwrite it unseen.
  await db.updateTable('articles').set((eb) => ({ ...changes, version: eb('version', '+', 1) })).where('id', '=', id).execute();
}

export function listAll(db: Executor) {
  return db.selectFrom('articles').select(['id', 'slug', 'title_en', 'published', 'sort', 'updated_at']).orderBy('sort').orderBy('id').execute();
}

// --- the console ---

export interface ArticleFilter {
  q?: string | undefined;
  published?: boolean | undefined;
}

function filtered(db: Executor, f: ArticleFilter) {
  let q = db.selectFrom('articles');
  if (f.q) q = q.where(containsAnyText(['title_en', 'title_zh', 'slug'], f.q));
  if (f.published !== undefined) q = q.where('published', '=', f.published ? 1 : 0);
  return q;
}

export function listForStaff(db: Executor, f: ArticleFilter, page: { offset: number; limit: number; sort: 'sort' | 'updated_at' | 'released_at'; order: 'asc' | 'desc' }) {
  return pageWithTotal(filtered(db, f), (q) =>
    q.select(['id', 'slug', 'title_en', 'title_zh', 'sort', 'published', 'version', 'released_at', 'updated_at']).orderBy(page.sort, page.order).orderBy('id', page.order).offset(page.offset).limit(page.limit).execute(),
  );
}

export function findById(db: Executor, id: number) {
  return db.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertReturning(db: Executor, row: Insertable<ArticlesTable>) {
  return db.insertInto('articles').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Updates only while the row is still at `version`; undefined when someone else saved meanwhile. */
export const updateAtVersion = (db: Executor, id: number, version: number, changes: Updateable<ArticlesTable>) => updateRowAtVersion(db, 'articles', id, version, changes);

/** The titles of the articles with these ids (the audit log names its rows with them); missing ids are left out. */
export function findTitlesByIds(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('articles').select(['id', 'title_en', 'title_zh']).where('id', 'in', [...ids]).execute();
}
