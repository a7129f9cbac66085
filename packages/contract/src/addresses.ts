import { z } from 'zod';
import { ADDRESS_AREA_FIELDS, addressRuleFor, type AddressAreaField } from './address-countries.ts';
import { countryCodeOf } from './countries.ts';
import { addressPhone, isContactPhone } from './phones.ts';
import { emailSchema } from './validation.ts';

/** The address book (SPEC §3 Address): the default address comes first; page size 30. */
export const ADDRESS_PAGE_SIZE = 30;

/**
 * Delivery phone numbers are international (DHL, HK Post, Aramex ship abroad) and checked
 * against the address's country (phones.ts). The 11-digit rule of SPEC §5 is for accounts.
 */
export { isContactPhone };
export * from './address-countries.ts';

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

/**
 * The fields of an address as typed; `addressInputSchema` adds what its country asks
 * (address-countries.ts) and the check of the phone against that country.
 */
export const addressFieldsSchema = z.object({
  id: z.number().int().positive().optional(),
  name: text(50),
  company: optionalText(100),
  // A phone number at all here; whether it is valid in the address's country, below.
  tel: z.string().trim().refine((v) => isContactPhone(v, ''), 'validation.contact_phone'),
  email: z.union([z.literal(''), emailSchema]).default(''),
  // A code from the picker; a name as typed ("China", "香港") is read as its code.
  country: z.string().trim().min(1, 'validation.country').max(60, 'validation.too_long'),
  province: optionalText(60),
  city: optionalText(60),
  district: optionalText(60),
  postCode: optionalText(12),
  detail: text(200),
  defaultAddr: z.boolean().default(false),
});

type AddressFields = Pick<z.output<typeof addressFieldsSchema>, 'tel' | 'country' | AddressAreaField>;

/**
 * What the address's country asks (address-countries.ts): the country one the shop knows, the
 * fields it needs filled, its post code's form, and a phone valid there (or carrying its own
 * country code). Each problem is reported on its field, with that country's message.
 */
export function checkAddressCountry(address: AddressFields, ctx: z.RefinementCtx): void {
  const code = countryCodeOf(address.country);
  if (!code) return void ctx.addIssue({ code: 'custom', path: ['country'], message: 'validation.country' });
  const rule = addressRuleFor(code);
  for (const field of ADDRESS_AREA_FIELDS) {
    if (rule.use[field] === 'required' && !address[field]) ctx.addIssue({ code: 'custom', path: [field], message: 'validation.required' });
  }
  if (rule.use.postCode !== 'hidden' && address.postCode && !rule.postCode.pattern.test(address.postCode)) ctx.addIssue({ code: 'custom', path: ['postCode'], message: rule.postCode.message });
  if (!addressPhone(address.tel, code)) ctx.addIssue({ code: 'custom', path: ['tel'], message: isContactPhone(address.tel, '') ? rule.phoneMessage : 'validation.contact_phone' });
}

/**
 * An address as the shop keeps it, once checked: the country as its code, what that country does
 * not ask left empty (a Hong Kong address saved with a province before keeps none), the phone in
 * its kept form (phones.ts addressPhone) and a post code in capitals.
 */
export function keptAddress<T extends AddressFields>(address: T): T {
  const code = countryCodeOf(address.country) ?? address.country;
  const rule = addressRuleFor(code);
  const kept = { ...address, country: code, tel: addressPhone(address.tel, code) ?? address.tel, postCode: address.postCode.toUpperCase() };
  for (const field of ADDRESS_AREA_FIELDS) if (rule.use[field] === 'hidden') kept[field] = '';
  return kept;
}

export const addressInputSchema = addressFieldsSchema.superRefine(checkAddressCountry).transform(keptAddress);
export type AddressInput = z.input<typeof addressInputSchema>;

export const addressListRequest = z.object({ page: z.number().int().min(1).default(1), size: z.number().int().min(1).max(ADDRESS_PAGE_SIZE).default(ADDRESS_PAGE_SIZE) });
export const addressListResponse = z.object({ items: z.array(addressSchema), total: z.number().int() });
export const addressSaveResponse = z.object({ id: z.number().int(), data: addressSchema });
export const addressDeleteRequest = z.object({ id: z.number().int().positive() });

/** The address as written on an order: a copy, so editing the book later does not change it. */
export const orderAddressSchema = addressSchema.omit({ id: true, defaultAddr: true, updatedAt: true });
export type OrderAddress = z.infer<typeof orderAddressSchema>;
