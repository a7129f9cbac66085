import { FALLBACK_LANGUAGE, HOME_BLOCK, formatMoney, goodsPage, homeContentSourceSchema, homeProductLinks, serverErrors, type ContentLink, type HomeContent, type HomeContentSource, type Language, type Link } from '@simshop/contract';
import type { Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { onSaleProductsByKeys, type LinkableProduct } from '../catalogue/catalogue.service.ts';
import * as contents from './content.repository.ts';
import { openPreviewToken } from './content-preview.ts';

/** SPEC §7: i18n is forced to en when it is neither zh-Hans nor en. */
export function contentLanguage(i18n: string | undefined): Language {
  return i18n === 'zh-Hans' || i18n === 'en' ? i18n : FALLBACK_LANGUAGE;
}

/** A stored home block, or null when it is not one (e.g. written by hand in an older shape). */
export function parseHomeSource(raw: string | null | undefined): HomeContentSource | null {
  if (raw === null || raw === undefined) return null;
  try {
    const parsed = homeContentSourceSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The home block as the shop renders it: each product link becomes a goods link with the
 * product's current id, and an entry whose product is gone or off sale is left out (a banner,
 * shortcut or item; a section left with no items too), so the shop never links to "the product
 * does not exist". An item linked to a product shows the product's lowest price and first image
 * when it has none of its own.
 */
export async function resolveHome(db: Executor, source: HomeContentSource): Promise<HomeContent> {
  const live = await onSaleProductsByKeys(db, homeProductLinks(source).map((l) => l.key));
  const productOf = (link: ContentLink | undefined): LinkableProduct | undefined => (link?.type === 'product' ? live.get(link.key) : undefined);
  const dead = (link: ContentLink | undefined) => link?.type === 'product' && !live.has(link.key);
  const shopLink = (link: ContentLink): Link => (link.type === 'product' ? { type: 'goods', page: goodsPage(live.get(link.key)!.id) } : link);
  const withLink = <T extends { link?: ContentLink | undefined }>(entry: T) => {
    const { link, ...rest } = entry;
    return link ? { ...rest, link: shopLink(link) } : rest;
  };

  const sections = source.sections
    .map((section) => ({
      title: section.title,
      items: section.items
        .filter((item) => !dead(item.link))
        .map((item) => {
          const product = productOf(item.link);
          const price = item.price || (product ? formatMoney(product.price, product.currency) : undefined);
          const image = item.image ?? (product?.images || undefined);
          return withLink({ ...item, ...(price ? { price } : {}), ...(image ? { image } : {}) });
        }),
    }))
    .filter((section, i) => section.items.length > 0 || source.sections[i]!.items.length === 0);
  return {
    title: source.title,
    ...(source.notice ? { notice: source.notice } : {}),
    banners: source.banners.filter((b) => !dead(b.link)).map(withLink),
    shortcuts: source.shortcuts.filter((s) => !dead(s.link)).map((s) => ({ ...s, link: shopLink(s.link) })),
    sections,
  };
}

/** What the shop gets for a stored block: the home block resolved, any other block as stored. */
async function forShop(db: Executor, name: string, raw: string): Promise<unknown> {
  if (name === HOME_BLOCK.name) {
    const home = parseHomeSource(raw);
    if (home) return resolveHome(db, home);
  }
  return JSON.parse(raw) as unknown;
}

/**
 * A content block by name, version and language; falls back to English when the block has no
 * translation yet. With a preview token from the console, the block's draft in the token's
 * language instead (the console shows the shop rendering it at phone width).
 */
export async function getContent(db: Executor, input: { name: string; version: string; i18n?: string | undefined; preview?: string | undefined }, options: { previewSecret: string; now: number }) {
  if (input.preview !== undefined) return previewContent(db, input, options);
  const lang = contentLanguage(input.i18n);
  const row =
    (await contents.findContent(db, { name: input.name, version: input.version, lang })) ??
    (lang === FALLBACK_LANGUAGE ? undefined : await contents.findContent(db, { name: input.name, version: input.version, lang: FALLBACK_LANGUAGE }));
  if (!row) throw new AppError(serverErrors.notFound, 'name');
  return { name: row.name, version: row.version, i18n: contentLanguage(row.lang), content: await forShop(db, row.name, row.content), updatedAt: row.updated_at };
}

async function previewContent(db: Executor, input: { name: string; version: string; preview?: string | undefined }, options: { previewSecret: string; now: number }) {
  const token = openPreviewToken(options.previewSecret, input.preview ?? '', options.now);
  if (!token || token.name !== input.name || token.version !== input.version) throw new AppError(serverErrors.paramInvalid, 'preview');
  const key = { name: token.name, version: token.version, lang: token.lang };
  const draft = await contents.findDraft(db, key);
  const raw = draft?.content ?? (await contents.findContent(db, key))?.content;
  if (raw === undefined) throw new AppError(serverErrors.notFound, 'name');
  return { name: key.name, version: key.version, i18n: token.lang, content: await forShop(db, key.name, raw), updatedAt: draft?.updated_at ?? options.now };
}

/**
 * Publishes a block: what the shop reads from now on, and a new numbered revision of it (the
 * demo seed and the console both come here). Run it inside the caller's transaction.
 */
export async function saveContent(db: Executor, block: { name: string; version: string; lang: Language; content: unknown }, now = Date.now(), publishedBy = 'system'): Promise<number> {
  const key = { name: block.name, version: block.version, lang: block.lang };
  const content = JSON.stringify(block.content);
  const revision = ((await contents.latestRevision(db, key))?.revision ?? 0) + 1;
  await contents.insertRevision(db, key, { revision, content, publishedAt: now, publishedBy });
  await contents.upsertContent(db, { ...key, content, updatedAt: now });
  return revision;
}
