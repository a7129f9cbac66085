import { z } from 'zod';
import { i18nField, pageSchema } from './catalogue.ts';

/**
 * Articles (SPEC §3 Tutorial: title, released time, updated time, content). Stored in both
 * languages; a missing Chinese text falls back to English. Content is plain text with a tiny
 * markup (see `parseArticleContent`) the web app renders itself, so no HTML ever travels.
 */
export const articleSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  releasedAt: z.number().int(),
  updatedAt: z.number().int(),
});
export const articleSchema = articleSummarySchema.extend({ content: z.string() });
export type ArticleSummary = z.infer<typeof articleSummarySchema>;
export type Article = z.infer<typeof articleSchema>;

export const articleListRequest = pageSchema.extend({ i18n: i18nField });
export const articleListResponse = z.object({ items: z.array(articleSummarySchema), total: z.number().int(), page: z.number().int(), size: z.number().int() });
/** Article ids are 32-bit integers in PostgreSQL: a larger one is refused, not sent to the database. */
export const articleDetailRequest = z.object({ id: z.number().int().positive().max(2_147_483_647), i18n: i18nField });

/** What the owner imports (`npm run admin -- article import <file.json>`): an array of these, matched by slug. */
export const articleImportSchema = z.object({
  slug: z.string().trim().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'validation.invalid'),
  title: z.object({ en: z.string().trim().min(1).max(200), zh: z.string().trim().max(200).default('') }),
  content: z.object({ en: z.string().trim().min(1).max(50_000), zh: z.string().trim().max(50_000).default('') }),
  sort: z.number().int().default(0),
  published: z.boolean().default(true),
});
export type ArticleImport = z.infer<typeof articleImportSchema>;

export type ArticleBlock =
  | { readonly type: 'heading'; readonly text: string }
  | { readonly type: 'paragraph'; readonly text: string }
  | { readonly type: 'steps'; readonly items: readonly string[] }
  | { readonly type: 'bullets'; readonly items: readonly string[] };

const STEP = /^\d{1,3}[.)]\s+/;
const BULLET = /^[-*•]\s+/;

/**
 * The article markup: blocks are separated by blank lines; a line starting with `## ` is a
 * heading, lines starting with `1. ` are numbered steps, lines starting with `- ` are bullets,
 * anything else is a paragraph (its line breaks kept). Everything is text: nothing is HTML.
 */
export function parseArticleContent(content: string): ArticleBlock[] {
  const blocks: ArticleBlock[] = [];
  let para: string[] = [];
  let list: { type: 'steps' | 'bullets'; items: string[] } | null = null;
  const flush = () => {
    if (para.length) blocks.push({ type: 'paragraph', text: para.join('\n') });
    if (list) blocks.push(list);
    para = [];
    list = null;
  };
  for (const raw of content.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (line === '') {
      flush();
    } else if (line.startsWith('## ')) {
      flush();
      blocks.push({ type: 'heading', text: line.slice(3).trim() });
    } else if (STEP.test(line) || BULLET.test(line)) {
      const type = STEP.test(line) ? 'steps' : 'bullets';
      if (para.length || (list && list.type !== type)) flush();
      list ??= { type, items: [] };
      list.items.push(line.replace(type === 'steps' ? STEP : BULLET, ''));
    } else if (list) {
      // A line under a list item continues it.
      list.items[list.items.length - 1] += ` ${line}`;
    } else {
      para.push(line);
    }
  }
  flush();
  return blocks;
}
