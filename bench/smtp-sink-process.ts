import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { SMTPServer } from 'smtp-server';

/**
 * The mail bench's SMTP sink, in a process of its own (as the server and the load generator
 * are): the same smtp-server setup as the API tests' sink, but it keeps nothing. It writes one
 * JSON line to standard output when it listens (`{"port"}`) and one per message accepted
 * (`{"id", "at"}`: the Message-ID and the wall-clock time the message's last byte arrived). Only
 * the header is read, so the sink costs little next to the shop it measures. `hold` on standard
 * input leaves every message unanswered from then on (a stalled mail server: the shop's send
 * waits), `release` answers them all and every later one at once.
 */
let holding = false;
const held: Array<() => void> = [];
createInterface({ input: process.stdin }).on('line', (line) => {
  if (line === 'hold') holding = true;
  if (line === 'release') {
    holding = false;
    for (const answer of held.splice(0)) answer();
  }
});
const accept = (id: string, callback: () => void) => {
  process.stdout.write(`${JSON.stringify({ id, at: Date.now() })}\n`);
  callback();
};
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  // A mail server takes many connections at once: the shop's sends are never queued here.
  maxClients: 1000,
  onData(stream, _session, callback) {
    let head = '';
    let id: string | null = null;
    stream.on('data', (chunk: Buffer) => {
      if (id !== null) return;
      head += chunk.toString('latin1');
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      // A header line may be folded onto the next one (a line starting with white space).
      const header = head.slice(0, end).replace(/\r\n[ \t]+/g, ' ');
      id = /^message-id:\s*(\S+)/im.exec(header)?.[1] ?? '';
    });
    stream.on('end', () => {
      // A held message counts as arrived when it is answered: that is when the shop's send returns.
      if (holding) held.push(() => accept(id ?? '', callback));
      else accept(id ?? '', callback);
    });
  },
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: (server.server.address() as AddressInfo).port })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
