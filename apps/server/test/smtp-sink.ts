import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on loopback for a test: what the shop hands it is parsed (mailparser) and
 * kept in order. `failNext(n)` answers the next n messages with a temporary failure (451), as a
 * mail server under load does, so a test sees the shop retry.
 */
export interface SmtpSink {
  url: string;
  mails: ParsedMail[];
  failNext(count: number): void;
  /** Mails to one address. */
  to(address: string): ParsedMail[];
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: ParsedMail[] = [];
  let failing = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // The shop keeps its SMTP connections open (a pool): at the end of a test they are cut, not waited for.
    closeTimeout: 100,
    onData(stream, _session, callback) {
      if (failing > 0) {
        failing -= 1;
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('try again later'), { responseCode: 451 })));
        return;
      }
      // The HTML as sent: mailparser would otherwise put the inline images into it as data: URIs.
      simpleParser(stream, { keepCidLinks: true })
        .then((mail) => {
          mails.push(mail);
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    failNext(count) {
      failing = count;
    },
    to: (address) => mails.filter((m) => m.to && !Array.isArray(m.to) && m.to.value.some((v) => v.address === address)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The event a shop mail is about, from its Message-ID (`<n.esim_ready.order.SO…@simshop>`). */
export const kindOf = (mail: ParsedMail) => /^<n\.([a-z_]+)\./.exec(mail.messageId ?? '')?.[1];
export const ofKind = (mails: ParsedMail[], kind: string) => mails.filter((m) => kindOf(m) === kind);
