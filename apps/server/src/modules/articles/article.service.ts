import { serverErrors, type Article, type ArticleImport, type Language } from '@simshop/contract';
import type { Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { ArticlesTable } from './articles.table.ts';
import { AppError } from '../../lib/app-error.ts';
import { pick } from '../../lib/i18n.ts';
import { changedFields, recordAudit, type Actor } from '../audit/audit.service.ts';
import * as articles from './article.repository.ts';

export type ArticleRow = Selectable<ArticlesTable>;

export async function listArticles(db: Executor, input: { page: number; size: number }, lang: Language) {
  const rows = await articles.listPublished(db, (input.page - 1) * input.size, input.size);
  return {
    items: rows.map((r) => ({ id: r.id, title: pick(lang, r.title_en, r.title_zh), releasedAt: Number(r.released_at), updatedAt: Number(r.updated_at) })),
    total: await articles.countPublished(db),
    page: input.page,
    size: input.size,
  };
}

/** One published article; an unknown or withdrawn id is "not found". */
export async function articleDetail(db: Executor, id: number, lang: Language): Promise<Article> {
  const r = await articles.findPublished(db, id);
  if (!r) throw new AppError(serverErrors.notFound, 'id');
  const zh = lang === 'zh-Hans' && r.title_zh !== '';
  return { id: r.id, title: zh ? r.title_zh : r.title_en, content: zh ? r.content_zh : r.content_en, releasedAt: Number(r.released_at), updatedAt: Number(r.updated_at) };
}

/**
 * Adds or updates articles by slug (the owner's import and the demo seed). An unchanged article
 * keeps its updated time, so importing the same file twice changes nothing. With an actor (the
 * command line), every article added or changed leaves an audit row.
 */
export async function importArticles(db: Executor, items: readonly ArticleImport[], now: number, actor?: Actor) {
  let added = 0;
  let updated = 0;
  for (const a of items) {
    // Chinese is kept only whole (title and content), so the list and the page fall back alike.
    const zh = a.title.zh !== '' && a.content.zh !== '';
    const row = { title_en: a.title.en, title_zh: zh ? a.title.zh : '', content_en: a.content.en, content_zh: zh ? a.content.zh : '', sort: a.sort, published: a.published ? 1 : 0 };
    const existing = await articles.findBySlug(db, a.slug);
    if (!existing) {
      const inserted = await articles.insertReturning(db, { slug: a.slug, ...row, released_at: now, updated_at: now });
      if (actor) await recordAudit(db, actor, { action: 'article.create', targetType: 'article', targetId: inserted.id, after: { slug: a.slug, ...auditView(inserted) } }, now);
      added += 1;
    } else if ((Object.keys(row) as (keyof typeof row)[]).some((k) => existing[k] !== row[k])) {
      await articles.updateArticle(db, existing.id, { ...row, updated_at: now });
      if (actor) await recordAudit(db, actor, { action: 'article.update', targetType: 'article', targetId: existing.id, ...changedFields(auditView(existing), auditView({ ...existing, ...row })) }, now);
      updated += 1;
    }
  }
  return { added, updated };
}

/** What an article's audit rows show: the fields staff change (texts whole; they are what changed). */
export function auditView(r: Pick<ArticleRow, 'title_en' | 'title_zh' | 'content_en' | 'content_zh' | 'sort' | 'published'> & { slug?: string }): Record<string, unknown> {
  return { ...(r.slug !== undefined ? { slug: r.slug } : {}), titleEn: r.title_en, titleZh: r.title_zh, contentEn: r.content_en, contentZh: r.content_zh, sort: r.sort, published: r.published === 1 };
}

export { countAll as countArticles, listAll as listAllArticles } from './article.repository.ts';

/** The titles of these articles, both languages, for naming them in the console's history; deleted ones are left out. */
export const articleTitlesByIds = async (db: Executor, ids: readonly number[]) => (await articles.findTitlesByIds(db, ids)).map((r) => ({ id: r.id, name: { en: r.title_en, zh: r.title_zh } }));
