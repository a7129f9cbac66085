import { ECDH } from 'node:crypto';
import { isIP } from 'node:net';
import { serverErrors, type PushPayload, type PushSubscriptionJson } from '@simshop/contract';
import webpush from 'web-push';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import * as pushRows from './web-push.repository.ts';

export interface VapidDetails {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const GENERATED = 'generated';

/** A contact for the push services (VAPID `sub`): the shop's From address. */
function subjectOf(config: Pick<Config, 'mail'>): string {
  const address = /<([^>]+)>/.exec(config.mail.from)?.[1] ?? config.mail.from;
  return `mailto:${address.includes('@') ? address.trim() : 'no-reply@simshop.local'}`;
}

/**
 * The VAPID pair the shop signs with: the configured one, or (outside production) one made once
 * and kept in the database, so every process signs with the same key and a browser's
 * subscription, made with its public half, stays valid. Null: no Web Push (production without keys).
 */
export async function vapidDetails(db: Executor, config: Pick<Config, 'env' | 'vapid' | 'mail'>, now = Date.now()): Promise<VapidDetails | null> {
  if (config.vapid) return config.vapid;
  if (config.env === 'production') return null;
  let row = await pushRows.findVapidKeys(db, GENERATED);
  if (!row) {
    const made = webpush.generateVAPIDKeys();
    await pushRows.insertVapidKeysOnce(db, { name: GENERATED, publicKey: made.publicKey, privateKey: made.privateKey, now });
    row = await pushRows.findVapidKeys(db, GENERATED);
    if (!row) throw new Error('the VAPID key pair was not stored');
  }
  return { publicKey: row.public_key, privateKey: row.private_key, subject: subjectOf(config) };
}

export async function vapidPublicKey(db: Executor, config: Pick<Config, 'env' | 'vapid' | 'mail'>) {
  return { publicKey: (await vapidDetails(db, config))?.publicKey ?? null };
}

/** Host names a production push service never has: the server must not be made to post to its own network. */
function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return isIP(host) !== 0 || host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal') || !host.includes('.');
}

/**
 * What the schema cannot see: in production the endpoint is https on a public host name (the
 * server posts to it), and the browser's key is a point on P-256 (else nothing can be encrypted to it).
 */
function checkSubscription(config: Pick<Config, 'env'>, sub: PushSubscriptionJson) {
  const url = new URL(sub.endpoint);
  if (config.env === 'production' && (url.protocol !== 'https:' || isPrivateHost(url.hostname))) throw new AppError(serverErrors.pushSubscriptionInvalid, 'endpoint');
  try {
    ECDH.convertKey(Buffer.from(sub.keys.p256dh, 'base64url'), 'prime256v1', undefined, undefined, 'uncompressed');
  } catch {
    throw new AppError(serverErrors.pushSubscriptionInvalid, 'keys.p256dh');
  }
}

export async function subscribe(db: Executor, config: Pick<Config, 'env' | 'vapid' | 'mail'>, userId: number, sub: PushSubscriptionJson, now: number) {
  if (!(await vapidDetails(db, config, now))) throw new AppError(serverErrors.pushUnavailable);
  checkSubscription(config, sub);
  await pushRows.upsertSubscription(db, { userId, endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth, now });
  return { subscribed: true };
}

export async function unsubscribe(db: Executor, userId: number, endpoint: string) {
  await pushRows.deleteOwn(db, userId, endpoint);
  return { subscribed: false };
}

export async function subscriptionStatus(db: Executor, userId: number, endpoint: string) {
  return { subscribed: (await pushRows.findOwn(db, userId, endpoint)) !== undefined };
}

export type PushTarget = Awaited<ReturnType<typeof pushRows.subscriptionsOf>>[number];

/** The browsers a customer gets alerts on. */
export const pushTargets = (db: Executor, userId: number) => pushRows.subscriptionsOf(db, userId);

/** A push service's answer the shop cannot act on: the job retries later. */
export class PushFailed extends Error {}

/**
 * Posts one encrypted message (aes128gcm, RFC 8291) signed with the VAPID key (RFC 8292) to a
 * browser's push service. The library builds the request; the shop sends it itself, so an http
 * endpoint on loopback works in tests as https does in production. A subscription its push service
 * no longer knows (404, 410) is removed: 'gone'. Anything else but 2xx throws.
 */
export async function deliverPush(db: Executor, vapid: VapidDetails, target: PushTarget, payload: PushPayload, options: { ttlSeconds: number }): Promise<'sent' | 'gone'> {
  const request = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(payload), {
    vapidDetails: vapid,
    contentEncoding: 'aes128gcm',
    TTL: options.ttlSeconds,
    urgency: 'normal',
  });
  const res = await fetch(request.endpoint, { method: request.method, headers: request.headers as Record<string, string>, body: request.body ?? null, signal: AbortSignal.timeout(15_000) });
  await res.body?.cancel();
  if (res.status === 404 || res.status === 410) {
    await pushRows.deleteGone(db, target.id, target.endpoint);
    return 'gone';
  }
  if (res.status < 200 || res.status > 299) throw new PushFailed(`push service answered ${res.status}`);
  return 'sent';
}
