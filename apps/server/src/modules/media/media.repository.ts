import { HOME_BLOCK } from '@simshop/contract';
import type { Insertable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { pageWithTotal } from '../../db/table-helpers.ts';
import { containsAnyText } from '../../db/text-search.ts';
import type { MediaSizesTable, MediaTable } from './media.table.ts';

export async function insertMedia(db: Executor, row: Insertable<MediaTable>): Promise<number> {
  const { id } = await db.insertInto('media').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export function findMedia(db: Executor, id: number) {
  return db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirst();
}

const SORT_COLUMNS = { createdAt: 'created_at', fileName: 'file_name', size: 'size' } as const;

export interface MediaFilter {
  search?: string | undefined;
  sortField: keyof typeof SORT_COLUMNS;
  sortOrder: 'asc' | 'desc';
  offset: number;
  limit: number;
}

/** A page of pictures and how many the search matches; the search looks in the file name and both alt texts. */
export function listMedia(db: Executor, filter: MediaFilter) {
  let query = db.selectFrom('media');
  if (filter.search) query = query.where(containsAnyText(['file_name', 'alt_en', 'alt_zh'], filter.search));
  return pageWithTotal(query, (q) =>
    q.selectAll().orderBy(SORT_COLUMNS[filter.sortField], filter.sortOrder).orderBy('id', filter.sortOrder).offset(filter.offset).limit(filter.limit).execute(),
  );
}

export async function updateAlt(db: Executor, id: number, alt: { en: string; zh: string }) {
  await db.updateTable('media').set({ alt_en: alt.en, alt_zh: alt.zh }).where('id', '=', id).execute();
}

/** Deletes a picture's row and its sizes' rows; answers the stored files they named, for the caller to delete. */
export async function deleteMedia(db: Executor, id: number): Promise<string[]> {
  const sizes = await db.deleteFrom('media_sizes').where('media_id', '=', id).returning('file_id').execute();
  const row = await db.deleteFrom('media').where('id', '=', id).returning('file_id').executeTakeFirst();
  return [...sizes.map((s) => s.file_id), ...(row ? [row.file_id] : [])];
}

export function findSize(db: Executor, mediaId: number, variant: string) {
  return db.selectFrom('media_sizes').selectAll().where('media_id', '=', mediaId).where('variant', '=', variant).executeTakeFirst();
}

/** Records a size; false when another request recorded the same one first (that one is kept). */
export async function insertSize(db: Executor, row: Insertable<MediaSizesTable>): Promise<boolean> {
  const result = await db.insertInto('media_sizes').values(row).onConflict((oc) => oc.columns(['media_id', 'variant']).doNothing()).executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Where an image string names a picture, read straight from the tables holding image fields:
 * the home block (published and drafts), products, blog posts, merchants and stores. Read only; the
 * key (`<id>-<hash>`, in `media:<key>` or a list's `media/<key>`) is specific enough for a substring match.
 */
export async function findUses(db: Executor, key: string) {
  const like = `%media%${key}%`;
  const [published, drafts, products, posts, merchants, stores] = await Promise.all([
    db.selectFrom('json_contents').select('lang').where('name', '=', HOME_BLOCK.name).where('content', 'like', like).execute(),
    db.selectFrom('content_drafts').select('lang').where('name', '=', HOME_BLOCK.name).where('content', 'like', like).execute(),
    db.selectFrom('products').select(['id', 'name_en', 'name_zh']).where('images', 'like', like).limit(20).execute(),
    db.selectFrom('blog_posts').select(['id', 'title_en', 'title_zh']).where('cover', 'like', like).limit(20).execute(),
    db.selectFrom('merchants').select(['id', 'name_en', 'name_zh']).where('logo', 'like', like).limit(20).execute(),
    db.selectFrom('stores').select(['id', 'name_en', 'name_zh']).where('picture', 'like', like).limit(20).execute(),
  ]);
  return { published, drafts, products, posts, merchants, stores };
}
