import type { Executor } from '../../db/database.ts';
import type { StoredFile } from '../../db/schema.ts';

export async function insertFile(db: Executor, file: StoredFile) {
  await db.insertInto('files').values(file).execute();
}

export function findFile(db: Executor, id: string) {
  return db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
}
