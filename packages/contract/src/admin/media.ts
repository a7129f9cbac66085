import { z } from 'zod';
import { MEDIA_ALT_MAX, MEDIA_EXTENSIONS } from '../media.ts';
import { adminId, adminListRequest, adminListResponse, bilingualSchema, searchText } from './common.ts';
import { adminEndpoint, defineAdminAction } from './define.ts';

/**
 * The console's media library: every uploaded picture with its size, alt text in both languages
 * and who added it. Uploading is a multipart call (ADMIN_MEDIA_UPLOAD_PATH in media.ts); these
 * actions list, describe and delete. A picture an image field still names cannot be deleted.
 */
export const mediaAltSchema = z
  .object({ en: z.string().trim().max(MEDIA_ALT_MAX, 'validation.too_long'), zh: z.string().trim().max(MEDIA_ALT_MAX, 'validation.too_long') })
  .strict();

export const adminMediaSchema = z.object({
  id: z.number().int(),
  /** `<id>-<hash>`: what the image string names (`media:<key>`) and its addresses carry. */
  key: z.string(),
  image: z.string(),
  fileName: z.string(),
  format: z.enum(MEDIA_EXTENSIONS),
  width: z.number().int(),
  height: z.number().int(),
  size: z.number().int(),
  alt: bilingualSchema,
  createdBy: z.string(),
  createdAt: z.number().int(),
});
export type AdminMedia = z.infer<typeof adminMediaSchema>;

export const mediaListRequest = adminListRequest(['createdAt', 'fileName', 'size'] as const, { search: searchText });
export const mediaUpdateRequest = z.object({ id: adminId, alt: mediaAltSchema }).strict();
export const mediaRefRequest = z.object({ id: adminId }).strict();

/** Where a picture is used, for the library page and the refusal to delete it. */
export const mediaUseSchema = z.object({ place: z.enum(['home', 'home_draft', 'product', 'blog', 'merchant', 'store']), id: z.string(), name: z.string() });
export type MediaUse = z.infer<typeof mediaUseSchema>;

export const adminMediaEndpoint = adminEndpoint('media', 'media library', {
  list: defineAdminAction({ permission: 'content.read', write: false, summary: 'Library pictures, newest first, searched by file name or alt text', request: mediaListRequest, response: adminListResponse(adminMediaSchema) }),
  uses: defineAdminAction({ permission: 'content.read', write: false, summary: 'Where a picture is used (home, products, blog posts, merchants)', request: mediaRefRequest, response: z.object({ items: z.array(mediaUseSchema) }) }),
  update: defineAdminAction({ permission: 'content.write', write: true, summary: 'Changes a picture\'s alt text in both languages', request: mediaUpdateRequest, response: adminMediaSchema }),
  delete: defineAdminAction({ permission: 'content.write', write: true, summary: 'Deletes a picture and its sizes; refused while an image field names it', request: mediaRefRequest, response: z.object({ ok: z.literal(true) }) }),
});
