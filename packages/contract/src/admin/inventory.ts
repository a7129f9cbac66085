import { z } from 'zod';
import { currencySchema, esimClassSchema } from '../enums.ts';
import { csvTextSchema } from './catalogue-files.ts';
import { bilingualTextSchema, poolLevelSchema } from './catalogue.ts';
import { adminId, adminListRequest, adminListResponse, adminOkResponse, searchText } from './common.ts';
import { adminEndpoint, defineAdminAction } from './define.ts';

/**
 * The console's eSIM inventory: how full each pool eSIM SKU's pool is, loading activation codes
 * into it, and the classes resellers may generate eSIMs from (Manage eSIM). A pool SKU's stock
 * is its free codes less what unpaid orders hold; nobody sets it by hand.
 */
export const poolRowSchema = poolLevelSchema.extend({
  skuId: z.number().int(),
  skuCode: z.string(),
  productId: z.number().int(),
  productKey: z.string(),
  productName: bilingualTextSchema,
  /** The SKU's specification values, in the product's order. */
  options: z.array(bilingualTextSchema),
  onSale: z.boolean(),
  currency: currencySchema,
  price: z.number().int(),
  wholesalePrice: z.number().int().nullable(),
  /** What the shop can still sell: free codes less those unpaid orders hold. */
  stock: z.number().int().nullable(),
  /** The class resellers generate this SKU as, when it is one (open or closed). */
  generateClass: z.object({ class: esimClassSchema, open: z.boolean() }).nullable(),
});
export type PoolRow = z.infer<typeof poolRowSchema>;

export const POOL_SORT_FIELDS = ['code', 'free'] as const;
export const poolListRequest = adminListRequest(POOL_SORT_FIELDS, {
  /** A SKU's code, or its product's key or name. */
  q: searchText,
  /** Only pools with fewer free codes than this. */
  freeBelow: z.number().int().min(1).max(1_000_000).optional(),
});
export const poolListResponse = adminListResponse(poolRowSchema);

export const poolImportRequest = z.object({ skuId: adminId, csv: csvTextSchema }).strict();
export const poolImportResponse = z.object({ added: z.number().int(), skipped: z.number().int() });

export const generateClassRowSchema = z.object({
  skuId: z.number().int(),
  skuCode: z.string(),
  class: esimClassSchema,
  open: z.boolean(),
  sort: z.number().int(),
  name: bilingualTextSchema,
  /** What a reseller pays per eSIM: the SKU's wholesale price (its price when it has none). */
  unitPrice: z.number().int(),
  currency: currencySchema,
  /** What resellers can generate now. */
  available: z.number().int(),
});
export type GenerateClassRow = z.infer<typeof generateClassRowSchema>;

export const classListRequest = adminListRequest(['sort'] as const, {});
export const classListResponse = adminListResponse(generateClassRowSchema);

export const classOpenRequest = z
  .object({
    skuId: adminId,
    class: esimClassSchema,
    sort: z.number().int().min(0).max(1_000_000),
    /** Sets the SKU's wholesale price. */
    unitPrice: z.number().int().min(0).max(100_000_000),
  })
  .strict();

/** Console: eSIM inventory. */
export const adminInventoryEndpoint = adminEndpoint('inventory', 'eSIM inventory', {
  pools: defineAdminAction({ permission: 'inventory.read', write: false, summary: 'Pool eSIM SKUs with free, assigned and total activation codes', request: poolListRequest, response: poolListResponse }),
  import_pool: defineAdminAction({
    permission: 'inventory.write',
    write: true,
    summary: 'Loads activation codes (CSV: activation_code,dp_address[,iccid][,class]) into a pool; a wrong row changes nothing and is named',
    request: poolImportRequest,
    response: poolImportResponse,
  }),
  classes: defineAdminAction({ permission: 'inventory.read', write: false, summary: 'The classes resellers generate eSIMs from, open or closed', request: classListRequest, response: classListResponse }),
  open_class: defineAdminAction({ permission: 'inventory.write', write: true, summary: 'Opens a pool SKU to resellers as a class, or changes its class, order and price', request: classOpenRequest, response: generateClassRowSchema }),
  close_class: defineAdminAction({ permission: 'inventory.write', write: true, summary: 'Stops resellers generating from a SKU (what they generated stays theirs)', request: z.object({ skuId: adminId }).strict(), response: adminOkResponse }),
});
