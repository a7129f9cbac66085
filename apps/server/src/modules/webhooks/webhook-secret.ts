import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '@simshop/contract';

/**
 * A webhook endpoint's signing secret: made here (`whsec_` and 32 random bytes in base64, as
 * Standard Webhooks secrets are), shown to the reseller once, and kept sealed with AES-256-GCM
 * under a key derived from FILE_TOKEN_SECRET (the server's own, never sent to a browser), since
 * it must be read back to sign each delivery. The same scheme as the download tokens
 * (files/file-token.ts) with its own key label. Changing FILE_TOKEN_SECRET makes the sealed
 * secrets unreadable: their endpoints then need a rotated secret.
 */
const SECRET_BYTES = 32;

const keyFrom = (serverSecret: string) => createHash('sha256').update(`webhook-secret:${serverSecret}`).digest();

export const newWebhookSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;

export function sealWebhookSecret(serverSecret: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(serverSecret), iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The secret; throws when it was sealed under another server secret or altered. */
export function openWebhookSecret(serverSecret: string, sealed: string): string {
  const raw = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', keyFrom(serverSecret), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
