import { describe, expect, it } from 'vitest';
import { DEFAULT_RETENTION_MS, runScheduledJobs } from '../src/background-jobs.ts';
import { loadConfig } from '../src/config.ts';
import { PRUNE_BATCH_ROWS } from '../src/db/batched-delete.ts';
import { useTestApp } from './harness.ts';

/** The scheduled rounds delete what was spent before the retention period, and nothing else. */
const t = useTestApp();
const DAY = 86_400_000;

describe('retention', () => {
  it('deletes ended sessions, expired codes, challenges and WeChat sign-ins, old rate-limit windows and finished jobs; keeps the rest', async () => {
    const now = Date.now();
    const old = now - DEFAULT_RETENTION_MS - DAY;
    const recent = now - DAY;
    const { userId } = await t.signIn();
    const staff = await t.db.selectFrom('staff').select('id').where('email', '=', 'owner@simshop.local').executeTakeFirstOrThrow();
    const session = (tag: string, expires: number, revoked: number | null) => ({ user_id: userId, token_hash: `retention-${tag}-${now}`, created_at: old - DAY, last_seen_at: old, expires_at: expires, revoked_at: revoked });
    await t.db.insertInto('sessions').values([session('expired', old, null), session('revoked', now + DAY, old), session('live', now + DAY, null), session('revoked-lately', now + DAY, recent)]).execute();
    await t.db.insertInto('staff_sessions').values([{ staff_id: staff.id, token_hash: `retention-staff-old-${now}`, ip: null, created_at: old, last_seen_at: old, expires_at: old, revoked_at: null }, { staff_id: staff.id, token_hash: `retention-staff-live-${now}`, ip: null, created_at: now, last_seen_at: now, expires_at: now + DAY, revoked_at: null }]).execute();
    const code = (tag: string, expires: number) => ({ channel: 'email' as const, target: `retention-${tag}-${now}@example.com`, purpose: 'register' as const, code_hash: 'x', expires_at: expires, consumed_at: null, created_at: expires - 600_000 });
    await t.db.insertInto('verification_codes').values([code('old', old), code('recent', recent)]).execute();
    const challenge = (tag: string, expires: number) => ({ id: `retention-${tag}-${now}`, purpose: 'register' as const, nonce: 'n', difficulty: 1, created_at: expires - 300_000, expires_at: expires, used_at: null });
    await t.db.insertInto('pow_challenges').values([challenge('old', old), challenge('recent', recent), challenge('live', now + 300_000)]).execute();
    const signIn = (tag: string, expires: number) => ({ state_hash: `retention-${tag}-${now}`, ip: '127.0.0.1', created_at: expires - 600_000, expires_at: expires });
    await t.db.insertInto('wechat_sign_ins').values([signIn('old', old), signIn('recent', recent)]).execute();
    await t.db.insertInto('rate_limits').values([{ key: `retention-old-${now}`, window_start: old, count: 3 }, { key: `retention-recent-${now}`, window_start: recent, count: 3 }]).execute();
    const job = async (tag: string, doneAt: number | null) =>
      (await t.db.insertInto('outbox').values({ topic: 'test.retention', payload: JSON.stringify({ tag, now }), run_after: old, created_at: old, done_at: doneAt, locked_until: null, failed_at: doneAt === null ? old : null, last_error: null, lease_token: null, ref: null, alerted_at: null }).returning('id').executeTakeFirstOrThrow()).id;
    const doneLongAgo = await job('done-old', old);
    const doneLately = await job('done-recent', recent);
    const gaveUpLongAgo = await job('failed-old', null);
    await t.db.insertInto('job_side_effects').values([{ key: `job-${doneLongAgo}-mail`, job_id: doneLongAgo, created_at: old }, { key: `job-${doneLately}-mail`, job_id: doneLately, created_at: recent }]).execute();

    await runScheduledJobs(t.db, now);

    const tokens = (await t.db.selectFrom('sessions').select('token_hash').where('token_hash', 'like', `retention-%-${now}`).execute()).map((r) => r.token_hash).sort();
    expect(tokens).toEqual([`retention-live-${now}`, `retention-revoked-lately-${now}`]);
    expect((await t.db.selectFrom('staff_sessions').select('token_hash').where('token_hash', 'like', `retention-staff-%-${now}`).execute()).map((r) => r.token_hash)).toEqual([`retention-staff-live-${now}`]);
    expect((await t.db.selectFrom('verification_codes').select('target').where('target', 'like', `retention-%-${now}@example.com`).execute()).map((r) => r.target)).toEqual([`retention-recent-${now}@example.com`]);
    expect((await t.db.selectFrom('rate_limits').select('key').where('key', 'like', `retention-%-${now}`).execute()).map((r) => r.key)).toEqual([`retention-recent-${now}`]);
    // Expired challenges go by the same period: one that expired lately is still told apart as expired.
    expect((await t.db.selectFrom('pow_challenges').select('id').where('id', 'like', `retention-%-${now}`).orderBy('id').execute()).map((r) => r.id)).toEqual([`retention-live-${now}`, `retention-recent-${now}`]);
    expect((await t.db.selectFrom('wechat_sign_ins').select('state_hash').where('state_hash', 'like', `retention-%-${now}`).execute()).map((r) => r.state_hash)).toEqual([`retention-recent-${now}`]);
    // A job that gave up stays for staff to retry; a finished one goes with the record of its sends.
    expect((await t.db.selectFrom('outbox').select('id').where('topic', '=', 'test.retention').orderBy('id').execute()).map((r) => r.id)).toEqual([doneLately, gaveUpLongAgo]);
    expect((await t.db.selectFrom('job_side_effects').select('job_id').where('job_id', 'in', [doneLongAgo, doneLately]).execute()).map((r) => r.job_id)).toEqual([doneLately]);
  });

  it('deletes in batches until nothing spent is left, however many there are', async () => {
    const now = Date.now();
    const old = now - DEFAULT_RETENTION_MS - DAY;
    const many = (n: number) => Array.from({ length: n }, (_, i) => i);
    const inChunks = async <T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) => {
      for (let i = 0; i < rows.length; i += 500) await insert(rows.slice(i, i + 500));
    };
    // Two batches and one row of rate-limit windows; one batch and one row of finished jobs, each with a send record.
    await inChunks(many(2 * PRUNE_BATCH_ROWS + 1), (chunk) => t.db.insertInto('rate_limits').values(chunk.map((i) => ({ key: `batch-${now}-${i}`, window_start: old - i, count: 1 }))).execute());
    const jobs: number[] = [];
    await inChunks(many(PRUNE_BATCH_ROWS + 1), async (chunk) => {
      const values = chunk.map((i) => ({ topic: 'test.retention-batch', payload: JSON.stringify({ i, now }), run_after: old, created_at: old, done_at: old, locked_until: null, failed_at: null, last_error: null, lease_token: null, ref: null, alerted_at: null }));
      jobs.push(...(await t.db.insertInto('outbox').values(values).returning('id').execute()).map((r) => r.id));
    });
    await inChunks(jobs, (chunk) => t.db.insertInto('job_side_effects').values(chunk.map((id) => ({ key: `job-${id}-batch-mail`, job_id: id, created_at: old }))).execute());

    await runScheduledJobs(t.db, now);

    const left = async (q: Promise<{ n: number | string | bigint }>) => Number((await q).n);
    expect(await left(t.db.selectFrom('rate_limits').select((eb) => eb.fn.countAll().as('n')).where('key', 'like', `batch-${now}-%`).$castTo<{ n: number }>().executeTakeFirstOrThrow())).toBe(0);
    expect(await left(t.db.selectFrom('outbox').select((eb) => eb.fn.countAll().as('n')).where('topic', '=', 'test.retention-batch').$castTo<{ n: number }>().executeTakeFirstOrThrow())).toBe(0);
    expect(await left(t.db.selectFrom('job_side_effects').select((eb) => eb.fn.countAll().as('n')).where('key', 'like', 'job-%-batch-mail').$castTo<{ n: number }>().executeTakeFirstOrThrow())).toBe(0);
  });

  it('takes its period from RETENTION_DAYS', () => {
    expect(loadConfig({ ...process.env, RETENTION_DAYS: '90' }).retentionMs).toBe(90 * DAY);
    expect(loadConfig({ ...process.env, RETENTION_DAYS: undefined }).retentionMs).toBe(DEFAULT_RETENTION_MS);
    expect(() => loadConfig({ ...process.env, RETENTION_DAYS: '0' })).toThrow(/RETENTION_DAYS/);
  });
});
