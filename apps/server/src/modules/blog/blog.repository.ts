import type { BlogCategory } from '@simshop/contract';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { countRows, pageWithTotal, updateAtVersion as updateRowAtVersion } from '../../db/table-helpers.ts';
import type { BlogPostsTable } from './blog.table.ts';
import { containsAnyText } from '../../db/text-search.ts';

export type BlogPostRow = Selectable<BlogPostsTable>;

// --- the shop: published posts whose publish date has come ---

function published(db: Executor, now: number, category: BlogCategory | undefined) {
  let q = db.selectFrom('blog_posts').where('published', '=', 1).where('published_at', '<=', now);
  if (category) q = q.where('category', '=', category);
  return q;
}

export function listPublished(db: Executor, filter: { now: number; category?: BlogCategory | undefined }, offset: number, limit: number) {
  return published(db, filter.now, filter.category).selectAll().orderBy('published_at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute();
}

export async function countPublished(db: Executor, filter: { now: number; category?: BlogCategory | undefined }) {
  return Number((await published(db, filter.now, filter.category).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
}

export function findPublished(db: Executor, id: number, now: number) {
  return published(db, now, undefined).selectAll().where('id', '=', id).executeTakeFirst();
}

// --- the console ---

export interface StaffFilter {
  q?: string | undefined;
  category?: BlogCategory | undefined;
  published?: boolean | undefined;
}

function filtered(db: Executor, f: StaffFilter) {
  let q = db.selectFrom('blog_posts');
  if (f.q) q = q.where(containsAnyText(['title_en', 'title_zh', 'slug', 'tags'], f.q));
  if (f.category) q = q.where('category', '=', f.category);
  if (f.published !== undefined) q = q.where('published', '=', f.published ? 1 : 0);
  return q;
}

export function listForStaff(db: Executor, f: StaffFilter, page: { offset: number; limit: number; sort: 'updated_at' | 'published_at'; order: 'asc' | 'desc' }) {
  return pageWithTotal(filtered(db, f), (q) => q.selectAll().orderBy(page.sort, page.order).orderBy('id', page.order).offset(page.offset).limit(page.limit).execute());
}

export function findById(db: Executor, id: number) {
  return db.selectFrom('blog_posts').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findBySlug(db: Executor, slug: string) {
  return db.selectFrom('blog_posts').select(['id']).where('slug', '=', slug).executeTakeFirst();
}

export function insertReturning(db: Executor, row: Insertable<BlogPostsTable>) {
  return db.insertInto('blog_posts').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Updates only while the row is still at `version`; undefined when someone else saved meanwhile. */
export const updateAtVersion = (db: Executor, id: number, version: number, changes: Updateable<BlogPostsTable>) => updateRowAtVersion(db, 'blog_posts', id, version, changes);

export const countAll = (db: Executor) => countRows(db, 'blog_posts');

/** The titles of the posts with these ids (the audit log names its rows with them); missing ids are left out. */
export function findTitlesByIds(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('blog_posts').select(['id', 'title_en', 'title_zh']).where('id', 'in', [...ids]).execute();
}
