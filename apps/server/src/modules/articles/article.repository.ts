import type { Insertable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { ArticlesTable } from '../../db/schema.ts';

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

export async function countAll(db: Executor) {
  return Number((await db.selectFrom('articles').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
}

export function findPublished(db: Executor, id: number) {
  return db.selectFrom('articles').selectAll().where('id', '=', id).where('published', '=', 1).executeTakeFirst();
}

export function findBySlug(db: Executor, slug: string) {
  return db.selectFrom('articles').selectAll().where('slug', '=', slug).executeTakeFirst();
}

export async function insertArticle(db: Executor, row: Insertable<ArticlesTable>) {
  await db.insertInto('articles').values(row).execute();
}

export async function updateArticle(db: Executor, id: number, changes: Omit<Insertable<ArticlesTable>, 'slug' | 'released_at'>) {
  await db.updateTable('articles').set(changes).where('id', '=', id).execute();
}

export function listAll(db: Executor) {
  return db.selectFrom('articles').select(['id', 'slug', 'title_en', 'published', 'sort', 'updated_at']).orderBy('sort').orderBy('id').execute();
}
