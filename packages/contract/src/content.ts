import { z } from 'zod';
import { downloadLinkSchema, innerLinkSchema, linkSchema, mpLinkSchema, outerLinkSchema } from './links.ts';
import { safeImageStringSchema } from './safe-url.ts';
import { GOODS_PAGE_PATH } from './shop-pages.ts';

/** json-content.do get_cache (SPEC §7): a cached JSON block addressed by page name, version and language. */
export const contentNameSchema = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'validation.content_name');

export const getCacheRequest = z.object({
  name: contentNameSchema,
  version: z.string().min(1).max(32),
  /** Any language tag; the server forces en when it is neither zh-Hans nor en. */
  i18n: z.string().max(35).optional(),
  /** A preview token from the console: the block's unpublished draft instead of the published one. */
  preview: z.string().max(200).optional(),
});

export const getCacheResponse = z.object({
  name: z.string(),
  version: z.string(),
  i18n: z.enum(['zh-Hans', 'en']),
  content: z.unknown(),
  updatedAt: z.number().int(),
});

/** The shape of the `home` block the home page renders. */
export const homeContentSchema = z.object({
  title: z.string(),
  notice: z.string().optional(),
  banners: z.array(z.object({ image: z.string(), title: z.string(), subtitle: z.string().optional(), link: linkSchema.optional() })),
  shortcuts: z.array(z.object({ icon: z.string(), title: z.string(), link: linkSchema })),
  sections: z.array(
    z.object({
      title: z.string(),
      items: z.array(z.object({ title: z.string(), description: z.string().optional(), image: z.string().optional(), price: z.string().optional(), link: linkSchema.optional() })),
    }),
  ),
});
export type HomeContent = z.infer<typeof homeContentSchema>;

/**
 * A link to a product by its stable key (`products.key`, e.g. `asia-esim`), not by its id: ids
 * differ between shops and change when a product is re-created. Stored content carries these;
 * the server turns each into a goods link with the current id when the shop reads the block, and
 * leaves out whatever points at a product that is gone or no longer on sale.
 */
export const contentProductKeySchema = z.string().trim().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'validation.invalid');
export const productLinkSchema = z.object({ type: z.literal('product'), key: contentProductKeySchema });
export type ProductLink = z.infer<typeof productLinkSchema>;
export const contentLinkSchema = z.discriminatedUnion('type', [innerLinkSchema, outerLinkSchema, mpLinkSchema, downloadLinkSchema, productLinkSchema]);
export type ContentLink = z.infer<typeof contentLinkSchema>;

/** Icons the shop draws itself for a shortcut (anything else is an image string). */
export const HOME_SHORTCUT_ICONS = ['esim', 'sim', 'search', 'tutorial', 'contact', 'help', 'travel', 'global', 'shop', 'gift', 'delivery', 'user', 'explore'] as const;

/** How much one home block may hold: what a phone screen shows without becoming a catalogue. */
export const HOME_LIMITS = { banners: 10, shortcuts: 12, sections: 10, items: 20 } as const;
/** The longest text of each field (characters), so the console's form checks what the server checks. */
export const HOME_TEXT_LIMITS = { title: 60, notice: 300, bannerTitle: 60, subtitle: 120, shortcutTitle: 20, sectionTitle: 60, itemTitle: 80, description: 160, price: 30, image: 500 } as const;

const L = HOME_TEXT_LIMITS;
const line = (max: number) => z.string().trim().min(1).max(max);
const optionalLine = (max: number) => z.string().trim().max(max).optional();
/** Stored pictures or http(s) addresses, never `javascript:`/`data:` (safe-url.ts). */
const imageString = safeImageStringSchema(L.image);

/**
 * The `home` block as staff write it (console) and as it is stored: like `homeContentSchema`,
 * with product links by key, an optional price (a section item linked to a product without a
 * price shows the product's current lowest price) and the limits of the editor.
 */
export const homeContentSourceSchema = z.object({
  title: line(L.title),
  notice: optionalLine(L.notice),
  banners: z.array(z.object({ image: imageString, title: line(L.bannerTitle), subtitle: optionalLine(L.subtitle), link: contentLinkSchema.optional() })).max(HOME_LIMITS.banners),
  shortcuts: z.array(z.object({ icon: imageString, title: line(L.shortcutTitle), link: contentLinkSchema })).max(HOME_LIMITS.shortcuts),
  sections: z
    .array(
      z.object({
        title: line(L.sectionTitle),
        items: z
          .array(z.object({ title: line(L.itemTitle), description: optionalLine(L.description), image: imageString.optional(), price: optionalLine(L.price), link: contentLinkSchema.optional() }))
          .max(HOME_LIMITS.items),
      }),
    )
    .max(HOME_LIMITS.sections),
});
export type HomeContentSource = z.infer<typeof homeContentSourceSchema>;

/** The product keys a stored home block links to, each with where it sits (`banners.0.link`). */
export function homeProductLinks(content: HomeContentSource): Array<{ path: string; key: string }> {
  const found: Array<{ path: string; key: string }> = [];
  const visit = (link: ContentLink | undefined, path: string) => {
    if (link?.type === 'product') found.push({ path, key: link.key });
  };
  content.banners.forEach((b, i) => visit(b.link, `banners.${i}.link`));
  content.shortcuts.forEach((s, i) => visit(s.link, `shortcuts.${i}.link`));
  content.sections.forEach((s, i) => s.items.forEach((item, j) => visit(item.link, `sections.${i}.items.${j}.link`)));
  return found;
}

/** A goods page link by product id (`/pages/goods/goods?id=3`): what a key becomes for the shop, and what old content still has. */
export const goodsPage = (productId: number) => `${GOODS_PAGE_PATH}?id=${productId}`;
const GOODS_BY_ID = /^\/?pages\/goods\/goods\?(?:.*&)?id=(\d+)/;

/** The product id an id-based link opens, or null: such links break when ids change, so the console asks for the product instead. */
export function productIdOfLink(link: ContentLink | undefined): number | null {
  if (!link || (link.type !== 'inner' && link.type !== 'goods')) return null;
  const m = GOODS_BY_ID.exec(link.page);
  return m ? Number(m[1]) : null;
}
