import { serverErrors, type AdminArticle, type AdminArticleSummary } from '@simshop/contract';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { changedFields, recordAudit, type Actor } from '../audit/audit.service.ts';
import * as articles from './article.repository.ts';
import { auditView, type ArticleRow } from './article.service.ts';
import { pageWindow } from '../../db/table-helpers.ts';

/**
 * Tutorials in the console: staff write them in both languages (the shop's safe markup, never
 * HTML), publish or withdraw them and set their order. Every write is audited; an edit based on
 * an older version of the article is refused.
 */
type Bilingual = { en: string; zh: string };

function toSummary(r: Pick<ArticleRow, 'id' | 'slug' | 'title_en' | 'title_zh' | 'sort' | 'published' | 'version' | 'released_at' | 'updated_at'>): AdminArticleSummary {
  return { id: r.id, slug: r.slug, title: { en: r.title_en, zh: r.title_zh }, sort: r.sort, published: r.published === 1, version: r.version, releasedAt: Number(r.released_at), updatedAt: Number(r.updated_at) };
}

function toArticle(r: ArticleRow): AdminArticle {
  return { ...toSummary(r), content: { en: r.content_en, zh: r.content_zh } };
}

/** Chinese is kept only whole (the shop falls back to English for both or neither): say which half is missing. */
function requireWholeChinese(title: Bilingual, content: Bilingual) {
  if (title.zh !== '' && content.zh === '') throw new AppError(serverErrors.chineseIncomplete, 'content.zh');
  if (title.zh === '' && content.zh !== '') throw new AppError(serverErrors.chineseIncomplete, 'title.zh');
}

const SORT_COLUMNS = { sort: 'sort', updatedAt: 'updated_at', releasedAt: 'released_at' } as const;

export async function listArticlesForStaff(
  db: Executor,
  input: { page: number; pageSize: number; sortField: keyof typeof SORT_COLUMNS; sortOrder: 'asc' | 'desc'; q?: string | undefined; published?: 'yes' | 'no' | undefined },
) {
  const { rows, total } = await articles.listForStaff(
    db,
    { q: input.q, published: input.published === undefined ? undefined : input.published === 'yes' },
    { ...pageWindow(input), sort: SORT_COLUMNS[input.sortField], order: input.sortOrder },
  );
  return { items: rows.map(toSummary), total };
}

async function requireArticle(db: Executor, id: number): Promise<ArticleRow> {
  const row = await articles.findById(db, id);
  if (!row) throw new AppError(serverErrors.notFound, 'id');
  return row;
}

export async function articleForStaff(db: Executor, id: number): Promise<AdminArticle> {
  return toArticle(await requireArticle(db, id));
}

export async function createArticle(db: Database, actor: Actor, input: { slug: string; title: Bilingual; content: Bilingual; sort: number; published: boolean }, now: number): Promise<AdminArticle> {
  requireWholeChinese(input.title, input.content);
  return db.transaction().execute(async (tx) => {
    if (await articles.findBySlug(tx, input.slug)) throw new AppError(serverErrors.alreadyExists, 'slug');
    const row = await articles.insertReturning(tx, {
      slug: input.slug,
      title_en: input.title.en,
      title_zh: input.title.zh,
      content_en: input.content.en,
      content_zh: input.content.zh,
      sort: input.sort,
      published: input.published ? 1 : 0,
      released_at: now,
      updated_at: now,
    });
    await recordAudit(tx, actor, { action: 'article.create', targetType: 'article', targetId: row.id, after: auditView(row) }, now);
    return toArticle(row);
  });
}

export async function updateArticleForStaff(
  db: Database,
  actor: Actor,
  input: { id: number; version: number; slug?: string | undefined; title?: Bilingual | undefined; content?: Bilingual | undefined; sort?: number | undefined; published?: boolean | undefined },
  now: number,
): Promise<AdminArticle> {
  return db.transaction().execute(async (tx) => {
    const row = await requireArticle(tx, input.id);
    if (row.version !== input.version) throw new AppError(serverErrors.changedBySomeoneElse, 'version');
    const title = input.title ?? { en: row.title_en, zh: row.title_zh };
    const content = input.content ?? { en: row.content_en, zh: row.content_zh };
    requireWholeChinese(title, content);
    const slug = input.slug ?? row.slug;
    if (slug !== row.slug && (await articles.findBySlug(tx, slug))) throw new AppError(serverErrors.alreadyExists, 'slug');
    const next = { slug, title_en: title.en, title_zh: title.zh, content_en: content.en, content_zh: content.zh, sort: input.sort ?? row.sort, published: input.published === undefined ? row.published : input.published ? 1 : 0 };
    const diff = changedFields(auditView(row), auditView(next));
    if (Object.keys(diff.after).length === 0) throw new AppError(serverErrors.nothingChanged);
    // A tutorial first published now counts as released now (the shop lists it as new).
    const releasedNow = row.published === 0 && next.published === 1;
    const updated = await articles.updateAtVersion(tx, row.id, row.version, { ...next, updated_at: now, ...(releasedNow ? { released_at: now } : {}) });
    if (!updated) throw new AppError(serverErrors.changedBySomeoneElse, 'version');
    const action = releasedNow ? 'article.publish' : row.published === 1 && next.published === 0 ? 'article.unpublish' : 'article.update';
    await recordAudit(tx, actor, { action, targetType: 'article', targetId: row.id, ...diff }, now);
    return toArticle(updated);
  });
}
