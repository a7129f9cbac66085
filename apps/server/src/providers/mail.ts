import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import { writeOutboxFile } from './file-outbox.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
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
        await transport.sendMail({ from: config.mail.from, ...message });
      },
    };
  }
  return {
    async send(message) {
      await writeOutboxFile(config.dataDir, 'mail', message.to, { from: config.mail.from, subject: message.subject, text: message.text });
    },
  };
}
