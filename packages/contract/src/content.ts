import { z } from 'zod';
import { linkSchema } from './links.ts';

/** json-content.do get_cache (SPEC §7): a cached JSON block addressed by page name, version and language. */
export const contentNameSchema = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'validation.content_name');

export const getCacheRequest = z.object({
  name: contentNameSchema,
  version: z.string().min(1).max(32),
  /** Any language tag; the server forces en when it is neither zh-Hans nor en. */
  i18n: z.string().max(35).optional(),
});

export const getCacheResponse = z.object({
  name: z.string(),
  version: z.string(),
  i18n: z.enum(['zh-Hans', 'en']),
  content: z.unknown(),
  updatedAt: z.number().int(),
});

/** The shape of the `home` block the home page renders. */
export const homeContentSchema = z.object({
  title: z.string(),
  notice: z.string().optional(),
  banners: z.array(z.object({ image: z.string(), title: z.string(), subtitle: z.string().optional(), link: linkSchema.optional() })),
  shortcuts: z.array(z.object({ icon: z.string(), title: z.string(), link: linkSchema })),
  sections: z.array(
    z.object({
      title: z.string(),
      items: z.array(z.object({ title: z.string(), description: z.string().optional(), image: z.string().optional(), price: z.string().optional(), link: linkSchema.optional() })),
    }),
  ),
});
export type HomeContent = z.infer<typeof homeContentSchema>;
