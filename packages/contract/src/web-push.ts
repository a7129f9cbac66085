import { z } from 'zod';

/**
 * Web Push (RFC 8030 with VAPID, RFC 8292): the browser subscribes with the shop's public key and
 * hands the shop its PushSubscription, which the shop keeps for the signed-in customer and posts
 * encrypted alerts to (RFC 8291).
 */

/** base64url without padding, as the browser's `PushSubscription.toJSON()` gives the keys. */
const base64url = (bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    // ceil(bytes * 4 / 3) characters without padding.
    .length(Math.ceil((bytes * 4) / 3));

/**
 * A browser's subscription: its push service URL and its keys (an uncompressed P-256 point of 65
 * bytes and a 16-byte auth secret). The server also refuses an endpoint that is not https (or that
 * names a private address) in production: `pushSubscriptionInvalid`.
 */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(1000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url(65), auth: base64url(16) }),
});
export type PushSubscriptionJson = z.infer<typeof pushSubscriptionSchema>;

/** The shop's VAPID public key (base64url) for `pushManager.subscribe`; null: this shop sends no Web Push. */
export const pushKeyResponse = z.object({ publicKey: z.string().nullable() });

export const pushEndpointRequest = z.object({ endpoint: z.url({ protocol: /^https?$/ }).max(1000) });

/** Whether this browser's subscription is kept for the caller (a browser another account subscribed is off for this one). */
export const pushStatusResponse = z.object({ subscribed: z.boolean() });

/** What a push message carries: the service worker shows it and opens `url` on a click. */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
