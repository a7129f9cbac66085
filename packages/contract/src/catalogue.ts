import { z } from 'zod';
import { productLabelSchema } from './labels.ts';
import { merchantSummarySchema } from './merchants.ts';
import { ecodeSchema, activationCodeSchema, checkIccid, dpAddressSchema, eidSchema, imeiOrSerialSchema, isPhone } from './validation.ts';
import { currencySchema } from './enums.ts';

/**
 * The catalogue (DESIGN §4): every product is one kind, declares the order-item inputs it needs
 * (SPEC §3 "remark labels"), and sells through one or more SKUs, the combinations of its
 * specification values, each with its own price and stock. Prices are integers in minor units.
 */
/** `topup` is a reseller balance top-up: never listed, ordered through balance.do `topup` only. */
/** `esim_addon`: a data package added to an eSIM the customer has (`topup` is a reseller's balance top-up). */
export const ProductKind = { sim: 'sim', esim: 'esim', recharge: 'recharge', ecode: 'ecode', service: 'service', topup: 'topup', esimAddon: 'esim_addon' } as const;
export const productKindSchema = z.enum(ProductKind);
export type ProductKind = z.infer<typeof productKindSchema>;

/** Kinds that go out by courier and so need an address. */
export const isPhysicalKind = (kind: ProductKind) => kind === 'sim';

/** The kinds an add-on family ties together: an eSIM product and the data add-ons that fit its eSIMs. */
export const hasAddonFamily = (kind: string | undefined): boolean => kind === 'esim' || kind === 'esim_addon';

/** Kinds sold to resellers only (DESIGN §4: ECode vouchers): a regular customer neither sees nor buys them. */
export const RESELLER_ONLY_KINDS = ['ecode'] as const satisfies readonly ProductKind[];
export const isResellerOnlyKind = (kind: string) => (RESELLER_ONLY_KINDS as readonly string[]).includes(kind);

/** Kinds handed over online as soon as every unit is issued: an order made only of them is delivered then. */
const ONLINE_KINDS: ReadonlySet<string> = new Set<ProductKind>(['esim', 'recharge', 'ecode', 'topup', 'esim_addon']);
export const isDeliveredOnline = (kind: string) => ONLINE_KINDS.has(kind);

/** Order-item inputs (SPEC §3 remark labels), each checked with its §5 rule. */
export const ItemInput = {
  imei: 'imei',
  eid: 'eid',
  qpeNumber: 'qpeNumber',
  generateNumber: 'generateNumber',
  esim: 'esim',
  ecode: 'ecode',
  paperCard: 'paperCard',
  dpAddress: 'dpAddress',
  activationCode: 'activationCode',
  rechargeNumber: 'rechargeNumber',
} as const;
export const itemInputSchema = z.enum(ItemInput);
export type ItemInput = z.infer<typeof itemInputSchema>;

export const PAPER_CARD_CHOICES = ['with_card', 'without_card'] as const;

/** A recharge number is the phone number of the SIM or its ICCID. */
const rechargeNumberSchema = z
  .string()
  .trim()
  .refine((v) => isPhone(v) || checkIccid(v).ok, 'validation.recharge_number');

export const itemInputRules: Record<ItemInput, z.ZodType<string>> = {
  imei: imeiOrSerialSchema,
  eid: eidSchema,
  qpeNumber: z.string().trim().regex(/^[A-Za-z0-9-]{4,32}$/, 'validation.qpe_number'),
  generateNumber: z.string().trim().regex(/^[1-9]\d{0,3}$/, 'validation.generate_number'),
  esim: activationCodeSchema,
  ecode: ecodeSchema,
  paperCard: z.enum(PAPER_CARD_CHOICES, 'validation.paper_card'),
  dpAddress: dpAddressSchema,
  activationCode: activationCodeSchema,
  rechargeNumber: rechargeNumberSchema,
};

export interface InputIssue {
  input: ItemInput;
  message: string;
}

/** Checks the inputs a product requires; extra inputs are not accepted. */
export function checkItemInputs(required: readonly ItemInput[], inputs: Record<string, string | undefined>): InputIssue[] {
  const issues: InputIssue[] = [];
  for (const input of required) {
    const value = inputs[input];
    if (value === undefined || value === '') {
      issues.push({ input, message: 'validation.required' });
      continue;
    }
    const result = itemInputRules[input].safeParse(value);
    if (!result.success) issues.push({ input, message: result.error.issues[0]?.message ?? 'validation.invalid' });
  }
  for (const key of Object.keys(inputs)) if (!required.includes(key as ItemInput)) issues.push({ input: key as ItemInput, message: 'validation.unexpected' });
  return issues;
}

export const i18nField = z.string().max(35).optional();
/**
 * The currency the customer chose (Mine): prices come in it where the owner set one, else in the
 * product's own currency. Absent: the signed-in account's choice, else the language's default.
 */
export const currencyField = currencySchema.optional();
const money = z.number().int().min(0).max(100_000_000);
/** A SKU's prices in currencies other than its product's own, by currency (contract `OtherPrices`). */
export const skuPricesSchema = z.partialRecord(currencySchema, z.object({ price: money, wholesalePrice: money.nullable() }).strict());
export const pageSchema = z.object({ page: z.number().int().min(1).default(1), size: z.number().int().min(1).max(100).default(20) });

export const skuSchema = z.object({
  id: z.number().int(),
  /** One value per specification group, in the product's `specs` order. */
  options: z.array(z.string()),
  price: z.number().int(),
  /** Resellers only; null for everyone else. */
  wholesalePrice: z.number().int().nullable(),
  /** null: not counted (no stock limit). */
  stock: z.number().int().nullable(),
  soldOut: z.boolean(),
  /** Travel plans: the data this SKU gives in MB (null: unlimited when `validityDays` is set). */
  dataMb: z.number().int().nullable(),
  /** Travel plans: the days it runs; null: no stated validity (then `dataMb` is null too). */
  validityDays: z.number().int().nullable(),
});
export type Sku = z.infer<typeof skuSchema>;

/** A destination: an ISO 3166-1 alpha-2 code, upper case (names and flags are drawn from it in the browser). */
export const countryCodeSchema = z.string().regex(/^[A-Z]{2}$/);
/** Kinds that are travel plans: they work in destinations (`coverage`) and carry plan facts. */
export const TRAVEL_PLAN_KINDS = ['esim', 'sim', 'esim_addon'] as const satisfies readonly ProductKind[];
export const isTravelPlanKind = (kind: string) => (TRAVEL_PLAN_KINDS as readonly string[]).includes(kind);
/** When a travel plan's days start counting (the best stores say so on the product page). */
export const VALIDITY_STARTS = ['first-connection', 'install', 'purchase'] as const;
/**
 * What a traveller needs to know about a data plan (eSIM and SIM products; null for the rest):
 * the operators it uses per destination, whether hotspot is allowed, when validity starts.
 * Where it works is `coverage` on the summary, since lists filter by it.
 */
export const travelPlanSchema = z.object({
  networks: z.array(z.object({ country: countryCodeSchema, operators: z.array(z.string().trim().min(1).max(40)).max(6) })).max(200),
  hotspot: z.boolean(),
  validityStarts: z.enum(VALIDITY_STARTS),
});
export type TravelPlan = z.infer<typeof travelPlanSchema>;

export const productSummarySchema = z.object({
  id: z.number().int(),
  kind: productKindSchema,
  name: z.string(),
  subtitle: z.string(),
  /** The image string, `folder:file1,file2` (SPEC §3). */
  images: z.string(),
  /** The currency of every price here: the customer's when each SKU has a price in it, else the product's own. */
  currency: currencySchema,
  /** The lowest SKU price. */
  price: z.number().int(),
  wholesalePrice: z.number().int().nullable(),
  wholesaleMinQty: z.number().int().nullable(),
  soldOut: z.boolean(),
  /** The owner's labels, in the label order. */
  labels: z.array(productLabelSchema),
  /** Destinations the plan works in, ISO codes; empty for products that are not travel plans. */
  coverage: z.array(countryCodeSchema),
  /** Spec groups with their values (e.g. Data: 5 GB, 10 GB), for a card to show what the plans offer. */
  specs: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  /** Who sells it (the platform itself is merchant 1). */
  merchant: merchantSummarySchema,
  /** Asked for by destination (product.list `countries`): the plan's networks there, from its travel plan. */
  networks: travelPlanSchema.shape.networks.optional(),
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

export const productDetailSchema = productSummarySchema.extend({
  description: z.string(),
  agreement: z.string(),
  travel: travelPlanSchema.nullable(),
  skus: z.array(skuSchema),
  qtyMin: z.number().int(),
  qtyMax: z.number().int(),
  requiredInputs: z.array(itemInputSchema),
  freight: z.number().int(),
  commentCount: z.number().int(),
  /** Reviews: the mean of their ratings to one decimal, null before the first. */
  ratingAverage: z.number().nullable(),
  ratingCount: z.number().int(),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

export const productListRequest = pageSchema.extend({
  i18n: i18nField,
  kind: productKindSchema.optional(),
  labelId: z.number().int().positive().max(2_147_483_647).optional(),
  /** Destination search: products covering any of these countries, in the shop's order. */
  countries: z.array(countryCodeSchema).min(1).max(60).optional(),
  /** One merchant's products (the merchant page, search within a shop). */
  merchantId: z.number().int().positive().max(2_147_483_647).optional(),
  currency: currencyField,
});
export const productListResponse = z.object({ items: z.array(productSummarySchema), total: z.number().int(), page: z.number().int(), size: z.number().int() });
export const productDetailRequest = z.object({ id: z.number().int().positive(), i18n: i18nField, currency: currencyField });

export const commentSchema = z.object({
  id: z.number().int(),
  nickname: z.string(),
  avatar: z.string().nullable(),
  content: z.string(),
  /** Image string, `folder:file1,file2`. */
  images: z.string(),
  reply: z.string().nullable(),
  createdAt: z.number().int(),
  /** Reviews: 1 to 5; null for a comment without a rating. */
  rating: z.number().int().nullable(),
  /** Reviews: the buyer's uploaded pictures, as addresses. */
  pictures: z.array(z.string()),
});
export type ProductComment = z.infer<typeof commentSchema>;
export const commentsRequest = pageSchema.extend({ id: z.number().int().positive() });
export const commentsResponse = z.object({ items: z.array(commentSchema), total: z.number().int() });

export const labelListRequest = z.object({ i18n: i18nField });
export const labelDetailRequest = z.object({ id: z.number().int().positive().max(2_147_483_647), i18n: i18nField });

/** Reviews: once per order item the caller received, with up to 6 uploaded pictures. */
export const REVIEW_PICTURES_MAX = 6;
export const REVIEW_TEXT_MAX = 1000;
export const writeReviewRequest = z.object({
  orderItemId: z.number().int().positive().max(2_147_483_647),
  rating: z.number({ error: 'validation.rating' }).int('validation.rating').min(1, 'validation.rating').max(5, 'validation.rating'),
  content: z.string().trim().min(1, 'validation.required').max(REVIEW_TEXT_MAX, 'validation.too_long'),
  /** File ids the upload endpoint returned to the caller. */
  pictures: z.array(z.string().trim().min(1).max(64)).max(REVIEW_PICTURES_MAX, 'validation.too_many').default([]),
});
export const orderReviewsRequest = z.object({ orderNo: z.string().trim().min(1).max(64) });
/** Each item of one of the caller's orders: whether it can be reviewed now and its review, if written. */
export const orderReviewsResponse = z.object({
  items: z.array(z.object({ orderItemId: z.number().int(), productId: z.number().int(), canReview: z.boolean(), review: commentSchema.nullable() })),
});

// In a file without schemas: the shop's goods page uses it, and this file's schemas would come with it.
export { unitPriceFor, productCurrencyFor, priceSetIn, type OtherPrices, type PriceSet } from './pricing.ts';
