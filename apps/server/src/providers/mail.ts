import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import { writeOutboxFile } from './file-outbox.ts';

/** A file carried with the mail; with a `cid`, shown inside the HTML as `<img src="cid:…">`. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
  cid?: string | undefined;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The HTML part; `text` stays the plain-text part for clients that show no HTML. */
  html?: string | undefined;
  attachments?: readonly MailAttachment[] | undefined;
  /** The same for every try of one send: becomes the Message-ID, so a resend is recognisable. */
  idempotencyKey?: string | undefined;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** The Message-ID of a send: stable across tries, so mail servers and clients drop a repeat. */
export const messageIdOf = (idempotencyKey: string) => `<${idempotencyKey}@simshop>`;

/** SMTP connections a process keeps open to the mail server, one message on each at a time. */
export const SMTP_CONNECTIONS = 5;

/**
 * How long a mail server may keep a send waiting (ms), unless SMTP_URL says otherwise. nodemailer's
 * own are 2 min to connect, 30 s for the greeting and 10 min of silence: a server that accepts
 * and never answers held a job that long.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as const;

/**
 * SMTP_URL with nodemailer's pool turned on unless the URL says otherwise: connections are
 * kept between messages (no new greeting per mail) and the worker's jobs send on several at once.
 */
export function pooledSmtpUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  if (!url.searchParams.has('maxConnections')) url.searchParams.set('maxConnections', String(SMTP_CONNECTIONS));
  for (const [name, ms] of Object.entries(SMTP_TIMEOUTS)) if (!url.searchParams.has(name)) url.searchParams.set(name, String(ms));
  return url.toString();
}

/** One transport per SMTP_URL in a process, shared by every mailer made for it (its pool is the process's). */
const transports = new Map<string, nodemailer.Transporter>();
function smtpTransport(smtpUrl: string): nodemailer.Transporter {
  let transport = transports.get(smtpUrl);
  if (!transport) transports.set(smtpUrl, (transport = nodemailer.createTransport(pooledSmtpUrl(smtpUrl))));
  return transport;
}

/** SMTP through nodemailer when SMTP_URL is set; otherwise the file outbox under data/. */
export function createMailer(config: Config): Mailer {
  if (config.mail.smtpUrl) {
    const transport = smtpTransport(config.mail.smtpUrl);
    return {
      async send(message) {
        const { idempotencyKey, attachments, ...mail } = message;
        await transport.sendMail({
          from: config.mail.from,
          ...mail,
          ...(attachments
            ? {
                attachments: attachments.map((a) => ({
                  filename: a.filename,
                  contentType: a.contentType,
                  content: a.content,
                  ...(a.cid ? { cid: a.cid, contentDisposition: 'inline' as const } : {}),
                })),
              }
            : {}),
          ...(idempotencyKey ? { messageId: messageIdOf(idempotencyKey) } : {}),
        });
      },
    };
  }
  return {
    async send(message) {
      // The HTML and its images are kept (base64) so a developer can open what the customer would see.
      await writeOutboxFile(config.dataDir, 'mail', message.to, {
        from: config.mail.from,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.attachments
          ? {
              attachments: message.attachments.map((a) => ({
                filename: a.filename,
                contentType: a.contentType,
                cid: a.cid ?? null,
                base64: a.content.toString('base64'),
              })),
            }
          : {}),
        ...(message.idempotencyKey ? { idempotencyKey: message.idempotencyKey } : {}),
      });
    },
  };
}
