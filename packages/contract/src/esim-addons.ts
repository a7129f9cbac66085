import { z } from 'zod';
import { currencyField, i18nField } from './catalogue.ts';
import { currencySchema } from './enums.ts';
import { consumerTermsFields } from './withdrawal.ts';

/**
 * Data add-ons: packages added to an eSIM the customer already has, delivered to the same
 * profile (no new QR). Which packages fit an eSIM is the owner's choice per product (an add-on
 * family key shared by the eSIM product and its add-on products).
 *
 * The queue rule, the one the eSIM page states: packages are used one at a time, the plan first,
 * then the add-ons in the order they were bought; each add-on adds its data and its days to the
 * eSIM (the end date moves by its days); data not used by the end date is lost.
 */
export const ESIM_ADDON_RULE = {
  en: 'The plan is used first, then each add-on in the order bought. Every add-on adds its data and its days: the end date moves later by its days. Data not used by the end date is lost.',
  zh: '先使用原套餐，再按购买顺序使用各个加油包。每个加油包都会增加流量和天数：结束日期相应顺延。结束日期时未用完的流量将作废。',
} as const;

/** A package that fits an eSIM, as its "Add data" list shows it. */
export const esimAddonOfferSchema = z.object({
  skuId: z.number().int(),
  productId: z.number().int(),
  name: z.string(),
  /** The SKU's spec values, e.g. ['3 GB', '7 days']. */
  option: z.array(z.string()),
  /** MB; null: unlimited. */
  dataMb: z.number().int().positive().nullable(),
  validityDays: z.number().int().positive(),
  /** The caller's price (wholesale for a reseller where the product has one). */
  price: z.number().int(),
  currency: currencySchema,
});
export type EsimAddonOffer = z.infer<typeof esimAddonOfferSchema>;
export const esimAddonsResponse = z.object({ items: z.array(esimAddonOfferSchema) });

/** The packages that fit an eSIM, priced in the customer's currency where the package has a price in it. */
export const esimAddonsRequest = z.object({ id: z.number().int().positive(), i18n: i18nField, currency: currencyField });
/** Buying one: an EU customer consents to immediate performance as at checkout (an add-on is digital content). */
export const esimAddDataRequest = esimAddonsRequest.extend({ skuId: z.number().int().positive(), ...consumerTermsFields });
/** An unpaid order of one add-on; it is paid on the order's payment page like any order. */
export const esimAddDataResponse = z.object({ orderNo: z.string(), expiresAt: z.number().int() });

export const ESIM_PACKAGE_STATES = ['used', 'in-use', 'waiting', 'being-added', 'lost'] as const;
/**
 * One package of an eSIM's queue: its plan (first) or an add-on. Dates are predicted from the
 * use so far; null when they cannot be told yet (not started, or the network silent).
 */
export const esimPackageSchema = z.object({
  kind: z.enum(['plan', 'addon']),
  name: z.string(),
  /** MB; null: unlimited. */
  dataMb: z.number().int().positive().nullable(),
  validityDays: z.number().int().positive(),
  /** When it was bought (the plan: when the eSIM was delivered). */
  boughtAt: z.number().int().nullable(),
  /** Paid, still being added by the carrier: not in the totals yet. */
  state: z.enum(ESIM_PACKAGE_STATES),
  startsAt: z.number().int().nullable(),
  endsAt: z.number().int().nullable(),
});
export type EsimPackage = z.infer<typeof esimPackageSchema>;
