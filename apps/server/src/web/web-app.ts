import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config.ts';

const BASE = '/uni/';

/**
 * Serves the built web app under /uni/ with history-mode fallback: any GET below /uni/ that is
 * not a file gets index.html, into which the client's signing certificate and secret are
 * written, so the server's configuration is the only place they are set.
 */
export function registerWebApp(app: FastifyInstance, config: Config): void {
  app.get('/', (_req, reply) => reply.redirect(BASE, 302));
  app.get('/uni', (_req, reply) => reply.redirect(BASE, 301));

  const indexFile = join(config.webDist, 'index.html');
  const built = existsSync(indexFile);
  const clientConfig = JSON.stringify({ certificate: config.signing.certificate, secret: config.signing.secret, staticHost: config.staticHost, wechatAppId: config.wechat?.appId ?? '' }).replace(/</g, '\\u003c');
  const indexHtml = built ? readFileSync(indexFile, 'utf8').replace('<!--simshop-config-->', `<script>window.__SIMSHOP__=${clientConfig}</script>`) : null;

  if (built) {
    app.register(fastifyStatic, {
      root: config.webDist,
      prefix: BASE,
      index: false,
      wildcard: true,
      allowedPath: (path) => path !== '/index.html',
      cacheControl: false,
      setHeaders: (res, path) => {
        // Vite fingerprints everything under assets/, so it can be cached for good.
        res.setHeader('cache-control', path.includes(`${join('assets', '')}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
      },
    });
  }

  const sendIndex = (reply: FastifyReply) => {
    if (!indexHtml) return reply.code(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  };
  app.get(BASE, (_req, reply) => sendIndex(reply));

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    // A route of the app (no file extension) gets the app; a missing asset stays a 404.
    if (request.method === 'GET' && url.startsWith(BASE) && !/\.[a-z0-9]{1,8}$/i.test(url)) return sendIndex(reply);
    return reply.code(404).type('text/plain').send('Not found');
  });
}
