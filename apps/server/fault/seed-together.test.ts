import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/database.ts';
import { demoCatalogue } from '../src/seed/demo-catalogue.ts';
import { seedDemoDatabase } from '../src/seed/seed-demo.ts';
import { ENGINES } from './server-process.ts';

// Processes started together on an empty PostgreSQL each migrate and load the demo data: the
// migrations run once (the migrator's lock), and the demo rows must too. Two database clients
// (two pools, as two processes have), at once, three times over. (A SQLite file has one server:
// a second one refuses to start, server-lock.ts.)
const folders: string[] = [];
afterAll(() => {
  for (const f of folders) rmSync(f, { recursive: true, force: true });
});

describe.each(ENGINES.filter(([engine]) => engine === 'PostgreSQL'))('starting together on an empty database (%s)', (_engine, databaseFor) => {
  it('migrates and loads the demo once between them', { timeout: 120_000 }, async () => {
    for (let round = 0; round < 3; round++) {
      const dataDir = mkdtempSync(join(tmpdir(), 'simshop-seed-together-'));
      folders.push(dataDir);
      const databaseUrl = await databaseFor(`seed_together_${round}`);
      await Promise.all([seedDemoDatabase({ databaseUrl, dataDir }), seedDemoDatabase({ databaseUrl, dataDir })]);
      const db = createDatabase({ databaseUrl: databaseUrl || undefined, dataDir });
      try {
        expect(await db.selectFrom('users').select('id').where('email', '=', 'demo@simshop.local').execute()).toHaveLength(1);
        const keys = (await db.selectFrom('products').select('key').execute()).map((p) => p.key);
        expect(keys.length).toBeGreaterThanOrEqual(demoCatalogue.length);
        expect(new Set(keys).size).toBe(keys.length);
      } finally {
        await db.destroy();
      }
    }
  });
});
