import { z } from 'zod';

/**
 * Link types for opening content (SPEC §2 "Link types"). Home blocks, banners and articles carry
 * these; the web app's page opener interprets them.
 */
export const innerLinkSchema = z.object({
  type: z.enum(['inner', 'goods']),
  /** A route under /uni/ (e.g. /pages/goods/goods?id=3) or a named shortcut. */
  page: z.string().min(1),
  redirect: z.string().optional(),
});
export const outerLinkSchema = z.object({
  type: z.literal('outer'),
  url: z.url(),
  target: z.string().optional(),
});
export const mpLinkSchema = z.object({
  type: z.literal('mp'),
  appId: z.string().min(1),
  path: z.string().optional(),
});
export const downloadLinkSchema = z.object({
  type: z.literal('download'),
  file: z.string().min(1),
});
export const linkSchema = z.discriminatedUnion('type', [innerLinkSchema, outerLinkSchema, mpLinkSchema, downloadLinkSchema]);
export type Link = z.infer<typeof linkSchema>;
export const LINK_TYPES = ['inner', 'goods', 'outer', 'mp', 'download'] as const;
