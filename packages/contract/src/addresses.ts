import { z } from 'zod';
import { emailSchema } from './validation.ts';

/** The address book (SPEC §3 Address): the default address comes first; page size 30. */
export const ADDRESS_PAGE_SIZE = 30;

/**
 * Delivery phone numbers are international (DHL, HK Post, Aramex ship abroad): an optional +,
 * then 6 to 20 digits with spaces or dashes. The 11-digit rule of SPEC §5 is for accounts.
 */
export function isContactPhone(value: string): boolean {
  return /^\+?[0-9][0-9 -]{4,24}[0-9]$/.test(value) && value.replace(/\D/g, '').length >= 6 && value.replace(/\D/g, '').length <= 20;
}

const text = (max: number) => z.string().trim().min(1, 'validation.required').max(max, 'validation.too_long');
const optionalText = (max: number) => z.string().trim().max(max, 'validation.too_long').default('');

export const addressSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  company: z.string(),
  tel: z.string(),
  email: z.string(),
  country: z.string(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  postCode: z.string(),
  detail: z.string(),
  defaultAddr: z.boolean(),
  updatedAt: z.number().int(),
});
export type Address = z.infer<typeof addressSchema>;

export const addressInputSchema = z.object({
  id: z.number().int().positive().optional(),
  name: text(50),
  company: optionalText(100),
  tel: z.string().trim().refine(isContactPhone, 'validation.contact_phone'),
  email: z.union([z.literal(''), emailSchema]).default(''),
  country: text(60),
  province: text(60),
  city: text(60),
  district: optionalText(60),
  postCode: z.string().trim().regex(/^[A-Za-z0-9 -]{0,12}$/, 'validation.post_code').default(''),
  detail: text(200),
  defaultAddr: z.boolean().default(false),
});
export type AddressInput = z.input<typeof addressInputSchema>;

export const addressListRequest = z.object({ page: z.number().int().min(1).default(1), size: z.number().int().min(1).max(ADDRESS_PAGE_SIZE).default(ADDRESS_PAGE_SIZE) });
export const addressListResponse = z.object({ items: z.array(addressSchema), total: z.number().int() });
export const addressSaveResponse = z.object({ id: z.number().int(), data: addressSchema });
export const addressDeleteRequest = z.object({ id: z.number().int().positive() });

/** The address as written on an order: a copy, so editing the book later does not change it. */
export const orderAddressSchema = addressSchema.omit({ id: true, defaultAddr: true, updatedAt: true });
export type OrderAddress = z.infer<typeof orderAddressSchema>;
