import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { LRUCache } from 'lru-cache';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { currencyForLanguage, EARLY_TAPS_SCRIPT, FIRST_ANSWERS_ELEMENT_ID, LANDING_PAGES, LANGUAGE_COOKIE, LANGUAGES, Language, landingPageOf, normalizeLanguage, type LandingPage } from '@simshop/contract';
import type { Config } from '../config.ts';
import type { Executor } from '../db/database.ts';
import type { PublicCalls } from '../http/public-calls.ts';
import { contentSecurityPolicy } from '../modules/security/content-security-policy.ts';
import { pageHeadMarkup, pageHeadOf, type PageHead } from './first-answers.ts';
import { pageMetaOf } from './page-meta-data.ts';
import { languageOfPage, pageMetaMarkup, type PageMeta } from './page-meta.ts';
import { registerSeoFiles } from './sitemap.ts';
import { digestOf, pageDrawer, ROOT_ELEMENT, type PageDrawer } from './server-render.ts';
import { structuredDataMarkup } from './structured-data.ts';

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
  /** Other script origins (the shop: WeChat's JS-SDK with a real official account). */
  scriptSources?: string[];
  /** Cache-Control of its pages: the shop's may be kept a second by a shared cache (nginx, a CDN). */
  pageCache: string;
  /** What a page's HTML carries ahead of the app (the shop's home and goods pages: first-answers.ts). */
  pageHead?: (page: LandingPage | undefined, url: URL, lang: Language) => Promise<PageHead | undefined>;
  /** Its pages' title, description, addresses, share tags and schema.org data (the shop's: page-meta-data.ts); `?lang=` then picks the language. */
  pageMeta?: (route: string, url: URL, lang: Language, origin: string) => Promise<PageMeta>;
  /** Draws a public page on the server into its `#root` (the shop's: server-render.ts), its reads answered in-process. */
  draw?: { page: PageDrawer; answer: PublicCalls } | null;
}

/**
 * Serves the built shop under /uni/ and the operator console under /console/, each with
 * history-mode fallback: any GET below the base that is not a file gets index.html, into which
 * the client's signing certificate and secret are written, so the server's configuration is the
 * only place they are set. The console gets no other configuration: no secret of the shop's
 * providers ever reaches a browser.
 */
export function registerWebApp(app: FastifyInstance, config: Config, db: Executor, answer: PublicCalls): void {
  const drawPage = pageDrawer(config.webDist, (err) => app.log.error({ err }, 'drawing a shop page on the server failed: it went out for the browser to draw'));
  app.get('/', (_req, reply) => reply.redirect('/uni/', 302));
  const signing = { certificate: config.signing.certificate, secret: config.signing.secret, staticHost: config.staticHost };
  const apps: SinglePageApp[] = [
    // The shop's external page embeds web pages (SPEC §2 /pages/web/external).
    { base: '/uni/', dist: config.webDist, clientConfig: { ...signing, wechatAppId: config.wechat?.appId ?? '', cardPayments: config.stripe ? 'on' : '' }, buildCommand: 'npm run build', pageCache: SHOP_PAGE_CACHE, frameSources: ['https:', 'http:'], frameAncestors: "'self'", scriptSources: config.wechatLogin && !config.wechatLogin.simulator ? ['https://res.wx.qq.com'] : [], pageHead: (page, url, lang) => pageHeadOf(db, page, url, lang, { staticHost: config.staticHost, previewSecret: config.fileTokenSecret, now: Date.now() }), pageMeta: (route, url, lang, origin) => pageMetaOf(db, { origin, base: '/uni' }, route, url.searchParams, lang, { staticHost: config.staticHost, now: Date.now() }), draw: drawPage && { page: drawPage, answer } },
    { base: '/console/', dist: config.consoleDist, clientConfig: { ...signing, shopBase: '/uni' }, buildCommand: 'npm run build', pageCache: 'no-cache', frameSources: ["'self'"], frameAncestors: "'none'" },
  ];
  const senders = apps.map((spa) => ({ base: spa.base, send: registerSpa(app, spa, config.staticHost, config.publicUrl) }));
  registerManifest(app, config.webDist, '/uni/');
  registerSeoFiles(app, { base: '/uni/', publicUrl: config.publicUrl, db });

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    // A route of an app gets the app; a missing asset stays a 404.
    const spa = request.method === 'GET' && !namesAFile(url) ? senders.find((s) => url.startsWith(s.base)) : undefined;
    if (spa) return spa.send(reply);
    return reply.code(404).type('text/plain').send('Not found');
  });
}

function registerSpa(app: FastifyInstance, spa: SinglePageApp, staticHost: string, publicUrl: string | undefined): (reply: FastifyReply) => Promise<FastifyReply> {
  const bare = spa.base.replace(/\/$/, '');
  app.get(bare, (_req, reply) => reply.redirect(spa.base, 301));

  const indexFile = join(spa.dist, 'index.html');
  const built = existsSync(indexFile);
  const clientConfig = JSON.stringify(spa.clientConfig).replace(/</g, '\\u003c');
  const configScript = `window.__SIMSHOP__=${clientConfig}`;
  // A page drawn on the server keeps the taps made before the app takes it over (contract server-render.ts).
  const inlineScripts = spa.draw ? [configScript, EARLY_TAPS_SCRIPT] : [configScript];
  const indexHtml = built ? withMetaMark(readFileSync(indexFile, 'utf8').replace('<!--simshop-config-->', inlineScripts.map((script) => `<script>${script}</script>`).join('')).replace('</head>', `${PAGE_HEAD_MARK}</head>`), spa.pageMeta !== undefined) : null;
  // What drawing a page needs of the configuration (its picture host, whether cards are taken): no secret.
  const { secret: _secret, ...drawingConfig } = spa.clientConfig;
  const policy = contentSecurityPolicy({ inlineScripts, staticHost, frameSources: spa.frameSources, frameAncestors: spa.frameAncestors, scriptSources: spa.scriptSources ?? [] });

  if (built) {
    app.register(fastifyStatic, {
      root: spa.dist,
      prefix: spa.base,
      index: false,
      wildcard: true,
      decorateReply: false,
      // The build writes .br and .gz beside each text file (tools/vite-precompress.ts).
      preCompressed: true,
      // The page template (and its compressed copies) only ever goes out with the configuration in it.
      // Nor is the code the server draws pages with (server/) anybody's to download. A page's
      // address is no file: it goes to the app at once, without looking for one on disk (three
      // stats, with the compressed copies, were a tenth of a drawn page's time).
      allowedPath: (path) => namesAFile(path) && !path.startsWith('/index.html') && !path.startsWith('/server/'),
      cacheControl: false,
      setHeaders: (res, path) => {
        res.setHeader('vary', 'accept-encoding');
        res.setHeader('cache-control', cacheControlFor(path));
      },
    });
  }

  // The page is the build's index.html plus the configuration script, so it is compressed here,
  // once at start, rather than at build; one copy per language and landing page (see indexFor).
  const templates = indexHtml === null ? null : templatesOf(indexHtml);
  const pages = templates === null ? null : mapTemplates(templates, (template) => compressedVariants(template.replace(PAGE_META_MARK, '').replace(PAGE_HEAD_MARK, '')));
  const tags = templates === null ? null : mapTemplates(templates, (template) => `W/"${digest(template)}"`);
  const bodies = pageBodies();
  const sendIndex = async (reply: FastifyReply) => {
    if (!templates || !pages || !tags) return reply.code(503).type('text/plain').send(`This app is not built yet: run \`${spa.buildCommand}\`.`);
    const url = new URL(reply.request.url, 'http://shop');
    const lang = spa.pageMeta ? languageOfPage(url.searchParams, readerLanguage(reply.request.headers)) : readerLanguage(reply.request.headers);
    const route = url.pathname.slice(spa.base.length - 1);
    const landing = landingPageOf(route);
    const page = landing ?? OTHER_PAGE;
    const origin = publicUrl ?? `${reply.request.protocol}://${reply.request.host}`;
    const encoding = preferredEncoding(reply.request.headers['accept-encoding']);
    reply.header('cache-control', spa.pageCache).header('vary', 'accept-encoding, accept-language, cookie');
    reply.type('text/html; charset=utf-8').header('content-security-policy', policy).header('x-frame-options', spa.frameAncestors === "'self'" ? 'SAMEORIGIN' : 'DENY');
    const out = await pageOut(reply, url, lang, route, landing, page, origin);
    if (out === null) {
      // Nothing of its own in the page's head or body: the template, compressed once at start.
      reply.header('etag', tags[lang][page]);
      if (matchesTag(reply.request.headers['if-none-match'], tags[lang][page])) return reply.code(304).send();
      return sendEncoded(reply, pages[lang][page][encoding], encoding);
    }
    reply.header('etag', out.tag);
    if (matchesTag(reply.request.headers['if-none-match'], out.tag)) return reply.code(304).send();
    // Written and encoded once per address, tag and encoding (tens of KB: about a millisecond at FAST), in
    // the reader's encoding only; the tag covers everything in the page but when its answers were read.
    // Two addresses can show the same things (a destination's and the SPEC's) but not the same page.
    const bodyKey = `${out.tag} ${encoding} ${route}${url.search}`;
    let body = bodies.get(bodyKey);
    if (!body) bodies.set(bodyKey, (body = encode(out.html(), encoding, 'fast')));
    return sendEncoded(reply.code(out.status), body, encoding);
  };

  /** The page with its own head (and, drawn on the server, its body); null for the bare template. */
  async function pageOut(reply: FastifyReply, url: URL, lang: Language, route: string, landing: LandingPage | undefined, page: PageKey, origin: string): Promise<{ status: number; tag: string; html: () => string } | null> {
    if (!templates || !tags) return null;
    const [given, meta] = await Promise.all([spa.pageHead?.(landing, url, lang), spa.pageMeta?.(route, url, lang, origin)]);
    // The page drawn from its answers (those given ahead and those its drawing asked for): the HTML carries them all.
    const request = reply.request;
    const draw = spa.draw;
    const drawn = draw ? await draw.page({ path: `${route}${url.search}`, language: lang, currency: currencyForLanguage(lang), answers: given?.answers ?? [], config: drawingConfig, answer: (calls) => draw.answer(calls, { ip: request.ip, origin, log: request.log }) }) : null;
    const head: PageHead | undefined = drawn && drawn.answers.length > 0 ? { ...given, answers: drawn.answers } : given;
    if (!head && !meta && !drawn) return null;
    const metaMarkup = meta ? pageMetaMarkup(meta) : '';
    const dataMarkup = meta ? structuredDataMarkup(meta.structuredData) : '';
    const template = drawn ? templates[lang][page].replace(ROOT_ELEMENT, drawn.root) : templates[lang][page];
    return {
      status: drawn?.notFound ? 404 : 200,
      // The markup is drawn from exactly the answers, so the tag covers it too.
      tag: pageTag(tags[lang][page], head, metaMarkup + dataMarkup, drawn && drawn.answers.length > 0 ? drawn.answersDigest : undefined),
      html: () => template.replace(PAGE_META_MARK, metaMarkup).replace(PAGE_HEAD_MARK, (head ? pageHeadMarkup(head, FIRST_ANSWERS_ELEMENT_ID, Date.now()) : '') + dataMarkup),
    };
  }
  app.get(spa.base, (_req, reply) => sendIndex(reply));
  return sendIndex;
}

/**
 * A shop page may be served by a shared cache for a second, then revalidated: its ETag changes
 * with the catalogue version, so a price change is everywhere within that second. A browser
 * revalidates every time (an unchanged page is a 304 without a body).
 */
export const SHOP_PAGE_CACHE = 'public, max-age=0, s-maxage=1';

/**
 * An address ending in a file extension (of any length: `.webmanifest`) names a file of the
 * build; any other is a page of an app (no page address has a dot in its last part).
 */
function namesAFile(path: string): boolean {
  return /\.[a-z0-9]+$/i.test(path);
}

function digest(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 27);
}

/**
 * A page's validator: its template (the build, the language, the landing page) and its first
 * answers, but not the time they were read. The answers come from the catalogue cache, which is
 * good only while the database's catalogue version is the one it was read under, with live stock;
 * and its head's tags and schema.org data (page-meta.ts), which hold no time either; so the tag
 * moves with any change a reader (or a crawler) could see and with nothing else. Weak: the bytes
 * differ by the answers' time and the encoding.
 */
function pageTag(templateTag: string, head: PageHead | undefined, metaMarkup: string, answersDigest = digestOf(head?.answers ?? null)): string {
  return `W/"${digest(`${templateTag}\n${answersDigest}\n${head?.picture ?? ''}\n${metaMarkup}`)}"`;
}

/** If-None-Match holds the tag (weak comparison, as RFC 9110 asks for GET), or `*`. */
export function matchesTag(header: string | string[] | undefined, tag: string): boolean {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return false;
  const opaque = (t: string) => t.trim().replace(/^W\//, '');
  return value.split(',').some((t) => t.trim() === '*' || opaque(t) === opaque(tag));
}

/** Any page that is not a landing page: its HTML preloads no page's code. */
const OTHER_PAGE = 'other';
type PageKey = LandingPage | typeof OTHER_PAGE;
const PAGE_KEYS: readonly PageKey[] = [...(Object.keys(LANDING_PAGES) as LandingPage[]), OTHER_PAGE];
type Templates<T> = Record<Language, Record<PageKey, T>>;

function templatesOf(html: string): Templates<string> {
  return Object.fromEntries(LANGUAGES.map((lang) => [lang, Object.fromEntries(PAGE_KEYS.map((page) => [page, indexFor(html, lang, page)]))])) as Templates<string>;
}

function mapTemplates<T>(templates: Templates<string>, map: (template: string) => T): Templates<T> {
  return Object.fromEntries(LANGUAGES.map((lang) => [lang, Object.fromEntries(PAGE_KEYS.map((page) => [page, map(templates[lang][page])]))])) as Templates<T>;
}

/**
 * index.html for a reader of `lang` opening `page`: `<html lang>` set; of the preloads the
 * build marks with `data-lang` (the shop's page texts, one file per language) only that
 * language's kept, so the first screen fetches half the texts and still does not wait for them;
 * of those marked `data-page` (a landing page's own code) only that page's, so a goods page's
 * code comes beside the shell's and nobody fetches a page they did not open.
 */
export function indexFor(html: string, lang: Language, page: PageKey): string {
  return html
    .replace(/<html lang="[^"]*"/, `<html lang="${lang}"`)
    .replace(/\s*<link\b[^>]*\bdata-lang="([^"]+)"[^>]*>/g, (link, of: string) => (of === lang ? link : ''))
    .replace(/\s*<link\b[^>]*\bdata-page="([^"]+)"[^>]*>/g, (link, of: string) => (of === page ? link : ''));
}

const LANGUAGE_COOKIE_VALUE = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`);

/** The language the shop will start in: its cookie (the reader's choice), else the browser's. */
export function readerLanguage(headers: { cookie?: string | string[]; 'accept-language'?: string | string[] }): Language {
  const cookies = Array.isArray(headers.cookie) ? headers.cookie.join('; ') : (headers.cookie ?? '');
  const chosen = LANGUAGE_COOKIE_VALUE.exec(cookies)?.[1];
  if (chosen && (LANGUAGES as readonly string[]).includes(chosen)) return chosen as Language;
  const accepted = headers['accept-language'];
  return normalizeLanguage(Array.isArray(accepted) ? accepted[0] : accepted);
}

/**
 * Vite fingerprints everything under assets/, so those are cached for good. The service worker
 * and the manifest must be revalidated on every load, or an update would never reach the phone;
 * the icons may be kept a day.
 */
export function cacheControlFor(path: string): string {
  const normalized = path.replace(/\\/g, '/');
  if (normalized.includes('/assets/')) return 'public, max-age=31536000, immutable';
  if (/\/(?:sw\.js|[^/]*\.webmanifest)(?:\.br|\.gz)?$/.test(normalized)) return 'no-cache';
  return 'public, max-age=86400';
}

/**
 * The shop's web app manifest in the browser's language: the build has one file per language
 * (manifest.webmanifest in English, manifest.zh-Hans.webmanifest), the same address serves both.
 */
function registerManifest(app: FastifyInstance, dist: string, base: string): void {
  const files = { [Language.en]: join(dist, 'manifest.webmanifest'), [Language.zhHans]: join(dist, 'manifest.zh-Hans.webmanifest') };
  if (!existsSync(files[Language.en])) return;
  const variants = Object.fromEntries(Object.entries(files).map(([lang, file]) => [lang, compressedVariants(readFileSync(existsSync(file) ? file : files[Language.en], 'utf8'))])) as Record<Language, CompressedPage>;
  app.get(`${base}manifest.webmanifest`, (request, reply) => {
    const page = variants[normalizeLanguage(request.headers['accept-language'])];
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    reply.type('application/manifest+json; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-language, accept-encoding');
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(page[encoding]);
  });
}

type Encoding = 'br' | 'gzip' | 'identity';
type CompressedPage = Record<Encoding, Buffer>;

/** Where a page's own head goes: at the end of <head>, after the app's scripts and styles. */
const PAGE_HEAD_MARK = '<!--simshop-page-head-->';
/** Where a page's title and share tags go: in place of the build's `<title>` (and without its generic description). */
const PAGE_META_MARK = '<!--simshop-page-meta-->';

/** The template with the mark for a page's own title and tags, for an app that has them; else as it is. */
function withMetaMark(html: string, hasMeta: boolean): string {
  if (!hasMeta) return html;
  const bare = html.replace(/\s*<meta\s+name="description"[^>]*>/i, '');
  return /<title>[^<]*<\/title>/i.test(bare) ? bare.replace(/<title>[^<]*<\/title>/i, PAGE_META_MARK) : bare.replace(PAGE_HEAD_MARK, `${PAGE_META_MARK}${PAGE_HEAD_MARK}`);
}

/**
 * Compression levels: `best` for what is compressed once at start; `fast` for a page compressed
 * while its reader waits (brotli's quality 11 costs milliseconds, 5 a tenth of that for a few
 * bytes more).
 */
const LEVELS = { best: { br: 11, gzip: 9 }, fast: { br: 5, gzip: 6 } } as const;

/**
 * Pages as sent, by tag and encoding, for half a minute: a page many readers open is written and
 * compressed once, not once a reader. Its answers then say they were read up to 30 s ago (they
 * were confirmed now: the same tag), well inside the minute the app takes them for. Per process.
 */
const PAGE_BODY_TTL_MS = 30_000;
function pageBodies(): LRUCache<string, Buffer> {
  return new LRUCache<string, Buffer>({ ttl: PAGE_BODY_TTL_MS, maxSize: 32 * 1024 * 1024, sizeCalculation: (body) => body.length + 1 });
}

function sendEncoded(reply: FastifyReply, body: Buffer, encoding: Encoding): FastifyReply {
  return encoding === 'identity' ? reply.send(body) : reply.header('content-encoding', encoding).send(body);
}

function encode(text: string, encoding: Encoding, level: keyof typeof LEVELS): Buffer {
  const raw = Buffer.from(text, 'utf8');
  if (encoding === 'br') return brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: LEVELS[level].br } });
  if (encoding === 'gzip') return gzipSync(raw, { level: LEVELS[level].gzip });
  return raw;
}

function compressedVariants(text: string): CompressedPage {
  return { identity: encode(text, 'identity', 'best'), br: encode(text, 'br', 'best'), gzip: encode(text, 'gzip', 'best') };
}

/** brotli, else gzip, else the text as it is; an encoding given q=0 is refused. */
export function preferredEncoding(header: string | string[] | undefined): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return 'identity';
}
