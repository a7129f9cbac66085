import { z } from 'zod';
import { currencyField, i18nField, pageSchema } from './catalogue.ts';
import { currencySchema } from './enums.ts';

/**
 * The blog: posts in both languages with a cover picture, a category, tags, a
 * publish date and the products they talk about. Bodies are written in the articles' safe
 * markup (`parseArticleContent`) and rendered as text by the shop: no HTML ever travels.
 * Tutorials stay apart (articles.ts); the blog is news and travel reading.
 */
export const BLOG_CATEGORIES = ['news', 'guides', 'travel', 'offers'] as const;
export const blogCategorySchema = z.enum(BLOG_CATEGORIES);
export type BlogCategory = z.infer<typeof blogCategorySchema>;

/** The shop's own cover pictures (apps/server/static/blog), chosen without an upload. */
export const SHOP_BLOG_COVERS = ['blog:travel.webp', 'blog:guide.webp', 'blog:store.webp'] as const;

/** The shop cover a post's cover names, or undefined. Posts written before the covers were WebP name them `.svg` (still served). */
export function shopBlogCover(cover: string): (typeof SHOP_BLOG_COVERS)[number] | undefined {
  return SHOP_BLOG_COVERS.find((c) => c === cover.replace(/\.svg$/, '.webp'));
}

/** A post's address in links: lower-case letters, digits and dashes. */
export const blogSlugSchema = z.string().trim().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'validation.invalid');
/** A tag as written (same in both languages: place names, phone makers, "5G"). */
export const blogTagSchema = z.string().trim().min(1, 'validation.required').max(30, 'validation.too_long');

export const blogPostSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  /** The cover's image string (a stored image entry, `products/<id>`), or null. */
  cover: z.string().nullable(),
  category: blogCategorySchema,
  tags: z.array(z.string()),
  publishedAt: z.number().int(),
});
export type BlogPostSummary = z.infer<typeof blogPostSummarySchema>;

/** A product a post links to, priced as the shop shows it; products no longer on sale are left out. */
export const blogProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  subtitle: z.string(),
  images: z.string(),
  price: z.number().int(),
  currency: currencySchema,
  soldOut: z.boolean(),
});
export type BlogProduct = z.infer<typeof blogProductSchema>;

export const blogPostSchema = blogPostSummarySchema.extend({ body: z.string(), products: z.array(blogProductSchema) });
export type BlogPost = z.infer<typeof blogPostSchema>;

export const blogListRequest = pageSchema.extend({ i18n: i18nField, category: blogCategorySchema.optional() });
export const blogListResponse = z.object({ items: z.array(blogPostSummarySchema), total: z.number().int(), page: z.number().int(), size: z.number().int() });
/** The post's products are priced in `currency` where they have a price in it (else their own, marked by `currency`). */
export const blogDetailRequest = z.object({ id: z.number().int().positive().max(2_147_483_647), i18n: i18nField, currency: currencyField });
