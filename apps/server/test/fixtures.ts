import { newProductDefaults, type AdminProduct, type ProductInput } from '@simshop/contract';
import { meetsDifficulty } from '../src/modules/accounts/proof-of-work.ts';

/** Request bodies several test files share (a test file never imports another: its tests would run twice). */
export const anAddress = {
  name: 'Li Lei',
  company: '',
  tel: '+852 9123 4567',
  email: 'lilei@example.com',
  country: 'Hong Kong',
  province: 'Hong Kong Island',
  city: 'Central',
  district: '',
  postCode: '',
  detail: '1 Queen\'s Road Central, 12/F',
  defaultAddr: false,
};

/**
 * A new product as the console sends it: a SIM card on sale with no pictures, specifications or
 * plan. A test names its key, names and SKUs, and overrides what it is about.
 */
export const aProduct = (fields: Pick<ProductInput, 'key' | 'name' | 'skus'> & Partial<ProductInput>): ProductInput => ({
  ...newProductDefaults(),
  kind: 'sim',
  qtyMax: 5,
  sort: 50,
  onSale: true,
  ...fields,
});

type SkuInput = ProductInput['skus'][number];

/** A SKU of such a product: no options, unlimited stock, no data or days of its own unless given. */
export const aSku = (fields: Pick<SkuInput, 'code' | 'price'> & Partial<SkuInput>): SkuInput => ({
  options: [],
  wholesalePrice: null,
  stock: null,
  soldOut: false,
  rechargeMb: null,
  dataMb: null,
  validityDays: null,
  ...fields,
});

/** What the console's editor sends back for a product it loaded: the same fields, each SKU's stock as it showed it. */
export function productEditOf(p: AdminProduct) {
  const { createdAt: _c, updatedAt: _u, skus, labels, ...rest } = p as AdminProduct & { history?: unknown };
  delete (rest as { history?: unknown }).history;
  return { ...rest, labelIds: labels.map((l) => l.id), skus: skus.map(({ pool: _pool, stock, ...s }) => ({ ...s, stock, loadedStock: stock })) };
}

let onDemandEsims = 0;
/**
 * An on-demand eSIM product (issued by the SM-DP+, so it needs no pool), numbered so each call
 * makes a new key: `<tag>-esim-<n>`, one 3 GB / 7 days SKU `<TAG>-<n>` unless `overrides(n)` says otherwise.
 */
export function anOnDemandEsim(tag: string, overrides: (n: number) => Partial<ProductInput> = () => ({})): ProductInput {
  const n = (onDemandEsims += 1);
  return aProduct({
    key: `${tag}-esim-${n}`,
    kind: 'esim',
    name: { en: `${tag} eSIM ${n}`, zh: `${tag} eSIM ${n}` },
    esimSource: 'smdp',
    skus: [aSku({ code: `${tag.toUpperCase()}-${n}`, price: 900, dataMb: 3000, validityDays: 7 })],
    ...overrides(n),
  });
}

/** A counter that surely fails a proof-of-work challenge (the next number after a solution may solve it too, 1 in 2^difficulty). */
export function wrongProof(nonce: string, difficulty: number): string {
  for (let counter = 0; ; counter++) if (!meetsDifficulty(nonce, difficulty, String(counter))) return String(counter);
}
