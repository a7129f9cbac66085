import { mediaKeysOf, serverErrors, shopBlogCover, type AdminBlogFields, type AdminBlogPost, type BlogCategory } from '@simshop/contract';
import type { Config } from '../../config.ts';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { parseJson } from '../../lib/i18n.ts';
import { changedFields, recordAudit, type Actor } from '../audit/audit.service.ts';
import { onSaleProductsByKeys } from '../catalogue/catalogue.service.ts';
import { findPublicProductImage } from '../files/files.service.ts';
import { libraryPictureExists } from '../media/media.service.ts';
import * as posts from './blog.repository.ts';
import type { BlogPostRow } from './blog.repository.ts';
import { pageWindow } from '../../db/table-helpers.ts';

/**
 * Blog posts in the console: written in both languages, kept as drafts until published, edited
 * only from the version the editor read. Every write leaves an audit row in its transaction.
 */
function toAdmin(r: BlogPostRow): AdminBlogPost {
  return {
    id: r.id,
    slug: r.slug,
    title: { en: r.title_en, zh: r.title_zh },
    summary: { en: r.summary_en, zh: r.summary_zh },
    body: { en: r.body_en, zh: r.body_zh },
    cover: r.cover,
    category: r.category,
    tags: parseJson<string[]>(r.tags, []),
    productKeys: parseJson<string[]>(r.product_keys, []),
    published: r.published === 1,
    publishedAt: r.published_at === null ? null : Number(r.published_at),
    version: r.version,
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

/** What an audit row keeps of a post: everything staff edit (texts whole: they are what changed). */
function auditView(p: AdminBlogPost): Record<string, unknown> {
  const { id: _i, version: _v, createdAt: _c, updatedAt: _u, ...fields } = p;
  return fields;
}

async function requirePost(db: Executor, id: number): Promise<BlogPostRow> {
  const row = await posts.findById(db, id);
  if (!row) throw new AppError(serverErrors.notFound, 'id');
  return row;
}

export async function listPostsForStaff(db: Executor, input: { page: number; pageSize: number; sortField: 'updated_at' | 'published_at'; sortOrder: 'asc' | 'desc'; q?: string | undefined; category?: BlogCategory | undefined; published?: 'yes' | 'no' | undefined }) {
  const { rows, total } = await posts.listForStaff(
    db,
    { q: input.q || undefined, category: input.category, published: input.published === undefined ? undefined : input.published === 'yes' },
    { ...pageWindow(input), sort: input.sortField, order: input.sortOrder },
  );
  return { items: rows.map(toAdmin), total };
}

export async function postForStaff(db: Executor, id: number): Promise<AdminBlogPost> {
  return toAdmin(await requirePost(db, id));
}

/** A post links only to products on sale and shows only a cover that was uploaded as an image. */
async function checkLinks(db: Executor, config: Config, input: AdminBlogFields) {
  if (input.cover !== null) {
    const libraryKey = mediaKeysOf(input.cover)[0];
    const found = libraryKey
      ? await libraryPictureExists(db, libraryKey)
      : input.cover.startsWith('blog:')
        ? shopBlogCover(input.cover) !== undefined
        : await findPublicProductImage(db, config, input.cover.slice('products/'.length));
    if (!found) throw new AppError(serverErrors.blogCoverMissing, 'cover');
  }
  const onSale = await onSaleProductsByKeys(db, input.productKeys);
  const unknown = input.productKeys.findIndex((k) => !onSale.has(k));
  if (unknown >= 0) throw new AppError(serverErrors.contentProductUnknown, `productKeys.${unknown}`);
}

const columnsOf = (input: AdminBlogFields) => ({
  slug: input.slug,
  title_en: input.title.en,
  title_zh: input.title.zh,
  summary_en: input.summary.en,
  summary_zh: input.summary.zh,
  body_en: input.body.en,
  body_zh: input.body.zh,
  cover: input.cover,
  category: input.category,
  tags: JSON.stringify([...new Set(input.tags)]),
  product_keys: JSON.stringify([...new Set(input.productKeys)]),
});

/** Creates a draft, or with `published` a post published at once (its audit says both: created, then published). */
export async function createPost(db: Database, config: Config, actor: Actor, input: AdminBlogFields & { published?: boolean }, now: number): Promise<AdminBlogPost> {
  return db.transaction().execute(async (tx) => {
    if (await posts.findBySlug(tx, input.slug)) throw new AppError(serverErrors.alreadyExists, 'slug');
    await checkLinks(tx, config, input);
    const publish = input.published === true;
    const publishedAt = publish ? (input.publishedAt ?? now) : input.publishedAt;
    const row = await posts.insertReturning(tx, { ...columnsOf(input), published: publish ? 1 : 0, published_at: publishedAt, created_at: now, updated_at: now });
    const post = toAdmin(row);
    await recordAudit(tx, actor, { action: 'blog.create', targetType: 'blog_post', targetId: row.id, after: auditView({ ...post, published: false }) }, now);
    if (publish) await recordAudit(tx, actor, { action: 'blog.publish', targetType: 'blog_post', targetId: row.id, before: { published: false }, after: { published: true, publishedAt } }, now);
    return post;
  });
}

export async function updatePost(db: Database, config: Config, actor: Actor, input: AdminBlogFields & { id: number; version: number }, now: number): Promise<AdminBlogPost> {
  return db.transaction().execute(async (tx) => {
    const row = await requirePost(tx, input.id);
    if (row.version !== input.version) throw new AppError(serverErrors.changedBySomeoneElse, 'version');
    if (input.slug !== row.slug && (await posts.findBySlug(tx, input.slug))) throw new AppError(serverErrors.alreadyExists, 'slug');
    await checkLinks(tx, config, input);
    // A published post keeps a publish date: clearing it keeps the one it has.
    const publishedAt = input.publishedAt ?? (row.published === 1 ? row.published_at : null);
    const before = toAdmin(row);
    const diff = changedFields(auditView(before), auditView({ ...before, ...toAdmin({ ...row, ...columnsOf(input), published_at: publishedAt }) }));
    if (Object.keys(diff.after).length === 0) throw new AppError(serverErrors.nothingChanged);
    const updated = await posts.updateAtVersion(tx, row.id, row.version, { ...columnsOf(input), published_at: publishedAt, updated_at: now });
    if (!updated) throw new AppError(serverErrors.changedBySomeoneElse, 'version');
    await recordAudit(tx, actor, { action: 'blog.update', targetType: 'blog_post', targetId: row.id, ...diff }, now);
    return toAdmin(updated);
  });
}

/** Publishing dates a post now unless the editor set a date; withdrawing keeps the date for a later republish. */
export async function publishPost(db: Database, actor: Actor, input: { id: number; version: number; published: boolean }, now: number): Promise<AdminBlogPost> {
  return db.transaction().execute(async (tx) => {
    const row = await requirePost(tx, input.id);
    if (row.version !== input.version) throw new AppError(serverErrors.changedBySomeoneElse, 'version');
    if ((row.published === 1) === input.published) throw new AppError(serverErrors.nothingChanged, 'published');
    const publishedAt = input.published ? (row.published_at ?? now) : row.published_at;
    const updated = await posts.updateAtVersion(tx, row.id, row.version, { published: input.published ? 1 : 0, published_at: publishedAt, updated_at: now });
    if (!updated) throw new AppError(serverErrors.changedBySomeoneElse, 'version');
    await recordAudit(
      tx,
      actor,
      { action: input.published ? 'blog.publish' : 'blog.unpublish', targetType: 'blog_post', targetId: row.id, before: { published: !input.published }, after: { published: input.published, publishedAt: publishedAt === null ? null : Number(publishedAt) } },
      now,
    );
    return toAdmin(updated);
  });
}

export { countAll as countBlogPosts } from './blog.repository.ts';
