import { z } from 'zod';
import { httpUrlSchema, shopTargetSchema } from './safe-url.ts';

/**
 * Link types for opening content (SPEC §2 "Link types"). Home blocks, banners and articles carry
 * these; the web app's page opener interprets them.
 */
export const innerLinkSchema = z.object({
  type: z.enum(['inner', 'goods']),
  /** A route under /uni/ (e.g. /pages/goods/goods?id=3) or a named shortcut; never a script or another site's `//host`. */
  page: shopTargetSchema,
  redirect: shopTargetSchema.optional(),
});
export const outerLinkSchema = z.object({
  type: z.literal('outer'),
  /** http(s) only: a `javascript:` or `data:` address would run in the shop's origin. */
  url: httpUrlSchema,
  target: z.string().optional(),
});
export const mpLinkSchema = z.object({
  type: z.literal('mp'),
  appId: z.string().min(1),
  path: shopTargetSchema.optional(),
});
export const downloadLinkSchema = z.object({
  type: z.literal('download'),
  file: shopTargetSchema,
});
export const linkSchema = z.discriminatedUnion('type', [innerLinkSchema, outerLinkSchema, mpLinkSchema, downloadLinkSchema]);
export type Link = z.infer<typeof linkSchema>;
export const LINK_TYPES = ['inner', 'goods', 'outer', 'mp', 'download'] as const;
