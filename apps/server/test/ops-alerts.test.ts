import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverErrors, type StaffRole } from '@simshop/contract';
import { runScheduledJobs } from '../src/background-jobs.ts';
import { drainOutbox, enqueueMessage, MAX_ATTEMPTS } from '../src/jobs/outbox.ts';
import { useTestApp } from './harness.ts';

/**
 * Failure alerts to staff: a job that gave up and a paid eSIM not issued in 10 minutes are mailed
 * to the staff who asked (in their language) and posted to a signed webhook, at most once an
 * hour per kind. The clock is the one the scheduler's round is given (`runScheduledJobs(db, now)`).
 */
const hooks: { headers: IncomingHttpHeaders; body: string; status: number }[] = [];
let hookStatus = 200;
let hookUrl = '';
const secret = `whsec_${randomBytes(32).toString('base64')}`;
const receiver = createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => (body += chunk));
  req.on('end', () => {
    hooks.push({ headers: req.headers, body, status: hookStatus });
    res.statusCode = hookStatus;
    res.end();
  });
});
beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/alerts`;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

// Nothing answers on the SM-DP+'s port: on-demand eSIMs cannot be issued.
const t = useTestApp(() => ({ ALERT_WEBHOOK_URL: hookUrl, ALERT_WEBHOOK_SECRET: secret, SMDP_URL: 'http://127.0.0.1:9/smdp', PUBLIC_URL: 'https://shop.example.com' }));

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}
/** The mails to staff so far (customers' are at example.com), oldest first. */
function staffMails(): Mail[] {
  const dir = join(t.config.dataDir, 'outbox', 'mail');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Mail)
    .filter((m) => m.to.endsWith('@simshop.local'));
}
const jobMails = (mails: Mail[]) => mails.filter((m) => /background job|后台任务/.test(m.subject));
const esimMails = (mails: Mail[]) => mails.filter((m) => /eSIM/.test(m.subject));

/** The scheduler's round at `now`, then the worker delivers what is due by then (what the round queued). */
async function round(now: number) {
  await runScheduledJobs(t.db, now);
  await drainOutbox(t.db, t.outboxHandlers, undefined, now);
}

/** A job that gives up: its last try fails (no handler knows its topic). */
async function giveUp(tag: string) {
  await enqueueMessage(t.db, 'test.gives-up', { tag });
  await t.db.updateTable('outbox').set({ attempts: MAX_ATTEMPTS - 1 }).where('topic', '=', 'test.gives-up').where('failed_at', 'is', null).where('done_at', 'is', null).execute();
  await t.drain();
  return t.db.selectFrom('outbox').selectAll().where('topic', '=', 'test.gives-up').where('payload', 'like', `%${tag}%`).executeTakeFirstOrThrow();
}

// A member the owner added has replaced the one-time password (security-staff.test.ts checks that step).
const merchantStaffToken = async () => {
  await t.db.updateTable('staff').set({ must_change_password: 0 }).where('email', '=', 'merchant@simshop.local').execute();
  return (await t.staffSignIn('merchant' as StaffRole)).token;
};
const save = (token: string, body: Record<string, unknown>) => t.call('adminOpsAlerts', 'save_settings', body, { token });
const optIn = async (role: StaffRole, language: 'en' | 'zh-Hans') => expect((await save((await t.staffSignIn(role)).token, { opsAlerts: true, language })).body.code).toBe(0);

describe('the alert preference', () => {
  it('is each staff member’s own, saved with an audit row', async () => {
    const { staffId, token } = await t.staffSignIn('owner');
    expect((await t.call('adminOpsAlerts', 'settings', {}, { token })).body).toMatchObject({ code: 0, data: { opsAlerts: false, language: null } });
    expect((await save(token, { opsAlerts: true, language: 'en' })).body).toMatchObject({ code: 0, data: { opsAlerts: true, language: 'en' } });
    expect((await t.call('adminOpsAlerts', 'settings', {}, { token })).body.data).toEqual({ opsAlerts: true, language: 'en' });
    const audit = (await t.auditOf('staff', staffId)).filter((a) => a.action === 'staff.ops_alerts');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: 'owner@simshop.local', staff_id: staffId });
    expect(JSON.parse(audit[0]!.before_json!)).toEqual({ opsAlerts: false, language: null });
    expect(JSON.parse(audit[0]!.after_json!)).toEqual({ opsAlerts: true, language: 'en' });
    // Operator and finance see the jobs page: they may ask too; another member's choice is theirs.
    for (const role of ['operator', 'finance'] as const) {
      expect((await t.call('adminOpsAlerts', 'settings', {}, { token: (await t.staffSignIn(role)).token })).body).toMatchObject({ code: 0, data: { opsAlerts: false } });
    }
  });

  it('refuses bad input, no session, and staff who do not see the shop’s jobs, writing nothing', async () => {
    const { staffId, token } = await t.staffSignIn('owner');
    const rows = async () => (await t.auditOf('staff', staffId)).length;
    const before = await rows();
    expect((await save(token, {})).body).toMatchObject({ code: serverErrors.paramMissing.code, field: 'opsAlerts' });
    expect((await save(token, { opsAlerts: 'yes', language: 'en' })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'opsAlerts' });
    expect((await save(token, { opsAlerts: true, language: 'fr' })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'language' });
    expect((await save(token, { opsAlerts: true })).body).toMatchObject({ code: serverErrors.paramMissing.code, field: 'language' });
    expect((await t.call('adminOpsAlerts', 'save_settings', { opsAlerts: true, language: 'en' })).http).toBe(401);
    expect((await t.call('adminOpsAlerts', 'settings', {})).http).toBe(401);
    expect(await rows()).toBe(before);
    // Support has no jobs page; a merchant's staff member sees only their merchant's data.
    for (const [who, refused] of [['support', (await t.staffSignIn('support')).token], ['merchant', await merchantStaffToken()]] as const) {
      expect((await t.call('adminOpsAlerts', 'settings', {}, { token: refused })).body.code, who).toBe(serverErrors.permissionDenied.code);
      expect((await save(refused, { opsAlerts: true, language: 'en' })).body.code, who).toBe(serverErrors.permissionDenied.code);
    }
    expect(await t.db.selectFrom('staff_alert_settings').innerJoin('staff', 'staff.id', 'staff_alert_settings.staff_id').select('staff.email').where('staff.email', 'in', ['support@simshop.local', 'merchant@simshop.local']).execute()).toEqual([]);
  });
});

describe('failure alerts', () => {
  // Far enough ahead of the orders bought here that their own rounds do not overlap these.
  const base = Date.now() + 24 * HOUR;

  it('mails a paid eSIM order not issued within 10 minutes once, to those who asked, with a link to the order', async () => {
    await optIn('owner', 'en');
    await optIn('operator', 'zh-Hans');
    const { token } = await t.signIn();
    const orderNo = await t.buy(token, 'ESIM-GLOBAL-3', 1);
    expect((await t.call('order', 'detail', { orderNo }, { token })).body.data).toMatchObject({ status: 'paid' });
    const orderId = (await t.db.selectFrom('orders').select('id').where('order_no', '=', orderNo).executeTakeFirstOrThrow()).id;
    const paidAt = Number((await t.db.selectFrom('outbox').select('created_at').where('topic', '=', 'order.fulfil').where('ref', '=', `order:${orderId}`).executeTakeFirstOrThrow()).created_at);
    const before = staffMails().length;

    await round(paidAt + 5 * MINUTE);
    expect(esimMails(staffMails().slice(before))).toEqual([]);

    await round(paidAt + 11 * MINUTE);
    const mails = esimMails(staffMails().slice(before));
    expect(mails.map((m) => m.to).sort()).toEqual(['operator@simshop.local', 'owner@simshop.local']);
    const owner = mails.find((m) => m.to === 'owner@simshop.local')!;
    expect(owner.subject).toBe('SimShop: 1 paid eSIM order(s) not issued after 10 minutes');
    expect(owner.text).toContain(orderNo);
    expect(owner.text).toMatch(/ECONNREFUSED|fetch failed/);
    expect(owner.html).toContain(`https://shop.example.com/console/orders/${orderNo}`);
    expect(owner.html).toContain('lang="en"');
    const operator = mails.find((m) => m.to === 'operator@simshop.local')!;
    expect(operator.subject).toBe('SimShop：1 个已付款的 eSIM 订单在 10 分钟后仍未发放');
    expect(operator.html).toContain('lang="zh-Hans"');

    // Still waiting an hour later: told already, not mailed again.
    await round(paidAt + 11 * MINUTE + HOUR + MINUTE);
    expect(esimMails(staffMails().slice(before))).toHaveLength(2);
  });

  it('mails a job that gave up to those who asked, at most once an hour, and the next one after the hour', async () => {
    await optIn('owner', 'en');
    await optIn('operator', 'zh-Hans');
    const finance = await t.staffSignIn('finance');
    expect((await save(finance.token, { opsAlerts: false, language: 'en' })).body.code).toBe(0);
    const before = staffMails().length;
    const first = await giveUp('first');
    expect(first.failed_at).not.toBeNull();

    await round(base);
    let mails = jobMails(staffMails().slice(before));
    // One each to the two who asked; none to finance, who did not, nor to support, who may not.
    expect(mails.map((m) => m.to).sort()).toEqual(['operator@simshop.local', 'owner@simshop.local']);
    const owner = mails.find((m) => m.to === 'owner@simshop.local')!;
    expect(owner.subject).toBe('SimShop: 1 background job(s) gave up');
    expect(owner.text).toContain(`#${first.id} · test.gives-up`);
    expect(owner.text).toContain('no handler for outbox topic test.gives-up');
    expect(owner.html).toContain('https://shop.example.com/console/jobs?status=failed');
    expect(mails.find((m) => m.to === 'operator@simshop.local')!.subject).toBe('SimShop：1 个后台任务已放弃');
    expect((await t.db.selectFrom('outbox').select('alerted_at').where('id', '=', first.id).executeTakeFirstOrThrow()).alerted_at).toBe(base);

    // A second job gives up within the hour: no second mail, and it waits for its turn.
    const second = await giveUp('second');
    await round(base + 10 * MINUTE);
    await round(base + 59 * MINUTE);
    expect(jobMails(staffMails().slice(before))).toHaveLength(2);
    expect((await t.db.selectFrom('outbox').select('alerted_at').where('id', '=', second.id).executeTakeFirstOrThrow()).alerted_at).toBeNull();

    // After the hour: a new mail each, telling of the second job only.
    await round(base + 61 * MINUTE);
    mails = jobMails(staffMails().slice(before));
    expect(mails).toHaveLength(4);
    const later = mails.slice(2).find((m) => m.to === 'owner@simshop.local')!;
    expect(later.text).toContain(`#${second.id} · test.gives-up`);
    expect(later.text).not.toContain(`#${first.id} · `);
    // Nothing new since: the next turn sends nothing.
    await round(base + 3 * HOUR);
    expect(jobMails(staffMails().slice(before))).toHaveLength(4);
  });

  it('posts the alert to the webhook, signed the Standard Webhooks way, and retries a refused post with the same id', async () => {
    const at = base + 5 * HOUR;
    hooks.length = 0;
    hookStatus = 503;
    const job = await giveUp('webhook');
    await round(at);
    expect(hooks).toHaveLength(1);
    const webhookJob = await t.db.selectFrom('outbox').selectAll().where('topic', '=', 'ops_alert.webhook').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(webhookJob).toMatchObject({ done_at: null, attempts: 1, last_error: 'the alert webhook answered HTTP 503' });

    hookStatus = 200;
    await drainOutbox(t.db, t.outboxHandlers, undefined, at + MINUTE);
    expect(hooks).toHaveLength(2);
    expect((await t.db.selectFrom('outbox').select('done_at').where('id', '=', webhookJob.id).executeTakeFirstOrThrow()).done_at).not.toBeNull();
    const [refused, delivered] = hooks as [(typeof hooks)[number], (typeof hooks)[number]];
    expect(delivered.headers['webhook-id']).toBe(refused.headers['webhook-id']);
    expect(delivered.headers['content-type']).toBe('application/json');
    expect(delivered.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+={0,2}$/);

    const payload = new Webhook(secret).verify(delivered.body, delivered.headers as Record<string, string>) as { type: string; timestamp: string; data: { kind: string; count: number; link: string; items: { jobId: number; topic: string; lastError: string }[] } };
    expect(payload).toMatchObject({ type: 'ops_alert.job_failed', timestamp: new Date(at).toISOString(), data: { kind: 'job_failed', count: 1, link: 'https://shop.example.com/console/jobs?status=failed' } });
    expect(payload.data.items).toEqual([expect.objectContaining({ jobId: job.id, topic: 'test.gives-up', lastError: 'no handler for outbox topic test.gives-up' })]);
    // The signature covers the body and needs the secret.
    expect(() => new Webhook(secret).verify(delivered.body.replace('"count":1', '"count":2'), delivered.headers as Record<string, string>)).toThrow();
    expect(() => new Webhook(`whsec_${randomBytes(32).toString('base64')}`).verify(delivered.body, delivered.headers as Record<string, string>)).toThrow();
  });
});
