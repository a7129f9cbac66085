import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config.ts';
import { contentSecurityPolicy } from '../modules/security/content-security-policy.ts';

interface SinglePageApp {
  /** Where it lives, with both slashes: `/uni/`. */
  base: string;
  dist: string;
  /** What the app reads from `window.__SIMSHOP__`. */
  clientConfig: Record<string, string>;
  /** Said when the app is not built. */
  buildCommand: string;
  /** Where the app may embed pages from (its Content-Security-Policy's frame-src). */
  frameSources: string[];
  /** Only the shop may be framed, and only by its own origin (the console's home preview). */
  frameAncestors: "'none'" | "'self'";
}

/**
 * Serves the built shop under /uni/ and the operator console under /console/, each with
 * history-mode fallback: any GET below the base that is not a file gets index.html, into which
 * the client's signing certificate and secret are written, so the server's configuration is the
 * only place they are set. The console gets no other configuration: no secret of the shop's
 * providers ever reaches a browser.
 */
export function registerWebApp(app: FastifyInstance, config: Config): void {
  app.get('/', (_req, reply) => reply.redirect('/uni/', 302));
  const signing = { certificate: config.signing.certificate, secret: config.signing.secret, staticHost: config.staticHost };
  const apps: SinglePageApp[] = [
    // The shop's external page embeds web pages (SPEC §2 /pages/web/external).
    { base: '/uni/', dist: config.webDist, clientConfig: { ...signing, wechatAppId: config.wechat?.appId ?? '' }, buildCommand: 'npm run build', frameSources: ['https:', 'http:'], frameAncestors: "'self'" },
    { base: '/console/', dist: config.consoleDist, clientConfig: { ...signing, shopBase: '/uni' }, buildCommand: 'npm run build', frameSources: ["'self'"], frameAncestors: "'none'" },
  ];
  const senders = apps.map((spa) => ({ base: spa.base, send: registerSpa(app, spa, config.staticHost) }));

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    // A route of an app (no file extension) gets the app; a missing asset stays a 404.
    const spa = request.method === 'GET' && !/\.[a-z0-9]{1,8}$/i.test(url) ? senders.find((s) => url.startsWith(s.base)) : undefined;
    if (spa) return spa.send(reply);
    return reply.code(404).type('text/plain').send('Not found');
  });
}

function registerSpa(app: FastifyInstance, spa: SinglePageApp, staticHost: string): (reply: FastifyReply) => FastifyReply {
  const bare = spa.base.replace(/\/$/, '');
  app.get(bare, (_req, reply) => reply.redirect(spa.base, 301));

  const indexFile = join(spa.dist, 'index.html');
  const built = existsSync(indexFile);
  const clientConfig = JSON.stringify(spa.clientConfig).replace(/</g, '\\u003c');
  const configScript = `window.__SIMSHOP__=${clientConfig}`;
  const indexHtml = built ? readFileSync(indexFile, 'utf8').replace('<!--simshop-config-->', `<script>${configScript}</script>`) : null;
  const policy = contentSecurityPolicy({ inlineScripts: [configScript], staticHost, frameSources: spa.frameSources, frameAncestors: spa.frameAncestors });

  if (built) {
    app.register(fastifyStatic, {
      root: spa.dist,
      prefix: spa.base,
      index: false,
      wildcard: true,
      decorateReply: false,
      allowedPath: (path) => path !== '/index.html',
      cacheControl: false,
      setHeaders: (res, path) => {
        // Vite fingerprints everything under assets/, so it can be cached for good.
        res.setHeader('cache-control', path.includes(`${join('assets', '')}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
      },
    });
  }

  const sendIndex = (reply: FastifyReply) => {
    if (!indexHtml) return reply.code(503).type('text/plain').send(`This app is not built yet: run \`${spa.buildCommand}\`.`);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('content-security-policy', policy).header('x-frame-options', spa.frameAncestors === "'self'" ? 'SAMEORIGIN' : 'DENY').send(indexHtml);
  };
  app.get(spa.base, (_req, reply) => sendIndex(reply));
  return sendIndex;
}
