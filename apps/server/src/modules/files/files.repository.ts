import type { Executor } from '../../db/database.ts';
import type { StoredFile } from './files.table.ts';

export async function insertFile(db: Executor, file: StoredFile) {
  await db.insertInto('files').values(file).execute();
}

export function findFile(db: Executor, id: string) {
  return db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertContent(db: Executor, fileId: string, bytes: Buffer) {
  await db.insertInto('file_contents').values({ file_id: fileId, bytes }).execute();
}

export async function findContent(db: Executor, fileId: string): Promise<Buffer | null> {
  const row = await db.selectFrom('file_contents').select('bytes').where('file_id', '=', fileId).executeTakeFirst();
  return row ? Buffer.from(row.bytes) : null;
}

/** Deletes stored files and their bytes (no-op for an empty list). */
export async function deleteFiles(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return;
  await db.deleteFrom('file_contents').where('file_id', 'in', ids).execute();
  await db.deleteFrom('files').where('id', 'in', ids).execute();
}
