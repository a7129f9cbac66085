import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll } from 'vitest';

/**
 * A webhook receiver on a free loopback port for a test file: each path keeps what came to it,
 * and `verified` reads those messages through the Standard Webhooks reference library with the
 * endpoint's secret (a bad signature throws), as a reseller's own system would.
 */
export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export function useWebhookReceiver() {
  let server: Server | undefined;
  let base = '';
  const received: Received[] = [];
  beforeAll(async () => {
    const made = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      });
    });
    server = made;
    await new Promise<void>((resolve) => made.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(made.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));
  let paths = 0;
  return {
    /** A path of its own on the receiver. */
    hook() {
      const path = `/hook-${++paths}`;
      return { url: `${base}${path}`, path };
    },
    /** The messages that came to `path`, verified with `secret`: `{ type, timestamp, data }` each. */
    verified(path: string, secret: string) {
      return received
        .filter((r) => r.path === path)
        .map((r) => new Webhook(secret).verify(r.body, { 'webhook-id': String(r.headers['webhook-id']), 'webhook-timestamp': String(r.headers['webhook-timestamp']), 'webhook-signature': String(r.headers['webhook-signature']) }) as { type: string; data: Record<string, unknown> });
    },
  };
}
