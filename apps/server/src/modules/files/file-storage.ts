import { readFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { Executor } from '../../db/database.ts';
import * as files from './files.repository.ts';

/** A stored file as the store sees it: its id and its key (`<folder>/<id>`). */
export interface StoredRef {
  id: string;
  path: string;
}

/**
 * Where file contents live. Every server process must see every file, so the bytes never stay on
 * one machine's disk. The default keeps them in the database, in the caller's transaction (a file
 * row and its bytes are written or not together). An S3-compatible object store would implement
 * the same two calls with the key (and ignore `db`).
 */
export interface FileStorage {
  put(db: Executor, file: StoredRef, bytes: Buffer): Promise<void>;
  /** The bytes, or null when the store has none (a missing file is the caller's catalogue error). */
  get(db: Executor, file: StoredRef): Promise<Buffer | null>;
}

/**
 * The database store. Files written before migration 0021 live under `<dataDir>/files/<key>`; they
 * are still read from there (on the process that has them) rather than lost.
 */
export function databaseFileStorage(dataDir: string): FileStorage {
  const legacyRoot = resolve(join(dataDir, 'files'));
  return {
    put: (db, file, bytes) => files.insertContent(db, file.id, bytes),
    async get(db, file) {
      const bytes = await files.findContent(db, file.id);
      if (bytes) return bytes;
      const legacy = resolve(legacyRoot, file.path);
      // The key is ours, but a path outside the root is never read.
      if (!legacy.startsWith(legacyRoot + sep)) return null;
      return readFile(legacy).catch(() => null);
    },
  };
}
