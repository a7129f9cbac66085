import { z } from 'zod';

/**
 * Labels: short bilingual tags the owner puts on products ("Hotspot", "24 h"), each
 * with a colour. The shop draws a label as white text on its colour, so a colour is accepted only
 * when white text on it keeps the WCAG AA contrast of 4.5:1 (`labelColorReadable`); the console
 * checks as it is typed, the server refuses the rest.
 */
export { contrastRatio, LABEL_MIN_CONTRAST, LABEL_TEXT_COLOR, LABEL_TEXT_MAX, labelColorReadable, relativeLuminance } from './label-colors.ts';

export const labelColorSchema = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'validation.color')
  .transform((v) => v.toLowerCase());

/** A label as the shop shows it: its text in the caller's language. */
export const productLabelSchema = z.object({ id: z.number().int(), text: z.string(), color: z.string() });
export type ProductLabel = z.infer<typeof productLabelSchema>;
export const labelListResponse = z.object({ items: z.array(productLabelSchema) });
