import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { RequestLogController } from './request-log.ts';

function serverWithLog(level: string) {
  const lines: Array<{ level: number; msg: string; status?: number; url?: string }> = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = Fastify({ logger: { level, stream }, logController: new RequestLogController() });
  app.get('/ok', async () => ({ ok: true }));
  app.get('/broken', async () => {
    throw new Error('boom');
  });
  return { app, lines };
}

describe('request logging', () => {
  it('writes nothing for an ordinary request at info, one line at debug', async () => {
    const info = serverWithLog('info');
    await info.app.inject({ method: 'GET', url: '/ok' });
    expect(info.lines).toEqual([]);
    const debug = serverWithLog('debug');
    await debug.app.inject({ method: 'GET', url: '/ok' });
    expect(debug.lines.filter((l) => l.url === '/ok')).toMatchObject([{ level: 20, msg: 'request completed', status: 200 }]);
  });

  it('logs a failed request at error', async () => {
    const { app, lines } = serverWithLog('info');
    await app.inject({ method: 'GET', url: '/broken' });
    expect(lines.some((l) => l.level === 50 && l.msg === 'request failed' && l.status === 500)).toBe(true);
  });
});
