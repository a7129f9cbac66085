import type { Config } from '../config.ts';
import { writeOutboxFile } from './file-outbox.ts';

export interface SmsMessage {
  to: string;
  text: string;
  /** The same for every try of one send: the gateway's Idempotency-Key header. */
  idempotencyKey?: string | undefined;
}

export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/**
 * SMS through a gateway: SMS_WEBHOOK_URL receives `POST {to, text}` as JSON with a bearer token,
 * which adapts to any SMS provider; without it, the file outbox under data/.
 */
export function createSmsSender(config: Config): SmsSender {
  const { webhookUrl, webhookToken } = config.sms;
  if (webhookUrl) {
    return {
      async send(message) {
        const res = await fetch(webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(webhookToken ? { authorization: `Bearer ${webhookToken}` } : {}), ...(message.idempotencyKey ? { 'idempotency-key': message.idempotencyKey } : {}) },
          body: JSON.stringify({ to: message.to, text: message.text }),
          signal: AbortSignal.timeout(15_000),
        });
        if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
      },
    };
  }
  return {
    async send(message) {
      await writeOutboxFile(config.dataDir, 'sms', message.to, { text: message.text, ...(message.idempotencyKey ? { idempotencyKey: message.idempotencyKey } : {}) });
    },
  };
}
