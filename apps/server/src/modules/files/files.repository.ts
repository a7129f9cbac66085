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
