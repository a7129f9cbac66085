import { z } from 'zod';
import { LABEL_TEXT_MAX, labelColorSchema } from '../labels.ts';
import { adminId } from './common.ts';
import { adminEndpoint, defineAdminAction } from './define.ts';

/**
 * Labels in the console: the owner creates them (text in both languages, a colour
 * white text stays readable on, an order) and puts them on products in the product editor.
 * Deleting a label takes it off every product that had it.
 */
export const labelTextSchema = z
  .object({
    en: z.string().trim().min(1, 'validation.required').max(LABEL_TEXT_MAX, 'validation.too_long'),
    zh: z.string().trim().min(1, 'validation.required').max(LABEL_TEXT_MAX, 'validation.too_long'),
  })
  .strict();

/** A label as a product carries it in the console (product rows, the editor's picker). */
export const adminLabelRefSchema = z.object({ id: z.number().int(), text: z.object({ en: z.string(), zh: z.string() }), color: z.string() });
export type AdminLabelRef = z.infer<typeof adminLabelRefSchema>;

export const adminLabelSchema = adminLabelRefSchema.extend({
  sort: z.number().int(),
  /** Products carrying it, on sale or not. */
  products: z.number().int(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type AdminLabel = z.infer<typeof adminLabelSchema>;

const labelInputShape = { text: labelTextSchema, color: labelColorSchema, sort: z.number().int().min(0).max(1_000_000).default(0) };
export const labelCreateRequest = z.object(labelInputShape).strict();
export const labelUpdateRequest = z.object({ id: adminId, ...labelInputShape }).strict();
export const labelDeleteRequest = z.object({ id: adminId }).strict();

export const adminLabelEndpoint = adminEndpoint('label', 'product labels', {
  list: defineAdminAction({ permission: 'catalogue.read', write: false, summary: 'Every label in the shop\'s order, with how many products carry it', request: z.object({}).strict(), response: z.object({ items: z.array(adminLabelSchema) }) }),
  create: defineAdminAction({ permission: 'catalogue.write', write: true, summary: 'Creates a label (both texts unique, a readable colour)', request: labelCreateRequest, response: adminLabelSchema }),
  update: defineAdminAction({ permission: 'catalogue.write', write: true, summary: 'Changes a label\'s texts, colour or order', request: labelUpdateRequest, response: adminLabelSchema }),
  delete: defineAdminAction({ permission: 'catalogue.write', write: true, summary: 'Deletes a label and takes it off every product', request: labelDeleteRequest, response: z.object({ ok: z.literal(true) }) }),
});
