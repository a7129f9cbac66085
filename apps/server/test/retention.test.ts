import { describe, expect, it } from 'vitest';
import { DEFAULT_RETENTION_MS, runScheduledJobs } from '../src/background-jobs.ts';
import { loadConfig } from '../src/config.ts';
import { useTestApp } from './harness.ts';

/** The scheduled rounds delete what was spent before the retention period, and nothing else. */
const t = useTestApp();
const DAY = 86_400_000;

describe('retention', () => {
  it('deletes ended sessions, expired codes, old rate-limit windows and finished jobs; keeps the rest', async () => {
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
    // A job that gave up stays for staff to retry; a finished one goes with the record of its sends.
    expect((await t.db.selectFrom('outbox').select('id').where('topic', '=', 'test.retention').orderBy('id').execute()).map((r) => r.id)).toEqual([doneLately, gaveUpLongAgo]);
    expect((await t.db.selectFrom('job_side_effects').select('job_id').where('job_id', 'in', [doneLongAgo, doneLately]).execute()).map((r) => r.job_id)).toEqual([doneLately]);
  });

  it('takes its period from RETENTION_DAYS', () => {
    expect(loadConfig({ ...process.env, RETENTION_DAYS: '90' }).retentionMs).toBe(90 * DAY);
    expect(loadConfig({ ...process.env, RETENTION_DAYS: undefined }).retentionMs).toBe(DEFAULT_RETENTION_MS);
    expect(() => loadConfig({ ...process.env, RETENTION_DAYS: '0' })).toThrow(/RETENTION_DAYS/);
  });
});
