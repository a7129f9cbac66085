import { z } from 'zod';
import { homeContentSourceSchema } from '../content.ts';
import { emptyRequest } from '../users.ts';
import { adminId, adminListRequest, adminListResponse, searchText } from './common.ts';
import { adminEndpoint, defineAdminAction } from './define.ts';

/**
 * Console: the shop's home page (edited as a draft per language, published as numbered
 * revisions the shop reads) and the tutorials (articles in both languages).
 */
export const contentLanguageSchema = z.enum(['en', 'zh-Hans']);
export type ContentLanguage = z.infer<typeof contentLanguageSchema>;

/**
 * Something in a home block that would not work in the shop: a product key no product on sale
 * has (the shop leaves that entry out), or a link by product id (breaks when ids change).
 */
export const contentWarningSchema = z.object({
  /** Where, as a form path: `banners.0.link`, `sections.1.items.2.link`. */
  path: z.string(),
  kind: z.enum(['missing-product', 'id-link']),
  key: z.string().nullable(),
  productId: z.number().int().nullable(),
});
export type ContentWarning = z.infer<typeof contentWarningSchema>;

/** The home block of one language as the editor sees it: the working copy and what the shop shows now. */
export const homeEditorSchema = z.object({
  lang: contentLanguageSchema,
  /** Raised by every save; a write based on an older edition is refused (0: never saved in the console). */
  edition: z.number().int().nonnegative(),
  /** The working copy: the draft, or the published block when there is no draft; null when the block was never written. */
  content: homeContentSourceSchema.nullable(),
  /** The working copy differs from what the shop shows. */
  unpublished: z.boolean(),
  updatedAt: z.number().int().nullable(),
  updatedBy: z.string().nullable(),
  published: z.object({ revision: z.number().int(), publishedAt: z.number().int(), publishedBy: z.string() }).nullable(),
  /** Problems of the working copy. */
  warnings: z.array(contentWarningSchema),
  /** Problems of the published block: entries the shop is leaving out right now. */
  publishedWarnings: z.array(contentWarningSchema),
});
export type HomeEditor = z.infer<typeof homeEditorSchema>;

const langRequest = { lang: contentLanguageSchema };
const edition = z.number().int().nonnegative().max(2_147_483_647);

export const homeGetRequest = z.object(langRequest).strict();
export const homeSaveRequest = z.object({ ...langRequest, edition, content: homeContentSourceSchema }).strict();
export const homeEditionRequest = z.object({ ...langRequest, edition }).strict();
export const homeRestoreRequest = z.object({ ...langRequest, edition, revision: adminId }).strict();

export const homeRevisionSchema = z.object({ revision: z.number().int(), publishedAt: z.number().int(), publishedBy: z.string(), content: homeContentSourceSchema.nullable() });
export type HomeRevision = z.infer<typeof homeRevisionSchema>;
export const homeRevisionsRequest = adminListRequest(['revision'] as const, langRequest);
export const homeRevisionsResponse = adminListResponse(homeRevisionSchema.extend({ id: z.number().int() }));

/** A short-lived token the shop's home page takes (`?preview=`) to render the draft at phone width. */
export const homePreviewResponse = z.object({ token: z.string(), expiresAt: z.number().int() });

/** Products staff may link to from content: on sale, by key, with the lowest price. */
export const productChoiceSchema = z.object({
  key: z.string(),
  kind: z.string(),
  name: z.object({ en: z.string(), zh: z.string() }),
  subtitle: z.object({ en: z.string(), zh: z.string() }),
  image: z.string().nullable(),
  price: z.number().int(),
  currency: z.string(),
  soldOut: z.boolean(),
});
export type ProductChoice = z.infer<typeof productChoiceSchema>;
export const productChoicesResponse = z.object({ items: z.array(productChoiceSchema) });

// --- tutorials ---

const bilingualTitle = z.object({ en: z.string().trim().min(1).max(200), zh: z.string().trim().max(200).default('') });
const bilingualBody = z.object({ en: z.string().trim().min(1).max(50_000), zh: z.string().trim().max(50_000).default('') });
export const articleSlugSchema = z.string().trim().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'validation.invalid');

export const adminArticleSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.object({ en: z.string(), zh: z.string() }),
  sort: z.number().int(),
  published: z.boolean(),
  version: z.number().int(),
  releasedAt: z.number().int(),
  updatedAt: z.number().int(),
});
export const adminArticleSchema = adminArticleSummarySchema.extend({ content: z.object({ en: z.string(), zh: z.string() }) });
export type AdminArticleSummary = z.infer<typeof adminArticleSummarySchema>;
export type AdminArticle = z.infer<typeof adminArticleSchema>;

export const ARTICLE_SORT_FIELDS = ['sort', 'updatedAt', 'releasedAt'] as const;
export const articleAdminListRequest = adminListRequest(ARTICLE_SORT_FIELDS, { q: searchText, published: z.enum(['yes', 'no']).optional() });
export const articleAdminListResponse = adminListResponse(adminArticleSummarySchema);
export const articleRefRequest = z.object({ id: adminId }).strict();
const sortValue = z.number().int().min(-100_000).max(100_000);
/** Chinese is kept only whole: a Chinese title needs a Chinese text and the other way round (the server says which is missing). */
export const articleCreateRequest = z.object({ slug: articleSlugSchema, title: bilingualTitle, content: bilingualBody, sort: sortValue.default(0), published: z.boolean().default(false) }).strict();
/** Any of the fields; `version` is the one the editor read (a save over someone else's is refused). */
export const articleUpdateRequest = z
  .object({ id: adminId, version: z.number().int().positive().max(2_147_483_647), slug: articleSlugSchema.optional(), title: bilingualTitle.optional(), content: bilingualBody.optional(), sort: sortValue.optional(), published: z.boolean().optional() })
  .strict();

export const adminContentEndpoint = adminEndpoint('content', 'home content and tutorials', {
  home_get: defineAdminAction({ permission: 'content.read', write: false, summary: 'The home block of one language: working copy, published revision and warnings', request: homeGetRequest, response: homeEditorSchema }),
  home_save: defineAdminAction({ permission: 'content.write', write: true, summary: 'Saves the home draft (product links by key; unknown keys are refused)', request: homeSaveRequest, response: homeEditorSchema }),
  home_publish: defineAdminAction({ permission: 'content.write', write: true, summary: 'Publishes the draft as a new revision; the shop shows it at once', request: homeEditionRequest, response: homeEditorSchema }),
  home_discard: defineAdminAction({ permission: 'content.write', write: true, summary: 'Throws the draft away: the working copy is the published block again', request: homeEditionRequest, response: homeEditorSchema }),
  home_restore: defineAdminAction({ permission: 'content.write', write: true, summary: 'Copies a published revision into the draft', request: homeRestoreRequest, response: homeEditorSchema }),
  home_revisions: defineAdminAction({ permission: 'content.read', write: false, summary: 'Published revisions of the home block, newest first', request: homeRevisionsRequest, response: homeRevisionsResponse }),
  home_preview: defineAdminAction({ permission: 'content.read', write: false, summary: 'A token for the shop to render the draft (valid 30 minutes)', request: homeGetRequest, response: homePreviewResponse }),
  product_choices: defineAdminAction({ permission: 'content.read', write: false, summary: 'Products on sale to link to, by key', request: emptyRequest, response: productChoicesResponse }),
  article_list: defineAdminAction({ permission: 'content.read', write: false, summary: 'Tutorials, published or not, by sort order, title or slug', request: articleAdminListRequest, response: articleAdminListResponse }),
  article_get: defineAdminAction({ permission: 'content.read', write: false, summary: 'One tutorial in both languages', request: articleRefRequest, response: adminArticleSchema }),
  article_create: defineAdminAction({ permission: 'content.write', write: true, summary: 'Writes a new tutorial', request: articleCreateRequest, response: adminArticleSchema }),
  article_update: defineAdminAction({ permission: 'content.write', write: true, summary: 'Edits, publishes, withdraws or re-sorts a tutorial', request: articleUpdateRequest, response: adminArticleSchema }),
});
