import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** How long a receiver may take to answer before the try counts as failed. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Bytes of the receiver's answer kept in the delivery log. */
export const ANSWER_EXCERPT_BYTES = 500;

/** Addresses a webhook may not reach in production: this machine, private and link-local networks, multicast, reserved. */
const PRIVATE = new BlockList();
for (const [net, bits] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 3]] as const) PRIVATE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [['::', 127], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96]] as const) PRIVATE.addSubnet(net, bits, 'ipv6');

function isPrivate(address: string): boolean {
  // An IPv4 address written as IPv6 (::ffff:a.b.c.d) is the IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return PRIVATE.check(mapped, 'ipv4');
  return PRIVATE.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

/**
 * Why a URL may not be posted to in production (null: it may): its host is, or resolves to, an
 * address of this machine or a private network, which a reseller's endpoint must never reach
 * through the shop. Checked before each try; a name that resolves differently between this check
 * and the connection (DNS rebinding) is not caught here.
 */
export async function privateAddressProblem(url: string): Promise<string | null> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  const bad = addresses.find(isPrivate);
  return bad === undefined ? null : `${host} is a private address (${bad}): webhooks go to public addresses only`;
}

export interface PostOutcome {
  /** null: no answer (refused, timed out, not reachable). */
  statusCode: number | null;
  /** The answer's first bytes, or why there was none. */
  answer: string;
  durationMs: number;
}

/**
 * Posts one delivery, signed by the `standardwebhooks` library (`webhook-signature: v1,<base64
 * HMAC-SHA256 of id.timestamp.body>`); `webhook-id` is the message's, the same on every try, so
 * the receiver can drop a repeat; `webhook-timestamp` is this try's. Redirects are not followed
 * (the 3xx is the answer). Never throws: the outcome says what happened.
 */
export async function postSigned(url: string, secret: string, messageId: string, body: string, options: { publicOnly: boolean; timeoutMs?: number }): Promise<PostOutcome> {
  const at = new Date();
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  try {
    const refused = options.publicOnly ? await privateAddressProblem(url) : null;
    if (refused) return { statusCode: null, answer: refused, durationMs: took() };
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'simshop-webhooks/1',
        'webhook-id': messageId,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': new Webhook(secret).sign(messageId, at, body),
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { statusCode: res.status, answer: await excerpt(res), durationMs: took() };
  } catch (err) {
    const reason = err instanceof Error && err.name === 'TimeoutError' ? `no answer within ${timeoutMs / 1000} s` : errorText(err);
    return { statusCode: null, answer: reason, durationMs: took() };
  }
}

/** The answer's first bytes as text; the rest is not read (the connection is closed). */
async function excerpt(res: Response): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < ANSWER_EXCERPT_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } catch {
    // A body cut off midway: what came is the excerpt.
  } finally {
    void reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).subarray(0, ANSWER_EXCERPT_BYTES).toString('utf8');
}

function errorText(err: unknown): string {
  const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
  return `${err instanceof Error ? err.message : String(err)}${cause}`.slice(0, ANSWER_EXCERPT_BYTES);
}
