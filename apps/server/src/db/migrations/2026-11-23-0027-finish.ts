import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

/**
 * Review pictures get their own upload action, quota and folder: pictures written
 * before this were avatar uploads. Each moves to the `reviews` folder, so it is served at
 * /media/reviews/<id> like new ones; a file that is also its owner's avatar is copied instead,
 * so the avatar keeps working. (Only files whose bytes are in the database are copied; a file
 * older than 0021 still on one machine's disk is moved by key only.)
 */
export async function up(db: Kysely<any>): Promise<void> {
  const reviews = await db.selectFrom('product_comments').select(['id', 'user_id', 'pictures']).where('pictures', '<>', '[]').execute();
  for (const review of reviews as Array<{ id: number; user_id: number | null; pictures: string }>) {
    let ids: unknown;
    try {
      ids = JSON.parse(review.pictures);
    } catch {
      continue;
    }
    if (!Array.isArray(ids)) continue;
    const next: string[] = [];
    for (const id of ids.filter((x): x is string => typeof x === 'string')) {
      const file = (await db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst()) as { id: string; path: string; owner_user_id: number | null; file_name: string; content_type: string; size: number; created_at: number } | undefined;
      if (!file || !file.path.startsWith('avatars/')) {
        next.push(id);
        continue;
      }
      const isAvatar = file.owner_user_id !== null && (await db.selectFrom('users').select('id').where('id', '=', file.owner_user_id).where('avatar', '=', `/media/avatars/${id}`).executeTakeFirst()) !== undefined;
      if (!isAvatar) {
        await db.updateTable('files').set({ path: `reviews/${id}` }).where('id', '=', id).execute();
        next.push(id);
        continue;
      }
      const copy = randomUUID();
      await db.insertInto('files').values({ ...file, id: copy, path: `reviews/${copy}` }).execute();
      await db
        .insertInto('file_contents')
        .columns(['file_id', 'bytes'])
        .expression(db.selectFrom('file_contents').select([sql.lit(copy).as('file_id'), 'bytes']).where('file_id', '=', id))
        .execute();
      next.push(copy);
    }
    await db.updateTable('product_comments').set({ pictures: JSON.stringify(next) }).where('id', '=', review.id).execute();
  }
}

/** Back to one folder: review pictures are avatar uploads again (copies stay as files of their own). */
export async function down(db: Kysely<any>): Promise<void> {
  const moved = await db.selectFrom('files').select('id').where('path', 'like', 'reviews/%').execute();
  for (const { id } of moved as Array<{ id: string }>) await db.updateTable('files').set({ path: `avatars/${id}` }).where('id', '=', id).execute();
}
