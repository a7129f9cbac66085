import type { Selectable } from 'kysely';
import type { Millis } from '../../db/column-types.ts';

export interface FilesTable {
  id: string;
  owner_user_id: number | null;
  /** The storage key (`<folder>/<id>`; before 0021 also the path under DATA_DIR/files); never a path the caller supplied. */
  path: string;
  file_name: string;
  content_type: string;
  size: number;
  created_at: Millis;
}

/** The bytes of a stored file (0021), for the database file store. */
export interface FileContentsTable {
  file_id: string;
  bytes: Buffer;
}

export type StoredFile = Selectable<FilesTable>;
