import { serverErrors, type BlogCategory, type BlogPost, type BlogPostSummary, type Currency, type Language } from '@simshop/contract';
import type { Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { parseJson, pick } from '../../lib/i18n.ts';
import { onSaleProductsByKeys } from '../catalogue/catalogue.service.ts';
import * as posts from './blog.repository.ts';
import type { BlogPostRow } from './blog.repository.ts';

/** The shop's blog: published posts whose publish date has come, newest first. */
function toSummary(r: BlogPostRow, lang: Language): BlogPostSummary {
  return {
    id: r.id,
    slug: r.slug,
    title: pick(lang, r.title_en, r.title_zh),
    summary: pick(lang, r.summary_en, r.summary_zh),
    cover: r.cover,
    category: r.category,
    tags: parseJson<string[]>(r.tags, []),
    publishedAt: Number(r.published_at),
  };
}

export async function listPosts(db: Executor, input: { page: number; size: number; category?: BlogCategory | undefined }, lang: Language, now: number) {
  const filter = { now, category: input.category };
  const [rows, total] = await Promise.all([posts.listPublished(db, filter, (input.page - 1) * input.size, input.size), posts.countPublished(db, filter)]);
  return { items: rows.map((r) => toSummary(r, lang)), total, page: input.page, size: input.size };
}

/** One published post with the products it names that are still on sale, in the post's order, priced in the reader's currency. */
export async function postDetail(db: Executor, id: number, lang: Language, currency: Currency, now: number): Promise<BlogPost> {
  const r = await posts.findPublished(db, id, now);
  if (!r) throw new AppError(serverErrors.blogNotFound, 'id');
  const keys = parseJson<string[]>(r.product_keys, []);
  const onSale = await onSaleProductsByKeys(db, keys, currency);
  const products = keys.flatMap((key) => {
    const p = onSale.get(key);
    return p ? [{ id: p.id, name: pick(lang, p.name.en, p.name.zh), subtitle: pick(lang, p.subtitle.en, p.subtitle.zh), images: p.images, price: p.price, currency: p.currency, soldOut: p.soldOut }] : [];
  });
  return { ...toSummary(r, lang), body: pick(lang, r.body_en, r.body_zh), products };
}

/** The titles of these posts, both languages, for naming them in the console's history; deleted posts are left out. */
export const postTitlesByIds = async (db: Executor, ids: readonly number[]) => (await posts.findTitlesByIds(db, ids)).map((r) => ({ id: r.id, name: { en: r.title_en, zh: r.title_zh } }));
