import type { Currency, EsimSource, ProductKind } from '@simshop/contract';
import type { ColumnType, Generated } from 'kysely';
import type { Millis } from '../../db/column-types.ts';

export interface ProductsTable {
  id: Generated<number>;
  /** Stable key (e.g. `asia-esim`): links and imports address a product by it, not by id. */
  key: string;
  /** Raised by every edit: a save based on an older version is refused. */
  version: Generated<number>;
  kind: ProductKind;
  name_en: string;
  name_zh: string;
  subtitle_en: string;
  subtitle_zh: string;
  description_en: string;
  description_zh: string;
  agreement_en: string;
  agreement_zh: string;
  images: string;
  currency: Currency;
  wholesale_min_qty: number | null;
  qty_min: number;
  qty_max: number;
  freight: number;
  /** JSON: [{ en, zh, values: [{ en, zh }] }] */
  specs: string;
  /** JSON: ItemInput[] */
  required_inputs: string;
  /** Before 0018: JSON [{ en, zh }]; since then always '[]', labels live in product_labels. */
  labels: string;
  sold_out: number;
  on_sale: number;
  sort: number;
  /** eSIM products: 'pool' (pre-loaded activation codes) or 'smdp' (issued on demand through ES2+) */
  esim_source: Generated<EsimSource>;
  profile_type: string | null;
  created_at: Millis;
  updated_at: Millis;
  /** 0023: destinations as `,JP,KR,` ('' for none), so a covers-country filter is one LIKE. */
  coverage: ColumnType<string, string | undefined, string>;
  /** 0023: JSON contract `TravelPlan`, null for products that are not travel plans. */
  travel: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0028: the merchant that sells it (1 = the platform itself). */
  merchant_id: ColumnType<number, number | undefined, number>;
  /** 0040, eSIMs and data add-ons: add-on products fit the eSIMs of products with the same key; null: none. */
  addon_family: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ProductSkusTable {
  id: Generated<number>;
  product_id: number;
  code: string;
  /** JSON: index into each spec group's values */
  options: string;
  price: number;
  wholesale_price: number | null;
  stock: number | null;
  sold_out: number;
  sort: number;
  /** Recharge SKUs: the data they add, in MB. */
  recharge_mb: number | null;
  /** 0030, travel plans: the data allowance in MB (null with `validity_days` set: unlimited). */
  data_mb: ColumnType<number | null, number | null | undefined, number | null>;
  /** 0030, travel plans: how many days the plan runs once started; null: not a plan. */
  validity_days: ColumnType<number | null, number | null | undefined, number | null>;
  /** 0043: JSON contract `OtherPrices`, the owner's prices in currencies other than the product's own ('{}': none). */
  prices: ColumnType<string, string | undefined, string>;
}

/** 0026: one row (id 1) whose version triggers raise with every catalogue write; per-process caches check it. */
export interface CatalogueVersionTable {
  id: number;
  version: number;
}
