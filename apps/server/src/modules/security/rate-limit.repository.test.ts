import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, migrateToLatest, type Database } from '../../db/database.ts';
import { hit } from './rate-limit.repository.ts';

let db: Database;
beforeAll(async () => {
  db = createDatabase({ sqliteFile: ':memory:', dataDir: tmpdir() });
  await migrateToLatest(db);
});
afterAll(() => db.destroy());

describe('rate limit windows', () => {
  it('count a burst across a quarter hour as one window, and start a new one a window after the first hit', async () => {
    const windowMs = 15 * 60_000;
    // A second before a quarter hour of the clock: an aligned window would restart in the burst.
    const start = 1_796_200_000_000 - (1_796_200_000_000 % windowMs) + windowMs - 1_000;
    const counts: number[] = [];
    for (let i = 0; i < 11; i++) counts.push((await hit(db, 'burst', start + i * 200, windowMs)).count);
    expect(counts).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect((await hit(db, 'burst', start + windowMs - 1, windowMs)).count).toBe(12);
    expect(await hit(db, 'burst', start + windowMs, windowMs)).toEqual({ count: 1, windowStart: start + windowMs });
  });
});
