import { Currency, editableKindSchema, type EditableKind } from '@simshop/contract';
import { datedSlug, slugFromText } from '@/lib/slug';
import { emptyProduct, newSku, type ProductValues, type SkuValues } from '../components/product-values';

/**
 * Starting points for a new product, one per common kind: the kind's own fields filled as most
 * of the shop's products of that kind have them (the demo catalogue's), one SKU, on sale. What a
 * template cannot know (name, price, coverage) stays empty for the owner to type; it never
 * invents texts in the other language (that is the editor's "copied, to review" mark).
 */
export const TEMPLATE_KINDS = ['esim', 'sim', 'recharge', 'ecode', 'service'] as const satisfies readonly EditableKind[];
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];
/** `blank`: the editor as it was before templates, every field to choose. */
export type TemplateChoice = TemplateKind | 'blank';

/**
 * The shop keeps no currency setting: a new product is priced in USD, the currency the shop
 * shows every reader but Chinese ones (contract `currencyForLanguage`) and the contract's default.
 */
export const SHOP_DEFAULT_CURRENCY = Currency.USD;

export const isTemplateChoice = (value: string | null): value is TemplateChoice => value === 'blank' || (TEMPLATE_KINDS as readonly string[]).includes(value ?? '');

const sku = (fields: Partial<SkuValues>): SkuValues => ({ ...newSku([]), ...fields });

/** The form's values a template starts from (fresh objects each call, for the form to change). */
export function templateValues(choice: TemplateChoice): ProductValues {
  const base = emptyProduct();
  if (choice === 'blank') return base;
  const common = { ...base, kind: choice, currency: SHOP_DEFAULT_CURRENCY, onSale: true };
  switch (choice) {
    // Issued on demand by the SM-DP+, so it sells as soon as it is saved (a pool needs codes loaded first).
    case 'esim':
      return { ...common, esimSource: 'smdp', qtyMax: 10, skus: [sku({ dataMb: 1, validityDays: 7 })] };
    case 'sim':
      return { ...common, qtyMax: 10, requiredInputs: ['paperCard'], skus: [sku({})] };
    case 'recharge':
      return { ...common, qtyMax: 5, requiredInputs: ['rechargeNumber'], skus: [sku({ rechargeMb: 1000 })] };
    // Sold to resellers by the hundred.
    case 'ecode':
      return { ...common, qtyMax: 1000, skus: [sku({})] };
    case 'service':
      return { ...common, qtyMax: 1, skus: [sku({})] };
  }
}

/** A product key from a name: lowercase ASCII words joined by hyphens; '' when the name has none (a Chinese-only name). */
export const slugFromName = (name: string) => slugFromText(name);

/**
 * The key of a product whose name gives no slug (Chinese only, no pinyin here): its kind, the
 * day and four random letters, e.g. `esim-20261203-k3f9`; the owner may type a better one.
 */
export const fallbackKey = (kind: string) => datedSlug(editableKindSchema.safeParse(kind).success ? kind.replace(/_/g, '-') : 'product');

/** A SKU code from the product key: the key in capitals, numbered when there are several SKUs. */
export function skuCodeFromKey(key: string, index: number, count: number): string {
  const base = key.toUpperCase().slice(0, 60);
  return count > 1 ? `${base}-${index + 1}` : base;
}
