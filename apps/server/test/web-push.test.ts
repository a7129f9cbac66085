import { serverErrors } from '@simshop/contract';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { subscribe, vapidDetails } from '../src/modules/web-push/web-push.service.ts';
import { makeSubscriber } from './push-endpoint.ts';
import { useTestApp } from './harness.ts';

/**
 * Alerts on this device: the shop's VAPID public key for anyone, and the browser's
 * subscription kept for the signed-in customer only.
 */
const t = useTestApp();
const ENDPOINT = 'https://push.example.net/wpush/v2/';

describe('the VAPID key', () => {
  it('is public, a P-256 point, made once and shared through the database', async () => {
    const first = (await t.call('push', 'key', {})).body;
    expect(first.code).toBe(0);
    const key = first.data.publicKey!;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    expect((await t.call('push', 'key', {})).body.data.publicKey).toBe(key);
    // Another process on the same database reads the same pair (nothing lives only in memory).
    const other = await vapidDetails(t.db, loadConfig({ NODE_ENV: 'development', DATA_DIR: t.config.dataDir }));
    expect(other?.publicKey).toBe(key);
    expect(await t.db.selectFrom('push_vapid_keys').select('name').execute()).toHaveLength(1);
  });

  it('is the configured one when VAPID_* are set, and production without them sends no push', async () => {
    const configured = { publicKey: 'BConfigured', privateKey: 'private', subject: 'mailto:ops@example.com' };
    expect(await vapidDetails(t.db, { env: 'production', vapid: configured, mail: t.config.mail })).toEqual(configured);
    expect(await vapidDetails(t.db, { env: 'production', vapid: null, mail: t.config.mail })).toBeNull();
    expect(() => loadConfig({ NODE_ENV: 'development', VAPID_PUBLIC_KEY: 'x' })).toThrow(/VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT go together/);
  });
});

describe('subscribing a browser', () => {
  it('keeps, reports and forgets the caller\'s subscription', async () => {
    const { token } = await t.signIn();
    const sub = makeSubscriber(`${ENDPOINT}${Date.now()}`);
    expect((await t.call('push', 'status', { endpoint: sub.endpoint }, { token })).body.data).toEqual({ subscribed: false });
    expect((await t.call('push', 'subscribe', sub.json, { token })).body.data).toEqual({ subscribed: true });
    // Again (the browser renews its keys): still one row.
    expect((await t.call('push', 'subscribe', makeSubscriber(sub.endpoint).json, { token })).body.data).toEqual({ subscribed: true });
    expect(await t.db.selectFrom('push_subscriptions').select('id').where('endpoint', '=', sub.endpoint).execute()).toHaveLength(1);
    expect((await t.call('push', 'status', { endpoint: sub.endpoint }, { token })).body.data).toEqual({ subscribed: true });
    expect((await t.call('push', 'unsubscribe', { endpoint: sub.endpoint }, { token })).body.data).toEqual({ subscribed: false });
    expect((await t.call('push', 'status', { endpoint: sub.endpoint }, { token })).body.data).toEqual({ subscribed: false });
  });

  it('refuses a subscription the shop cannot use with its catalogue error, writing nothing', async () => {
    const { token } = await t.signIn();
    const sub = makeSubscriber(`${ENDPOINT}bad-${Date.now()}`);
    // 65 bytes that are no point on P-256.
    const notAPoint = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url');
    const offCurve = await t.call('push', 'subscribe', { ...sub.json, keys: { ...sub.json.keys, p256dh: notAPoint } }, { token });
    expect(offCurve.body.code).toBe(serverErrors.pushSubscriptionInvalid.code);
    for (const [broken, error] of [
      [{ ...sub.json, keys: { ...sub.json.keys, auth: 'c2hvcnQ' } }, serverErrors.paramInvalid],
      [{ ...sub.json, keys: { p256dh: sub.json.keys.p256dh } }, serverErrors.paramMissing],
      [{ ...sub.json, endpoint: 'ftp://push.example.net/x' }, serverErrors.paramInvalid],
      [{ ...sub.json, endpoint: 'not a url' }, serverErrors.paramInvalid],
    ] as const) {
      expect((await t.call('push', 'subscribe', broken, { token })).body.code).toBe(error.code);
    }
    expect(await t.db.selectFrom('push_subscriptions').select('id').where('endpoint', 'like', `${ENDPOINT}bad-%`).execute()).toEqual([]);
  });

  it('in production takes only an https endpoint on a public host', async () => {
    const { userId } = await t.signIn();
    const production = { env: 'production' as const, vapid: { publicKey: 'k', privateKey: 'p', subject: 'mailto:ops@example.com' }, mail: t.config.mail };
    for (const endpoint of ['http://push.example.net/x', 'https://127.0.0.1/x', 'https://[::1]/x', 'https://localhost/x', 'https://push-service/x', 'https://metadata.internal/x']) {
      await expect(subscribe(t.db, production, userId, makeSubscriber(endpoint).json, Date.now())).rejects.toMatchObject({ def: serverErrors.pushSubscriptionInvalid });
    }
    await expect(subscribe(t.db, production, userId, makeSubscriber(`${ENDPOINT}prod-${userId}`).json, Date.now())).resolves.toEqual({ subscribed: true });
    await expect(subscribe(t.db, { ...production, vapid: null }, userId, makeSubscriber(`${ENDPOINT}off-${userId}`).json, Date.now())).rejects.toMatchObject({ def: serverErrors.pushUnavailable });
  });

  it("leaves another customer's subscription alone, and a browser subscribed again moves to the new account", async () => {
    const a = await t.signIn();
    const b = await t.signIn();
    const sub = makeSubscriber(`${ENDPOINT}shared-${Date.now()}`);
    await t.call('push', 'subscribe', sub.json, { token: a.token });
    expect((await t.call('push', 'status', { endpoint: sub.endpoint }, { token: b.token })).body.data).toEqual({ subscribed: false });
    expect((await t.call('push', 'unsubscribe', { endpoint: sub.endpoint }, { token: b.token })).body.data).toEqual({ subscribed: false });
    expect((await t.call('push', 'status', { endpoint: sub.endpoint }, { token: a.token })).body.data).toEqual({ subscribed: true });
    // B signs in on the same browser and turns alerts on: the device now alerts B, not A.
    await t.call('push', 'subscribe', sub.json, { token: b.token });
    expect((await t.call('push', 'status', { endpoint: sub.endpoint }, { token: a.token })).body.data).toEqual({ subscribed: false });
    expect((await t.call('push', 'status', { endpoint: sub.endpoint }, { token: b.token })).body.data).toEqual({ subscribed: true });
  });

  it('refuses every subscription action signed out, and answers the key signed out', async () => {
    const sub = makeSubscriber(`${ENDPOINT}anon`);
    expect((await t.call('push', 'subscribe', sub.json)).body.code).toBe(serverErrors.unauthenticated.code);
    expect((await t.call('push', 'unsubscribe', { endpoint: sub.endpoint })).body.code).toBe(serverErrors.unauthenticated.code);
    expect((await t.call('push', 'status', { endpoint: sub.endpoint })).body.code).toBe(serverErrors.unauthenticated.code);
    expect((await t.call('push', 'key', {})).body.code).toBe(0);
  });
});
