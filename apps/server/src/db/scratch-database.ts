import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { createDatabase, type Database } from './database.ts';

/**
 * For unit tests of this folder: opens a SQLite database in a fresh folder, destroyed and removed
 * after each test of the file (or describe block) that calls it.
 */
export function useScratchDatabase(prefix: string): () => Database {
  let db: Database | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await db?.destroy();
    if (dir) rmSync(dir, { recursive: true, force: true });
    db = dir = undefined;
  });
  return () => {
    dir = mkdtempSync(join(tmpdir(), prefix));
    return (db = createDatabase({ dataDir: dir }));
  };
}
