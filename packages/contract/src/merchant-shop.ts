import { z } from 'zod';
import { currencyField, i18nField, productSummarySchema } from './catalogue.ts';
import { productLabelSchema } from './labels.ts';
import { merchantStatusSchema } from './merchants.ts';
import { storeSchema } from './stores.ts';

/**
 * The shop's side of merchants: the merchant page (`/pages/shop/index?id=`) and the
 * application a signed-in customer sends to open a shop (`/pages/shop/apply`). Only active
 * merchants are shown; an application is one per customer while it is open.
 */
const merchantId = z.number().int().positive().max(2_147_483_647);

export const shopMerchantSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string().nullable(),
  description: z.string(),
});
export type ShopMerchant = z.infer<typeof shopMerchantSchema>;

export const merchantListRequest = z.object({ i18n: i18nField });
export const merchantListResponse = z.object({ items: z.array(shopMerchantSchema) });

export const merchantDetailRequest = z.object({ id: merchantId, i18n: i18nField, currency: currencyField });
export const merchantDetailResponse = shopMerchantSchema.extend({
  /** Its products on sale, in the shop's order (at most 100; the page shows them as plan cards). */
  products: z.array(productSummarySchema),
  /** The labels its products carry, in the label order. */
  labels: z.array(productLabelSchema),
  /** Its open stores. */
  stores: z.array(storeSchema),
});
export type MerchantDetail = z.infer<typeof merchantDetailResponse>;

const text = (max: number) => z.string().trim().min(1, 'validation.required').max(max, 'validation.too_long');

/** What a customer writes to open a shop; the platform owner reviews it in the console. */
export const merchantApplyRequest = z
  .object({
    nameEn: text(60),
    nameZh: text(60),
    description: z.string().trim().max(1000, 'validation.too_long').default(''),
    contactEmail: z.string().trim().toLowerCase().email('validation.invalid').max(120),
    contactPhone: z.string().trim().regex(/^\+?[0-9 ()-]{5,24}$/, 'validation.invalid'),
    returnAddress: text(300),
  })
  .strict();

export const merchantApplicationSchema = z.object({
  id: z.number().int(),
  name: z.object({ en: z.string(), zh: z.string() }),
  status: merchantStatusSchema,
  createdAt: z.number().int(),
});
export type MerchantApplication = z.infer<typeof merchantApplicationSchema>;

export const myMerchantApplicationResponse = z.object({ application: merchantApplicationSchema.nullable() });
