import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import { writeOutboxFile } from './file-outbox.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The same for every try of one send: becomes the Message-ID, so a resend is recognisable. */
  idempotencyKey?: string | undefined;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** SMTP through nodemailer when SMTP_URL is set; otherwise the file outbox under data/. */
export function createMailer(config: Config): Mailer {
  if (config.mail.smtpUrl) {
    const transport = nodemailer.createTransport(config.mail.smtpUrl);
    return {
      async send(message) {
        const { idempotencyKey, ...mail } = message;
        await transport.sendMail({ from: config.mail.from, ...mail, ...(idempotencyKey ? { messageId: `<${idempotencyKey}@simshop>` } : {}) });
      },
    };
  }
  return {
    async send(message) {
      await writeOutboxFile(config.dataDir, 'mail', message.to, { from: config.mail.from, subject: message.subject, text: message.text, ...(message.idempotencyKey ? { idempotencyKey: message.idempotencyKey } : {}) });
    },
  };
}
