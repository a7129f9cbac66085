import { z } from 'zod';
import { isContactPhone } from './phones.ts';
import { emailSchema } from './validation.ts';

/** The address book (SPEC §3 Address): the default address comes first; page size 30. */
export const ADDRESS_PAGE_SIZE = 30;

/**
 * Delivery phone numbers are international (DHL, HK Post, Aramex ship abroad) and checked
 * against the address's country (phones.ts). The 11-digit rule of SPEC §5 is for accounts.
 */
export { isContactPhone };

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

/** The fields of an address as typed; `addressInputSchema` adds the check of the phone against the country. */
export const addressFieldsSchema = z.object({
  id: z.number().int().positive().optional(),
  name: text(50),
  company: optionalText(100),
  // A phone number at all here; whether it is valid in the address's country, below.
  tel: z.string().trim().refine((v) => isContactPhone(v, ''), 'validation.contact_phone'),
  email: z.union([z.literal(''), emailSchema]).default(''),
  country: text(60),
  province: text(60),
  city: text(60),
  district: optionalText(60),
  postCode: z.string().trim().regex(/^[A-Za-z0-9 -]{0,12}$/, 'validation.post_code').default(''),
  detail: text(200),
  defaultAddr: z.boolean().default(false),
});

/** The phone must be valid in the address's country (or carry its own country code): reported on `tel`. */
export function phoneFitsCountry(address: { tel: string; country: string }, ctx: z.RefinementCtx): void {
  if (!isContactPhone(address.tel, address.country)) ctx.addIssue({ code: 'custom', path: ['tel'], message: 'validation.contact_phone' });
}

export const addressInputSchema = addressFieldsSchema.superRefine(phoneFitsCountry);
export type AddressInput = z.input<typeof addressInputSchema>;

export const addressListRequest = z.object({ page: z.number().int().min(1).default(1), size: z.number().int().min(1).max(ADDRESS_PAGE_SIZE).default(ADDRESS_PAGE_SIZE) });
export const addressListResponse = z.object({ items: z.array(addressSchema), total: z.number().int() });
export const addressSaveResponse = z.object({ id: z.number().int(), data: addressSchema });
export const addressDeleteRequest = z.object({ id: z.number().int().positive() });

/** The address as written on an order: a copy, so editing the book later does not change it. */
export const orderAddressSchema = addressSchema.omit({ id: true, defaultAddr: true, updatedAt: true });
export type OrderAddress = z.infer<typeof orderAddressSchema>;
