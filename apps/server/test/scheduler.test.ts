import { describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../src/db/database.ts';
import { startScheduler } from '../src/jobs/scheduler.ts';
import { useTestApp } from './harness.ts';

/** The time-driven rules run in one process of those sharing a database, and move on when it goes. */
const t = useTestApp();
const log = { error: () => undefined, warn: () => undefined } as never;

const until = (check: () => boolean) => expect.poll(check, { timeout: 5_000, interval: 10 }).toBe(true);

describe('the scheduler', () => {
  it('runs in one of three processes at a time; a stopped leader hands over, a dead one is replaced when its lease runs out', async () => {
    // Three processes: three database clients on one database (PostgreSQL), or the one file's client.
    const clients: Database[] = t.engine === 'postgres' ? [0, 1, 2].map(() => createDatabase({ databaseUrl: t.config.databaseUrl, dataDir: t.config.dataDir })) : [t.db, t.db, t.db];
    const rounds = [0, 0, 0];
    const stops = clients.map((db, i) => startScheduler(db, async () => void (rounds[i] = (rounds[i] ?? 0) + 1), log, 25));
    try {
      await until(() => rounds.reduce((a, b) => a + b, 0) >= 6);
      const leader = rounds.findIndex((n) => n > 0);
      expect(rounds.filter((n) => n > 0)).toHaveLength(1);

      // The leader stops: it hands the lease back and another leads from its next round.
      await stops[leader]!();
      const seen = [...rounds];
      await until(() => rounds.some((n, i) => i !== leader && n > seen[i]!));
      const second = rounds.findIndex((n, i) => i !== leader && n > seen[i]!);
      await until(() => rounds[second]! >= seen[second]! + 3);
      expect(rounds.filter((n, i) => i !== leader && n > seen[i]!)).toHaveLength(1);

      // The second leader dies (its timer gone, the lease left as it was): the third takes over once the lease (3 rounds) ran out.
      const third = [0, 1, 2].find((i) => i !== leader && i !== second)!;
      await t.db.updateTable('scheduler_lease').set({ holder: 'a process that died', expires_at: Date.now() + 75 }).where('id', '=', 1).execute();
      await stops[second]!();
      const before = rounds[third]!;
      const died = Date.now();
      await until(() => rounds[third]! > before);
      expect(Date.now() - died).toBeGreaterThanOrEqual(70);
    } finally {
      for (const stop of stops) await stop().catch(() => undefined);
      if (t.engine === 'postgres') for (const db of clients) await db.destroy();
    }
  });
});
