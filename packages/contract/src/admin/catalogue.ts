import { z } from 'zod';
import { countryCodeSchema, skuPricesSchema, isTravelPlanKind, itemInputSchema, productKindSchema, travelPlanSchema } from '../catalogue.ts';
import { COUNTRY_CODES } from '../countries.ts';
import { serverErrors, type ErrorDef } from '../errors.ts';
import { auditEntrySchema } from './audit.ts';
import { adminId, adminListRequest, adminListResponse, adminMerchantRefSchema, searchText } from './common.ts';
import { adminLabelRefSchema } from './labels.ts';
import { adminEndpoint, defineAdminAction } from './define.ts';
import { currencySchema } from '../enums.ts';
import { csvTextSchema, productImportResponse, stockImportResponse } from './catalogue-files.ts';

/**
 * The console's catalogue (products with their SKUs). One product shape serves the editor, the
 * create and update requests and the server's checks: the zod schemas below hold every field's
 * own rule, `productRuleIssues` the rules between fields (shared by the editor and the server),
 * and the server adds what needs the database (unique key and SKU codes, SKUs in use).
 */

/** The stable key links and imports address a product by: a lowercase slug such as `asia-esim`. */
export const productKeySchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);

/** A SKU's code: what stock files, pool files and the command line name it by. */
export const skuCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/);

/** Kinds staff create and edit; top-ups are the shop's own hidden products. */
export const editableKindSchema = productKindSchema.exclude(['topup']);
export type EditableKind = z.infer<typeof editableKindSchema>;

export const esimSourceSchema = z.enum(['pool', 'smdp']);
export type EsimSource = z.infer<typeof esimSourceSchema>;

/** A text in both languages; `required` ones need both. */
const bilingual = (max: number) => z.object({ en: z.string().trim().max(max), zh: z.string().trim().max(max) }).strict();
const requiredBilingual = (max: number) => z.object({ en: z.string().trim().min(1).max(max), zh: z.string().trim().min(1).max(max) }).strict();
export const bilingualTextSchema = bilingual(20_000);
export type BilingualText = z.infer<typeof bilingualTextSchema>;

/**
 * One image of a product: a path below the static host (`demo/esim-asia.svg`, or
 * `products/<id>` for an uploaded one) or an absolute http(s) address; never a comma or a colon
 * that would break the image string.
 */
export const imageEntrySchema = z
  .string()
  .trim()
  .max(300)
  .refine((v) => /^https?:\/\/[^\s,]+$/i.test(v) || (/^[A-Za-z0-9_.-]+(?:\/[A-Za-z0-9_.-]+)*$/.test(v) && !v.split('/').includes('..')), 'validation.image');
export const PRODUCT_IMAGES_MAX = 10;

/** Upper bounds that keep a typo (an extra zero or five) from reaching the shop. */
const MONEY_MAX = 100_000_000;
const money = z.number().int().min(0).max(MONEY_MAX);
const count = z.number().int().min(0).max(10_000_000);

export const specGroupSchema = z.object({ name: requiredBilingual(35), values: z.array(requiredBilingual(35)).min(1).max(30) }).strict();

export const skuInputSchema = z
  .object({
    /** An existing SKU of this product; absent for a new one. */
    id: adminId.optional(),
    code: skuCodeSchema,
    /** One value index per specification group, in the product's order. */
    options: z.array(z.number().int().min(0).max(29)).max(3),
    price: money,
    wholesalePrice: money.nullable(),
    /**
     * Prices in the other currencies (the product's own is `price`); a customer who chose one sees
     * the product in it only when every SKU has a price there. Absent on an edit: unchanged.
     */
    prices: skuPricesSchema.optional(),
    /** null: not counted. Pool eSIMs: always null (the pool decides). */
    stock: count.nullable(),
    /**
     * The stock the editor showed. While `stock` equals it the stock is left as orders have
     * moved it since; only a changed number is written (so an edit cannot undo a sale).
     */
    loadedStock: count.nullable().optional(),
    soldOut: z.boolean(),
    /** Recharges only: the data one unit adds. */
    rechargeMb: z.number().int().min(1).max(10_000_000).nullable(),
    /**
     * Travel plans (eSIMs, SIM cards): the data the plan gives, MB (1 GB = 1000 MB); null:
     * unlimited, or no plan when `validityDays` is null too. Ranges are `skuPlanIssues`' so a
     * wrong value gets its own catalogue error rather than "parameter invalid".
     */
    dataMb: z.number().nullable(),
    /** Travel plans: the days the plan runs; null: not a plan with a validity. */
    validityDays: z.number().nullable(),
  })
  .strict();
export type SkuInput = z.infer<typeof skuInputSchema>;

/** A plan's limits: up to a year, up to 1000 GB (beyond both a typo is likelier than a plan). */
export const SKU_VALIDITY_DAYS_MAX = 365;
export const SKU_DATA_MB_MAX = 1_000_000;

/**
 * A SKU's plan facts, field by field (shared by the editor, the save and the CSV import):
 * whole days 1–365, whole MB 1–1,000,000 or null (unlimited), data only with a validity, and
 * only on travel plan kinds (a recharge's data is `rechargeMb`).
 */
export function skuPlanIssues(kind: string, sku: { dataMb: number | null; validityDays: number | null }): Array<{ field: 'dataMb' | 'validityDays'; error: ErrorDef }> {
  const issues: Array<{ field: 'dataMb' | 'validityDays'; error: ErrorDef }> = [];
  if (!isTravelPlanKind(kind)) {
    if (sku.validityDays !== null) issues.push({ field: 'validityDays', error: serverErrors.travelPlanNotApplicable });
    if (sku.dataMb !== null) issues.push({ field: 'dataMb', error: serverErrors.travelPlanNotApplicable });
    return issues;
  }
  const whole = (v: number, max: number) => Number.isInteger(v) && v >= 1 && v <= max;
  if (sku.validityDays !== null && !whole(sku.validityDays, SKU_VALIDITY_DAYS_MAX)) issues.push({ field: 'validityDays', error: serverErrors.skuValidityInvalid });
  if (sku.dataMb !== null && !whole(sku.dataMb, SKU_DATA_MB_MAX)) issues.push({ field: 'dataMb', error: serverErrors.skuDataInvalid });
  else if (sku.dataMb !== null && sku.validityDays === null) issues.push({ field: 'dataMb', error: serverErrors.skuDataWithoutValidity });
  return issues;
}

/** Everything the editor saves. */
export const productInputShape = {
  key: productKeySchema,
  kind: editableKindSchema,
  name: requiredBilingual(100),
  subtitle: bilingual(200),
  description: bilingual(20_000),
  agreement: bilingual(20_000),
  images: z.array(imageEntrySchema).max(PRODUCT_IMAGES_MAX),
  currency: currencySchema,
  /** Resellers pay the wholesale price from this quantity on; null: from one. */
  wholesaleMinQty: z.number().int().min(1).max(100_000).nullable(),
  qtyMin: z.number().int().min(1).max(100_000),
  qtyMax: z.number().int().min(1).max(100_000),
  freight: money,
  requiredInputs: z.array(itemInputSchema).max(10),
  /** The labels the product carries, chosen from the shop's labels. */
  labelIds: z.array(adminId).max(10),
  sort: z.number().int().min(0).max(1_000_000),
  onSale: z.boolean(),
  soldOut: z.boolean(),
  /** eSIMs: from the SKU's pool of activation codes, or issued on demand by the SM-DP+. */
  esimSource: esimSourceSchema,
  /** On-demand eSIMs: the SM-DP+'s profile type, when it needs one. */
  profileType: z.string().trim().max(64).nullable(),
  specs: z.array(specGroupSchema).max(3),
  skus: z.array(skuInputSchema).min(1).max(200),
  /** Travel plans (eSIMs, SIM cards): where it works, what the shop's destination search finds it by. */
  coverage: z.array(countryCodeSchema).max(COUNTRY_CODES.length),
  /** Travel plans: operators per covered destination, hotspot, when the days start; null: not stated. */
  plan: travelPlanSchema.nullable(),
  /**
   * eSIMs and data add-ons: the add-on products whose family is an eSIM product's family fit its
   * eSIMs ("Add data" on the eSIM's page); null or empty: none. Absent on an edit: unchanged.
   */
  addonFamily: z.string().trim().max(40).nullable().optional(),
  /** The merchant selling it. Platform staff choose (absent: the platform on create, unchanged on edit); merchant staff's own merchant always applies. */
  merchantId: adminId.optional(),
};
export const productInputSchema = z.object(productInputShape).strict();
export type ProductInput = z.infer<typeof productInputSchema>;

export const productUpdateRequest = z.object({ id: adminId, version: z.number().int().positive(), ...productInputShape }).strict();

/**
 * What a new product starts from in the console's editor: nothing named yet, an eSIM off sale
 * drawn from the pool, no SKUs, coverage or plan. A call returns fresh objects, for a form to change.
 */
export const newProductDefaults = (): Omit<ProductInput, 'skus' | 'merchantId'> => ({
  key: '',
  kind: 'esim',
  name: { en: '', zh: '' },
  subtitle: { en: '', zh: '' },
  description: { en: '', zh: '' },
  agreement: { en: '', zh: '' },
  images: [],
  currency: 'USD',
  wholesaleMinQty: null,
  qtyMin: 1,
  qtyMax: 99,
  freight: 0,
  requiredInputs: [],
  labelIds: [],
  sort: 100,
  onSale: false,
  soldOut: false,
  esimSource: 'pool',
  profileType: null,
  specs: [],
  coverage: [],
  plan: null,
});

/** How full a pool eSIM SKU's pool is: free codes make its stock. */
export const poolLevelSchema = z.object({ free: z.number().int(), assigned: z.number().int(), total: z.number().int() });
export type PoolLevel = z.infer<typeof poolLevelSchema>;

export const adminSkuSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  options: z.array(z.number().int()),
  price: z.number().int(),
  wholesalePrice: z.number().int().nullable(),
  /** Prices in currencies other than the product's own. */
  prices: skuPricesSchema,
  stock: z.number().int().nullable(),
  soldOut: z.boolean(),
  rechargeMb: z.number().int().nullable(),
  dataMb: z.number().int().nullable(),
  validityDays: z.number().int().nullable(),
  /** Pool eSIMs only. */
  pool: poolLevelSchema.nullable(),
});
export type AdminSku = z.infer<typeof adminSkuSchema>;

export const adminProductSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  /** What an edit must say it was based on. */
  version: z.number().int(),
  kind: editableKindSchema,
  name: bilingualTextSchema,
  subtitle: bilingualTextSchema,
  description: bilingualTextSchema,
  agreement: bilingualTextSchema,
  images: z.array(z.string()),
  currency: currencySchema,
  wholesaleMinQty: z.number().int().nullable(),
  qtyMin: z.number().int(),
  qtyMax: z.number().int(),
  freight: z.number().int(),
  requiredInputs: z.array(itemInputSchema),
  labels: z.array(adminLabelRefSchema),
  sort: z.number().int(),
  onSale: z.boolean(),
  soldOut: z.boolean(),
  esimSource: esimSourceSchema,
  profileType: z.string().nullable(),
  specs: z.array(z.object({ name: bilingualTextSchema, values: z.array(bilingualTextSchema) })),
  skus: z.array(adminSkuSchema),
  coverage: productInputShape.coverage,
  plan: productInputShape.plan,
  addonFamily: z.string().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  /** Who sells it (an id, so an editor's copy of the product saves back as it is; names come from adminMerchant.choices). */
  merchantId: z.number().int(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

/** The editor's load: the product and its recent audit rows. */
export const adminProductDetailSchema = adminProductSchema.extend({ history: z.array(auditEntrySchema) });

export const adminProductRowSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  version: z.number().int(),
  kind: editableKindSchema,
  name: bilingualTextSchema,
  /** The first image entry, if any. */
  image: z.string().nullable(),
  currency: currencySchema,
  priceMin: z.number().int().nullable(),
  priceMax: z.number().int().nullable(),
  /** The SKUs' stock together; null when a SKU is not counted. */
  stock: z.number().int().nullable(),
  skuCount: z.number().int(),
  /** Travel plans: how many destinations it covers. */
  coverageCount: z.number().int(),
  onSale: z.boolean(),
  soldOut: z.boolean(),
  labels: z.array(adminLabelRefSchema),
  sort: z.number().int(),
  esimSource: esimSourceSchema,
  addonFamily: z.string().nullable(),
  updatedAt: z.number().int(),
  /** Who sells it. */
  merchant: adminMerchantRefSchema,
});
export type AdminProductRow = z.infer<typeof adminProductRowSchema>;

export const PRODUCT_SORT_FIELDS = ['sort', 'updatedAt', 'key', 'price'] as const;
export const adminProductListRequest = adminListRequest(PRODUCT_SORT_FIELDS, {
  /** Name (either language), key or a SKU's code. */
  q: searchText,
  kind: editableKindSchema.optional(),
  onSale: z.boolean().optional(),
  /** Products carrying this label. */
  labelId: adminId.optional(),
  /** One merchant's products (platform staff; merchant staff always see only their own). */
  merchantId: adminId.optional(),
});
/** Also every label, for the label filter. */
export const adminProductListResponse = adminListResponse(adminProductRowSchema).extend({ labels: z.array(adminLabelRefSchema) });

const idRequest = z.object({ id: adminId }).strict();

/** Console: catalogue. */
export const adminProductEndpoint = adminEndpoint('product', 'catalogue', {
  list: defineAdminAction({ permission: 'catalogue.read', write: false, summary: 'Products with price range, stock and sale state; search by name, key or SKU code', request: adminProductListRequest, response: adminProductListResponse }),
  get: defineAdminAction({ permission: 'catalogue.read', write: false, summary: 'One product with its SKUs, pool levels and recent changes', request: idRequest, response: adminProductDetailSchema }),
  create: defineAdminAction({ permission: 'catalogue.write', write: true, summary: 'Adds a product with its SKUs', request: productInputSchema, response: adminProductSchema }),
  update: defineAdminAction({
    permission: 'catalogue.write',
    write: true,
    summary: 'Saves a product and its SKUs; refused when someone saved it after `version` (changedBySomeoneElse)',
    request: productUpdateRequest,
    response: adminProductSchema,
  }),
  set_on_sale: defineAdminAction({
    permission: 'catalogue.write',
    write: true,
    summary: 'Puts a product on or off sale (with the version it was based on)',
    request: z.object({ id: adminId, version: z.number().int().positive(), onSale: z.boolean() }).strict(),
    response: adminProductSchema,
  }),
  import_products: defineAdminAction({
    permission: 'catalogue.write',
    write: true,
    summary: 'Imports products from CSV (one row per SKU); a wrong row changes nothing and is named (importRowInvalid)',
    request: z.object({ csv: csvTextSchema }).strict(),
    response: productImportResponse,
  }),
  import_stock: defineAdminAction({
    permission: 'catalogue.write',
    write: true,
    summary: 'Sets stock from CSV (sku,stock); pool eSIMs are refused; a wrong row changes nothing',
    request: z.object({ csv: csvTextSchema }).strict(),
    response: stockImportResponse,
  }),
});
