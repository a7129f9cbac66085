import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pushPayloadSchema } from '@simshop/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScheduledJobs } from '../src/background-jobs.ts';
import { drainOutbox } from '../src/jobs/outbox.ts';
import { makeSubscriber, startPushEndpoint, verifyVapid, type PushEndpoint } from './push-endpoint.ts';
import { useTestApp } from './harness.ts';
import { ofKind, startSmtpSink, type SmtpSink } from './smtp-sink.ts';

/**
 * Usage and expiry alerts: the sweep reads each eSIM's usage as its page does (the carrier
 * simulator counts the data from the install), claims each threshold once and the customer hears
 * of it by mail (or SMS) and on every browser they allowed notifications on; the push message is
 * read back here as the browser would, decrypted with the subscriber's own keys.
 */
const DAY = 86_400_000;
const MINUTE = 60_000;
const EID = '89049032004008882600012345678956';

let sink: SmtpSink;
let push: PushEndpoint;
beforeAll(async () => {
  sink = await startSmtpSink();
  push = await startPushEndpoint();
});
afterAll(async () => {
  await sink.close();
  await push.close();
});

const t = useTestApp(() => ({ SMTP_URL: sink.url }));
let smdp = '';
beforeAll(async () => {
  smdp = await t.listen();
});

/** Every scheduled rule at `at`, with the app's carrier, then the worker at the same time (the messages are queued for then). */
async function sweepAt(at: number) {
  await runScheduledJobs(t.db, at, t.providers);
  await drainOutbox(t.db, t.outboxHandlers, undefined, at);
}

/** A customer with an installed 3 GB / 15-day plan (its days count from the first connection). */
async function installedEsim(options: { phoneOnly?: boolean } = {}) {
  const customer = await t.signIn();
  if (options.phoneOnly) await t.db.updateTable('users').set({ email: null, tel: `1380013${String(customer.userId).padStart(4, '0')}` }).where('id', '=', customer.userId).execute();
  await t.buy(customer.token, 'ESIM-GLOBAL-3', 1);
  const [esim] = (await t.call('esim', 'list', {}, { token: customer.token })).body.data.items;
  const res = await fetch(`${smdp}/smdp-sim/device/install`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ matchingId: esim!.activationCode, eid: EID }) });
  expect(res.status).toBe(200);
  const user = await t.db.selectFrom('users').select(['email', 'tel']).where('id', '=', customer.userId).executeTakeFirstOrThrow();
  return { ...customer, esim: esim!, email: user.email, tel: user.tel };
}

/** Makes the plan's allowance such that what the network counted so far is `share` of it. */
async function makeUsedShare(token: string, esimId: number, share: number) {
  const used = (await t.call('esim', 'detail', { id: esimId }, { token })).body.data.usage!.usedMb!;
  await sql`update esims set data_mb = ${Math.round(used / share)} where id = ${esimId}`.execute(t.db);
}

const claimsOf = (esimId: number) => t.db.selectFrom('esim_usage_alerts').select(['threshold', 'plan_key', 'told']).where('esim_id', '=', esimId).orderBy('id').execute();
const alertMails = (email: string) => ofKind(sink.to(email), 'usage_alert');
const pushesTo = (path: string) => push.messages.filter((m) => m.path === path);

describe('usage and expiry alerts', () => {
  it('tells each threshold once, by mail and on the device, even with two sweeps at once and again', async () => {
    const { token, esim, email } = await installedEsim();
    const subscriber = makeSubscriber(`${push.base}/push/${esim.id}`);
    expect((await t.call('push', 'subscribe', subscriber.json, { token })).body.data).toEqual({ subscribed: true });
    const { publicKey } = (await t.call('push', 'key', {})).body.data;

    await makeUsedShare(token, esim.id, 0.8);
    // Two processes' rounds at the same moment, then the next round.
    await Promise.all([runScheduledJobs(t.db, Date.now(), t.providers), runScheduledJobs(t.db, Date.now(), t.providers)]);
    await sweepAt(Date.now());
    expect(await claimsOf(esim.id)).toEqual([{ threshold: 'data_75', plan_key: 'p0', told: 1 }]);
    const [mail] = alertMails(email!);
    expect(alertMails(email!)).toHaveLength(1);
    expect(mail!.subject).toBe(`75 % of your eSIM data is used: ${esim.name}`);
    for (const part of [mail!.html as string, mail!.text!]) {
      expect(part).toContain('Add data');
      expect(part).toContain(`/uni/pages/mine/esim/esim-detail?id=${esim.id}`);
    }
    const [message] = pushesTo(`/push/${esim.id}`);
    expect(pushesTo(`/push/${esim.id}`)).toHaveLength(1);
    expect(message!.headers['content-encoding']).toBe('aes128gcm');
    expect(verifyVapid(message!.headers.authorization, publicKey!)).toMatchObject({ aud: push.base, sub: expect.stringMatching(/^mailto:/) });
    const payload = pushPayloadSchema.parse(JSON.parse(subscriber.decrypt(message!.body)));
    expect(payload.title).toBe(`75 % of your eSIM data is used: ${esim.name}`);
    expect(payload.body).toContain(esim.name);
    expect(payload.url).toMatch(new RegExp(`/uni/pages/mine/esim/esim-detail\\?id=${esim.id}$`));

    // 90 %: told once, at the next look (5 minutes after one past 75 %); the 75 % is not told again.
    await makeUsedShare(token, esim.id, 0.95);
    const later = Date.now() + 6 * MINUTE;
    await sweepAt(later);
    await sweepAt(later);
    expect((await claimsOf(esim.id)).map((c) => c.threshold)).toEqual(['data_75', 'data_90']);
    expect(alertMails(email!).map((m) => m.subject)).toEqual([`75 % of your eSIM data is used: ${esim.name}`, `90 % of your eSIM data is used: ${esim.name}`]);
    const second = JSON.parse(subscriber.decrypt(pushesTo(`/push/${esim.id}`)[1]!.body)) as { title: string };
    expect(second.title).toContain('90 %');

    // Two days before the end of the 15 days, then the last day: each once.
    const started = (await t.call('esim', 'detail', { id: esim.id }, { token })).body.data.usage!.startedAt!;
    await sweepAt(started + 13 * DAY);
    await sweepAt(started + 13 * DAY + 60_000);
    await sweepAt(started + 14 * DAY + 3_600_000);
    expect((await claimsOf(esim.id)).map((c) => c.threshold)).toEqual(['data_75', 'data_90', 'days_3', 'days_1']);
    expect(alertMails(email!).map((m) => m.subject).slice(2)).toEqual([`Your eSIM plan ends in 3 days: ${esim.name}`, `Your eSIM plan ends within a day: ${esim.name}`]);
    expect(pushesTo(`/push/${esim.id}`)).toHaveLength(4);
    // Nothing after the end.
    await sweepAt(started + 16 * DAY);
    expect(alertMails(email!)).toHaveLength(4);
  });

  it('asks the network about an eSIM when its next look has come, once however many processes sweep', async () => {
    const { token, esim } = await installedEsim();
    await makeUsedShare(token, esim.id, 0.4);
    const carrier = t.providers.carrier!;
    const asked: string[] = [];
    const counting = { ...t.providers, carrier: Object.assign(Object.create(carrier) as typeof carrier, { dataUsage: (iccid: string) => (asked.push(iccid), carrier.dataUsage(iccid)) }) };
    const askedAbout = () => asked.filter((iccid) => iccid === esim.iccid).length;
    const nextLook = async () => Number((await t.db.selectFrom('esim_usage_checks').select('next_check_at').where('esim_id', '=', esim.id).executeTakeFirstOrThrow()).next_check_at);
    const at = Date.now();
    await Promise.all([runScheduledJobs(t.db, at, counting), runScheduledJobs(t.db, at, counting)]);
    await runScheduledJobs(t.db, at + MINUTE, counting);
    expect(askedAbout()).toBe(1);
    // Below half its data: looked at again half an hour later.
    expect(await nextLook()).toBe(at + 30 * MINUTE);
    await runScheduledJobs(t.db, at + 30 * MINUTE, counting);
    expect(askedAbout()).toBe(2);
    // Past 75 %: every five minutes.
    await makeUsedShare(token, esim.id, 0.8);
    await runScheduledJobs(t.db, at + 60 * MINUTE, counting);
    expect(askedAbout()).toBe(3);
    expect(await nextLook()).toBe(at + 65 * MINUTE);
  });

  it('reaching 75 % and 90 % between two rounds tells 90 % only', async () => {
    const { token, esim, email } = await installedEsim();
    await makeUsedShare(token, esim.id, 0.97);
    await sweepAt(Date.now());
    expect(await claimsOf(esim.id)).toEqual([
      { threshold: 'data_75', plan_key: 'p0', told: 0 },
      { threshold: 'data_90', plan_key: 'p0', told: 1 },
    ]);
    expect(alertMails(email!).map((m) => m.subject)).toEqual([`90 % of your eSIM data is used: ${esim.name}`]);
  });

  it('sends a phone-only customer a short text with the eSIM page, in their language', async () => {
    const { token, esim, tel } = await installedEsim({ phoneOnly: true });
    await t.call('user', 'set_notifications', { language: 'zh-Hans' }, { token });
    await makeUsedShare(token, esim.id, 0.8);
    await sweepAt(Date.now());
    const dir = join(t.config.dataDir, 'outbox', 'sms');
    const texts = readdirSync(dir)
      .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as { to: string; text: string })
      .filter((m) => m.to === tel && m.text.includes('流量已用'));
    expect(texts).toHaveLength(1);
    expect(texts[0]!.text).toMatch(new RegExp(`^【SimShop】您的eSIM .+流量已用75%。添加流量：http\\S+/uni/pages/mine/esim/esim-detail\\?id=${esim.id}$`));
    expect(texts[0]!.text.length).toBeLessThan(160);
  });

  it('sends nothing, by any channel, to a customer who turned usage alerts off', async () => {
    const { token, esim, email } = await installedEsim();
    const subscriber = makeSubscriber(`${push.base}/push/off-${esim.id}`);
    await t.call('push', 'subscribe', subscriber.json, { token });
    expect((await t.call('user', 'set_notifications', { usageAlerts: false }, { token })).body.data.usageAlerts).toBe(false);
    await makeUsedShare(token, esim.id, 0.95);
    await sweepAt(Date.now());
    expect(await claimsOf(esim.id)).toEqual([]);
    expect(alertMails(email!)).toEqual([]);
    expect(pushesTo(`/push/off-${esim.id}`)).toEqual([]);
  });

  it('an alert queued before the customer turned alerts off is not sent', async () => {
    const { token, esim, email } = await installedEsim();
    await makeUsedShare(token, esim.id, 0.8);
    await runScheduledJobs(t.db, Date.now(), t.providers);
    await t.call('user', 'set_notifications', { usageAlerts: false }, { token });
    await t.drain();
    expect(alertMails(email!)).toEqual([]);
    const row = await t.db.selectFrom('notifications').select(['skipped', 'sent_at']).where('kind', '=', 'usage_alert').where('user_id', '=', (await t.db.selectFrom('esims').select('user_id').where('id', '=', esim.id).executeTakeFirstOrThrow()).user_id!).executeTakeFirstOrThrow();
    expect(row).toEqual({ skipped: 'turned_off', sent_at: null });
  });

  it('drops a subscription its push service answers 410 for, and still mails', async () => {
    const { token, esim, email } = await installedEsim();
    const subscriber = makeSubscriber(`${push.base}/push/gone-${esim.id}`);
    await t.call('push', 'subscribe', subscriber.json, { token });
    push.gone.add(`/push/gone-${esim.id}`);
    await makeUsedShare(token, esim.id, 0.8);
    await sweepAt(Date.now());
    expect(alertMails(email!)).toHaveLength(1);
    expect((await t.call('push', 'status', { endpoint: subscriber.endpoint }, { token })).body.data).toEqual({ subscribed: false });
    expect(await t.db.selectFrom('push_subscriptions').select('id').where('endpoint', '=', subscriber.endpoint).execute()).toEqual([]);
  });
});
