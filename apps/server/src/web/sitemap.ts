import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE, HEALTH_PATHS, LANGUAGES, Language, SHOP_PRIVATE_PAGES, SHOP_PRODUCT_PAGE, SHOP_PUBLIC_PAGES, REGIONS, currencyForLanguage, destinationPath, type ShopPublicPage } from '@simshop/contract';
import type { Executor } from '../db/database.ts';
import { listArticles } from '../modules/articles/article.service.ts';
import { listPosts } from '../modules/blog/blog.service.ts';
import { listProducts } from '../modules/catalogue/catalogue.service.ts';
import { activeMerchants } from '../modules/merchants/merchant.service.ts';
import { listStores } from '../modules/stores/store.service.ts';
import { addressesOf, type ShopAddress } from './page-meta.ts';

/**
 * The shop's sitemap (`/uni/sitemap.xml`: a sitemap lists addresses below its own folder, and
 * the shop lives below /uni/) and the site's robots.txt, which names it. The sitemap lists every
 * public page a reader could land on from a search: home, the blog, store and tutorial lists,
 * every product on sale (as a signed-out customer's catalogue has it), destination, post, store,
 * tutorial and merchant page, once per language with its alternates (hreflang), and a last
 * change where the shop keeps one (posts, tutorials). Built on each request through the modules'
 * services: the products come from the catalogue cache (one statement while the catalogue
 * version holds); posts, stores and tutorials are not under that version, so they are read each
 * time (crawlers ask for a sitemap now and then, not per page). One file: a shop past 25,000
 * pages would need a sitemap index, which this does not write.
 */

/** A sitemap holds at most 50,000 addresses; each page is listed once per language. */
const MAX_PAGES = Math.floor(50_000 / LANGUAGES.length);
/** The lists' page size where the modules allow any: their largest. */
const LIST_PAGE = 100;

interface SitemapPage {
  page: ShopPublicPage;
  /** Its own address when it has one (a destination's `/esim/japan`), else the page's. */
  path?: string;
  query: Array<[string, string]>;
  lastmod?: number | undefined;
}

export function registerSeoFiles(app: FastifyInstance, options: { base: string; publicUrl: string | undefined; db: Executor; now?: () => number }): void {
  const base = options.base.replace(/\/$/, '');
  const at = (request: FastifyRequest): ShopAddress => ({ origin: options.publicUrl ?? `${request.protocol}://${request.host}`, base });
  app.get('/robots.txt', (request, reply) => send(request, reply, 'text/plain; charset=utf-8', robotsTxt(at(request))));
  app.get(`${base}/sitemap.xml`, async (request, reply) => send(request, reply, 'application/xml; charset=utf-8', sitemapXml(at(request), await sitemapPages(options.db, options.now?.() ?? Date.now()))));
}

/** Sends a text with its tag, or 304 when the client has it (the text is built again either way: it is the validator). */
function send(request: FastifyRequest, reply: FastifyReply, type: string, text: string): FastifyReply {
  const tag = `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;
  reply.header('cache-control', 'public, max-age=0, s-maxage=60').header('etag', tag);
  const asked = request.headers['if-none-match'];
  if (asked && asked.split(',').some((t) => t.trim().replace(/^W\//, '') === tag || t.trim() === '*')) return reply.code(304).send();
  return reply.type(type).send(text);
}

export function robotsTxt(at: ShopAddress): string {
  const shop = (rule: string) => `${at.base}${rule}`;
  return [
    'User-agent: *',
    `Allow: ${at.base}/`,
    ...SHOP_PRIVATE_PAGES.disallow.map((rule) => `Disallow: ${shop(rule)}`),
    ...SHOP_PRIVATE_PAGES.allow.map((rule) => `Allow: ${shop(rule)}`),
    'Disallow: /console/',
    `Disallow: ${API_BASE}/`,
    'Disallow: /metrics',
    `Disallow: ${HEALTH_PATHS.live}`,
    `Disallow: ${HEALTH_PATHS.ready}`,
    '',
    `Sitemap: ${at.origin}${at.base}/sitemap.xml`,
    '',
  ].join('\n');
}

async function allPages<T>(load: (page: number) => Promise<{ items: T[]; total: number }>, size: number): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; items.length < MAX_PAGES; page++) {
    const answer = await load(page);
    items.push(...answer.items);
    if (answer.items.length < size || items.length >= answer.total) break;
  }
  return items;
}

/** Which pages there are is the same in both languages; English reads them. */
export async function sitemapPages(db: Executor, now: number): Promise<SitemapPage[]> {
  const lang = Language.en;
  const [products, posts, stores, articles, merchants] = await Promise.all([
    allPages((page) => listProducts(db, { ...SHOP_PRODUCT_PAGE, page }, lang, false, currencyForLanguage(lang)), SHOP_PRODUCT_PAGE.size),
    allPages((page) => listPosts(db, { page, size: LIST_PAGE }, lang, now), LIST_PAGE),
    listStores(db, {}, lang),
    allPages((page) => listArticles(db, { page, size: LIST_PAGE }, lang), LIST_PAGE),
    activeMerchants(db, lang),
  ]);
  const countries = [...new Set(products.flatMap((p) => p.coverage))].sort();
  const byId = (page: ShopPublicPage, id: number, lastmod?: number): SitemapPage => ({ page, query: [['id', String(id)]], lastmod });
  const pages: SitemapPage[] = [
    { page: 'home', query: [] },
    ...products.map((p) => byId('goods', p.id)),
    ...countries.map((code): SitemapPage => ({ page: 'destination', path: destinationPath({ kind: 'country', code }), query: [] })),
    ...REGIONS.filter((r) => r.countries.some((c) => countries.includes(c))).map((r): SitemapPage => ({ page: 'destination', path: destinationPath({ kind: 'region', key: r.key }), query: [] })),
    { page: 'blog', query: [], lastmod: posts[0]?.publishedAt },
    ...posts.map((p) => byId('blogPost', p.id, p.publishedAt)),
    { page: 'stores', query: [] },
    ...stores.items.map((s) => byId('store', s.id)),
    { page: 'tutorials', query: [], lastmod: articles.length ? Math.max(...articles.map((a) => a.updatedAt)) : undefined },
    ...articles.map((a) => byId('tutorial', a.id, a.updatedAt)),
    ...merchants.map((m) => byId('merchant', m.id)),
  ];
  return pages.slice(0, MAX_PAGES);
}

const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function sitemapXml(at: ShopAddress, pages: readonly SitemapPage[]): string {
  const urls = pages.flatMap((p) =>
    LANGUAGES.map((lang) => {
      const { canonical, alternates } = addressesOf(at, p.path ?? SHOP_PUBLIC_PAGES[p.page].path, p.query, lang);
      const lastmod = p.lastmod ? `<lastmod>${new Date(p.lastmod).toISOString()}</lastmod>` : '';
      const links = alternates.map((a) => `<xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${escapeXml(a.href)}"/>`).join('');
      return `<url><loc>${escapeXml(canonical)}</loc>${lastmod}${links}</url>`;
    }),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}
