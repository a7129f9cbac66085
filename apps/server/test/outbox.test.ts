import { describe, expect, it } from 'vitest';
import { drainOutbox, enqueueMessage, MAX_ATTEMPTS, retryDelayMs } from '../src/jobs/outbox.ts';
import { useTestApp } from './harness.ts';

const t = useTestApp();

describe('the outbox', () => {
  it('delivers once, and retries a failure later with back-off', async () => {
    let calls = 0;
    const handlers = {
      flaky: async () => {
        calls += 1;
        if (calls === 1) throw new Error('provider down');
      },
    };
    await enqueueMessage(t.db, 'flaky', { n: 1 });
    expect(await drainOutbox(t.db, handlers)).toBe(1);
    const failed = await t.db.selectFrom('outbox').selectAll().where('topic', '=', 'flaky').executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ attempts: 1, done_at: null, last_error: 'provider down' });
    expect(failed.run_after).toBeGreaterThan(Date.now() + retryDelayMs(1) - 2000);
    // Not due yet: nothing runs.
    expect(await drainOutbox(t.db, handlers)).toBe(0);
    expect(await drainOutbox(t.db, handlers, undefined, failed.run_after + 1)).toBe(1);
    const done = await t.db.selectFrom('outbox').selectAll().where('id', '=', failed.id).executeTakeFirstOrThrow();
    expect(done.done_at).not.toBeNull();
    expect(calls).toBe(2);
  });

  it('gives up after the last attempt and keeps the error', async () => {
    await enqueueMessage(t.db, 'broken', {});
    const handlers = { broken: async () => Promise.reject(new Error('always')) };
    let now = Date.now();
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      await drainOutbox(t.db, handlers, undefined, now);
      now += 3_600_001;
    }
    const row = await t.db.selectFrom('outbox').selectAll().where('topic', '=', 'broken').executeTakeFirstOrThrow();
    expect(row.failed_at).not.toBeNull();
    expect(row.attempts).toBe(MAX_ATTEMPTS);
  });

  it('rolls back with the transaction that wrote it', async () => {
    await t.db
      .transaction()
      .execute(async (tx) => {
        await enqueueMessage(tx, 'never', {});
        throw new Error('rollback');
      })
      .catch(() => undefined);
    expect(await t.db.selectFrom('outbox').select('id').where('topic', '=', 'never').execute()).toHaveLength(0);
  });
});
