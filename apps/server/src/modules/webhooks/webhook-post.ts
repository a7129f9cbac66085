import { Webhook } from 'standardwebhooks';

/** How long a receiver may take to answer before the try counts as failed. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Bytes of the receiver's answer kept in the delivery log. */
export const ANSWER_EXCERPT_BYTES = 500;

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
export async function postSigned(url: string, secret: string, messageId: string, body: string, timeoutMs = WEBHOOK_TIMEOUT_MS): Promise<PostOutcome> {
  const at = new Date();
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  try {
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
