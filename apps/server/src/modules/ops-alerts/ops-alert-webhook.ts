import { Webhook } from 'standardwebhooks';

/** How long the receiver may take to answer before the try counts as failed (the outbox retries it). */
export const ALERT_WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * Posts an alert as JSON, signed the Standard Webhooks way (the `standardwebhooks` library):
 * `webhook-id` is the same on every try of one alert, so the receiver can drop a repeat;
 * `webhook-timestamp` is this try's time in seconds; `webhook-signature` is `v1,<base64 HMAC-SHA256
 * of id.timestamp.body>` under the secret. Anything but a 2xx answer, or none in time, throws.
 */
export async function postSignedAlert(target: { url: string; secret: string }, messageId: string, body: string, timeoutMs = ALERT_WEBHOOK_TIMEOUT_MS): Promise<void> {
  const at = new Date();
  const signature = new Webhook(target.secret).sign(messageId, at, body);
  const res = await fetch(target.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'webhook-id': messageId,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': signature,
    },
    body,
    redirect: 'error',
    signal: AbortSignal.timeout(timeoutMs),
  });
  // The answer's body is not needed; reading it frees the connection.
  await res.arrayBuffer().catch(() => undefined);
  if (!res.ok) throw new Error(`the alert webhook answered HTTP ${res.status}`);
}
