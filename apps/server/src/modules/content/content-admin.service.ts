import { HOME_BLOCK, homeContentSourceSchema, homeProductLinks, productIdOfLink, serverErrors, type ContentLanguage, type ContentLink, type ContentWarning, type HomeContentSource, type HomeEditor, type HomeRevision } from '@simshop/contract';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { changedFields, recordAudit, type Actor } from '../audit/audit.service.ts';
import { linkableProducts, onSaleProductsByKeys } from '../catalogue/catalogue.service.ts';
import { PREVIEW_TTL_MS, sealPreviewToken } from './content-preview.ts';
import * as contents from './content.repository.ts';
import { parseHomeSource, saveContent } from './content.service.ts';
import { pageWindow } from '../../db/table-helpers.ts';

/**
 * The console's home editor. Staff edit a draft per language (each save raises its edition, and
 * a write based on an older edition is refused); publishing turns the draft into a new numbered
 * revision that the shop reads. Links to products go by key: a key no product on sale has is
 * refused when saving or publishing, and reported as a warning when a product goes away later.
 */
const blockOf = (lang: ContentLanguage) => ({ ...HOME_BLOCK, lang });
const auditTarget = (lang: ContentLanguage) => `${HOME_BLOCK.name}:${lang}`;

/** Key order and defaults as the schema gives them, so two copies of the same block compare equal. */
const canonical = (content: HomeContentSource | null) => (content ? JSON.stringify(homeContentSourceSchema.parse(content)) : null);

function linksOf(content: HomeContentSource): Array<{ path: string; link: ContentLink }> {
  const out: Array<{ path: string; link: ContentLink }> = [];
  content.banners.forEach((b, i) => b.link && out.push({ path: `banners.${i}.link`, link: b.link }));
  content.shortcuts.forEach((s, i) => out.push({ path: `shortcuts.${i}.link`, link: s.link }));
  content.sections.forEach((s, i) => s.items.forEach((item, j) => item.link && out.push({ path: `sections.${i}.items.${j}.link`, link: item.link })));
  return out;
}

/** What would not work in the shop: product keys nobody sells now, and links by product id. */
export async function contentWarnings(db: Executor, content: HomeContentSource | null): Promise<ContentWarning[]> {
  if (!content) return [];
  const live = await onSaleProductsByKeys(db, homeProductLinks(content).map((l) => l.key));
  const warnings: ContentWarning[] = [];
  for (const { path, link } of linksOf(content)) {
    if (link.type === 'product' && !live.has(link.key)) warnings.push({ path, kind: 'missing-product', key: link.key, productId: null });
    const id = productIdOfLink(link);
    if (id !== null) warnings.push({ path, kind: 'id-link', key: null, productId: id });
  }
  return warnings;
}

/** Refuses content that links to a product key nobody sells, naming the field. */
async function requireLiveProducts(db: Executor, content: HomeContentSource) {
  const links = homeProductLinks(content);
  const live = await onSaleProductsByKeys(db, links.map((l) => l.key));
  const missing = links.find((l) => !live.has(l.key));
  if (missing) throw new AppError(serverErrors.contentProductUnknown, `content.${missing.path}.key`, { key: missing.key });
}

async function editorState(db: Executor, lang: ContentLanguage): Promise<HomeEditor> {
  const key = blockOf(lang);
  const [draft, revision] = await Promise.all([contents.findDraft(db, key), contents.latestRevision(db, key)]);
  const content = parseHomeSource(draft?.content ?? revision?.content);
  const published = parseHomeSource(revision?.content);
  return {
    lang,
    edition: draft?.edition ?? 0,
    content,
    unpublished: draft !== undefined && canonical(content) !== canonical(published),
    updatedAt: draft?.updated_at ?? revision?.published_at ?? null,
    updatedBy: draft?.updated_by ?? revision?.published_by ?? null,
    published: revision ? { revision: revision.revision, publishedAt: revision.published_at, publishedBy: revision.published_by } : null,
    warnings: await contentWarnings(db, content),
    publishedWarnings: await contentWarnings(db, published),
  };
}

export function homeEditor(db: Executor, lang: ContentLanguage): Promise<HomeEditor> {
  return editorState(db, lang);
}

/** The draft as it stands, refused when someone saved since the editor read `edition`. */
async function currentDraft(tx: Executor, lang: ContentLanguage, edition: number) {
  const draft = await contents.findDraft(tx, blockOf(lang));
  if ((draft?.edition ?? 0) !== edition) throw new AppError(serverErrors.changedBySomeoneElse, 'edition');
  return draft;
}

async function writeDraft(tx: Executor, actor: Actor, lang: ContentLanguage, edition: number, content: HomeContentSource, now: number) {
  const written = await contents.writeDraft(tx, blockOf(lang), edition, { content: canonical(content)!, edition: edition + 1, updatedAt: now, updatedBy: actor.label });
  if (!written) throw new AppError(serverErrors.changedBySomeoneElse, 'edition');
}

const topLevel = (c: HomeContentSource | null): Record<string, unknown> => (c ? { ...c } : {});

/** Saves the draft of one language. */
export async function saveHomeDraft(db: Database, actor: Actor, input: { lang: ContentLanguage; edition: number; content: HomeContentSource }, now: number): Promise<HomeEditor> {
  return db.transaction().execute(async (tx) => {
    const draft = await currentDraft(tx, input.lang, input.edition);
    await requireLiveProducts(tx, input.content);
    const before = parseHomeSource(draft?.content ?? (await contents.latestRevision(tx, blockOf(input.lang)))?.content);
    await writeDraft(tx, actor, input.lang, input.edition, input.content, now);
    await recordAudit(tx, actor, { action: 'content.home_save', targetType: 'content', targetId: auditTarget(input.lang), ...changedFields(topLevel(before), topLevel(input.content)) }, now);
    return editorState(tx, input.lang);
  });
}

/** Publishes the draft as the next revision: the shop shows it from now on. */
export async function publishHome(db: Database, actor: Actor, input: { lang: ContentLanguage; edition: number }, now: number): Promise<HomeEditor> {
  return db.transaction().execute(async (tx) => {
    const draft = await currentDraft(tx, input.lang, input.edition);
    const latest = await contents.latestRevision(tx, blockOf(input.lang));
    const content = parseHomeSource(draft?.content);
    if (!content || canonical(content) === canonical(parseHomeSource(latest?.content))) throw new AppError(serverErrors.contentNothingToPublish, 'edition');
    await requireLiveProducts(tx, content);
    const revision = await saveContent(tx, { ...blockOf(input.lang), content }, now, actor.label);
    await recordAudit(tx, actor, { action: 'content.home_publish', targetType: 'content', targetId: auditTarget(input.lang), before: latest ? { revision: latest.revision } : null, after: { revision } }, now);
    return editorState(tx, input.lang);
  });
}

/** Throws the unpublished changes away: the draft is the published block again. */
export async function discardHomeDraft(db: Database, actor: Actor, input: { lang: ContentLanguage; edition: number }, now: number): Promise<HomeEditor> {
  return db.transaction().execute(async (tx) => {
    const draft = await currentDraft(tx, input.lang, input.edition);
    const latest = await contents.latestRevision(tx, blockOf(input.lang));
    const published = parseHomeSource(latest?.content);
    const content = parseHomeSource(draft?.content);
    if (!published || !content || canonical(content) === canonical(published)) throw new AppError(serverErrors.contentNothingToPublish, 'edition');
    await writeDraft(tx, actor, input.lang, input.edition, published, now);
    await recordAudit(tx, actor, { action: 'content.home_discard', targetType: 'content', targetId: auditTarget(input.lang), ...changedFields(topLevel(content), topLevel(published)) }, now);
    return editorState(tx, input.lang);
  });
}

/** Copies an earlier revision into the draft (publish it to bring it back). */
export async function restoreHomeRevision(db: Database, actor: Actor, input: { lang: ContentLanguage; edition: number; revision: number }, now: number): Promise<HomeEditor> {
  return db.transaction().execute(async (tx) => {
    const draft = await currentDraft(tx, input.lang, input.edition);
    const found = await contents.findRevision(tx, blockOf(input.lang), input.revision);
    const content = parseHomeSource(found?.content);
    if (!content) throw new AppError(serverErrors.notFound, 'revision');
    const before = parseHomeSource(draft?.content ?? (await contents.latestRevision(tx, blockOf(input.lang)))?.content);
    await writeDraft(tx, actor, input.lang, input.edition, content, now);
    const diff = changedFields(topLevel(before), topLevel(content));
    await recordAudit(tx, actor, { action: 'content.home_restore', targetType: 'content', targetId: auditTarget(input.lang), before: diff.before, after: { revision: input.revision, ...diff.after } }, now);
    return editorState(tx, input.lang);
  });
}

export async function homeRevisions(db: Executor, input: { lang: ContentLanguage; page: number; pageSize: number; sortOrder: 'asc' | 'desc' }): Promise<{ items: Array<HomeRevision & { id: number }>; total: number }> {
  const { rows, total } = await contents.listRevisions(db, blockOf(input.lang), { ...pageWindow(input), order: input.sortOrder });
  return { total, items: rows.map((r) => ({ id: r.id, revision: r.revision, publishedAt: r.published_at, publishedBy: r.published_by, content: parseHomeSource(r.content) })) };
}

export function homePreviewToken(secret: string, lang: ContentLanguage, now: number): { token: string; expiresAt: number } {
  const expiresAt = now + PREVIEW_TTL_MS;
  return { token: sealPreviewToken(secret, { ...blockOf(lang), expiresAt }), expiresAt };
}

/** Products staff may link to, with what the picker shows. */
export async function productChoices(db: Executor) {
  const items = await linkableProducts(db);
  return { items: items.map((p) => ({ key: p.key, kind: p.kind, name: p.name, subtitle: p.subtitle, image: p.images || null, price: p.price, currency: p.currency, soldOut: p.soldOut })) };
}
