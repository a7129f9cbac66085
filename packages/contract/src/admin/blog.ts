import { z } from 'zod';
import { blogCategorySchema, blogSlugSchema, blogTagSchema } from '../blog.ts';
import { adminId, adminListRequest, adminListResponse, searchText } from './common.ts';
import { adminEndpoint, defineAdminAction } from './define.ts';

/**
 * Console: the blog. Staff with the content permissions write posts in both
 * languages, preview them as the shop renders them, and publish or withdraw them; every write is
 * audited and an edit based on an older version is refused. The cover is a product-style stored
 * image (uploaded through the console's image upload); related products are named by key.
 */
const both = (max: number) => z.object({ en: z.string().trim().min(1, 'validation.required').max(max, 'validation.too_long'), zh: z.string().trim().min(1, 'validation.required').max(max, 'validation.too_long') });

/** A media library picture (`media:<key>`), a stored image entry as the older upload returned it (`products/<file id>`), or one of the shop's own covers (`blog:<name>.webp`; `.svg` as posts written before name them). */
export const blogCoverSchema = z.string().regex(/^(media:[1-9][0-9]{0,9}-[0-9a-f]{12}|products\/[0-9a-f-]{36}|blog:[a-z0-9-]{1,40}\.(?:webp|svg))$/, 'validation.invalid');

const postFields = {
  slug: blogSlugSchema,
  title: both(120),
  summary: both(300),
  body: both(50_000),
  cover: blogCoverSchema.nullable().default(null),
  category: blogCategorySchema,
  tags: z.array(blogTagSchema).max(8).default([]),
  productKeys: z.array(z.string().trim().min(1).max(64)).max(6).default([]),
  /** When the shop says it was published; null: the moment it is first published. */
  publishedAt: z.number().int().positive().nullable().default(null),
};

/** `published`: created published at once (dated `publishedAt`, else now: a later date schedules it), in the create's own transaction; absent: a draft. */
export const adminBlogCreateRequest = z.object({ ...postFields, published: z.boolean().default(false) }).strict();
export const adminBlogUpdateRequest = z.object({ id: adminId, version: z.number().int().positive().max(2_147_483_647), ...postFields }).strict();
export type AdminBlogFields = Omit<z.output<typeof adminBlogUpdateRequest>, 'id' | 'version'>;

export const adminBlogPostSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.object({ en: z.string(), zh: z.string() }),
  summary: z.object({ en: z.string(), zh: z.string() }),
  body: z.object({ en: z.string(), zh: z.string() }),
  cover: z.string().nullable(),
  category: blogCategorySchema,
  tags: z.array(z.string()),
  productKeys: z.array(z.string()),
  published: z.boolean(),
  publishedAt: z.number().int().nullable(),
  version: z.number().int(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type AdminBlogPost = z.infer<typeof adminBlogPostSchema>;

export const adminBlogListRequest = adminListRequest(['updated_at', 'published_at'] as const, { q: searchText, category: blogCategorySchema.optional(), published: z.enum(['yes', 'no']).optional() });
export const adminBlogListResponse = adminListResponse(adminBlogPostSchema);
export const adminBlogRefRequest = z.object({ id: adminId }).strict();
export const adminBlogPublishRequest = z.object({ id: adminId, version: z.number().int().positive().max(2_147_483_647), published: z.boolean() }).strict();

export const adminBlogEndpoint = adminEndpoint('blog', 'blog posts', {
  list: defineAdminAction({ permission: 'content.read', write: false, summary: 'Blog posts, drafts and published, by title, slug or tag', request: adminBlogListRequest, response: adminBlogListResponse }),
  detail: defineAdminAction({ permission: 'content.read', write: false, summary: 'One blog post in both languages', request: adminBlogRefRequest, response: adminBlogPostSchema }),
  create: defineAdminAction({ permission: 'content.write', write: true, summary: 'Writes a new blog post: a draft, or published at once with `published`', request: adminBlogCreateRequest, response: adminBlogPostSchema }),
  update: defineAdminAction({ permission: 'content.write', write: true, summary: "Edits a blog post (refused when someone changed it meanwhile)", request: adminBlogUpdateRequest, response: adminBlogPostSchema }),
  publish: defineAdminAction({ permission: 'content.write', write: true, summary: 'Publishes a blog post or withdraws it to a draft', request: adminBlogPublishRequest, response: adminBlogPostSchema }),
});
