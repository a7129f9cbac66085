import { z } from 'zod';

// What staff send the catalogue as files: CSV imports of products and stock, and product images.

/** CSV files are uploaded as their text (the request's size limit is 1 MB). */
export const csvTextSchema = z.string().min(1).max(1_000_000);
/**
 * The product import's columns, in the order the console's template lists them (the server's
 * row schema has exactly these). A SKU's plan: `data_mb` (empty or `unlimited` with a validity:
 * unlimited) and `validity_days`; the product's travel plan on its first row: `coverage`
 * (`FR;DE;IT`), `networks` (`FR:Orange|SFR;DE:Telekom`), `hotspot` (`yes`/`no`) and
 * `validity_starts` (`first-connection`, `install`, `purchase`). Prices in a currency other than
 * the product's own: `price_<currency>` and `wholesale_price_<currency>` (every SKU of a product
 * has one there or none does; the own currency's price is `price`).
 */
export const PRODUCT_CSV_COLUMNS = [
  'product',
  'sku',
  'kind',
  'name_en',
  'name_zh',
  'subtitle_en',
  'subtitle_zh',
  'description_en',
  'description_zh',
  'agreement_en',
  'agreement_zh',
  'images',
  'currency',
  'price',
  'wholesale_price',
  'wholesale_min_qty',
  'stock',
  'qty_min',
  'qty_max',
  'freight',
  'recharge_mb',
  'inputs',
  'esim_source',
  'spec_en',
  'spec_zh',
  'option_en',
  'option_zh',
  'data_mb',
  'validity_days',
  'coverage',
  'networks',
  'hotspot',
  'validity_starts',
  'price_usd',
  'wholesale_price_usd',
  'price_cny',
  'wholesale_price_cny',
] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];
export const productImportResponse = z.object({ products: z.number().int(), skusAdded: z.number().int(), skusUpdated: z.number().int() });
export const stockImportResponse = z.object({ updated: z.number().int() });

/**
 * Product images: a multipart upload (field `file`) to this path, signed over query, token and
 * timestamp but not the body (like the shop's upload.do); needs `catalogue.write`.
 */
export const ADMIN_PRODUCT_IMAGE_PATH = '/admin/upload/product-image';
export const PRODUCT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const PRODUCT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** `image` is the entry to put in the product's images. */
export const productImageUploadResponse = z.object({ fileId: z.string(), image: z.string(), url: z.string() });
export type ProductImageUpload = z.infer<typeof productImageUploadResponse>;
