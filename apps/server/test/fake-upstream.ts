import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

/** A provider's HTTP API stood in for on loopback, for the test file (or describe block) that calls `useFakeUpstream`. */
export interface FakeUpstream {
  /** `http://127.0.0.1:<port>`, once the before-hooks have run. */
  readonly base: string;
  /** Stops it before the tests end, for a test of the provider going away. */
  close(): Promise<void>;
}

/**
 * Listens before the tests (and before the hooks registered after this call, so a server built
 * there can be pointed at it) and closes after them; `answer` gets each request with its body read.
 */
export function useFakeUpstream(answer: (req: IncomingMessage, body: string, res: ServerResponse) => unknown): FakeUpstream {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => void answer(req, body, res));
  });
  let base = '';
  const close = async () => {
    if (server.listening) await new Promise((done) => server.close(done));
  };
  beforeAll(async () => {
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(close);
  return {
    get base() {
      return base;
    },
    close,
  };
}
