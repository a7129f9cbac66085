import { describe, expect, it } from 'vitest';
import { currencyForLanguage } from './enums.ts';
import { priceSetIn, productCurrencyFor, unitPriceFor } from './pricing.ts';

const sku = (price: number, prices: Parameters<typeof priceSetIn>[0]['prices'] = {}) => ({ price, wholesalePrice: price - 100, prices });

describe('price selection', () => {
  it('a product is in the chosen currency only when every SKU has a price there, else in its own', () => {
    expect(productCurrencyFor('USD', [sku(990, { CNY: { price: 6900, wholesalePrice: null } }), sku(1990, { CNY: { price: 13900, wholesalePrice: null } })], 'CNY')).toBe('CNY');
    expect(productCurrencyFor('USD', [sku(990, { CNY: { price: 6900, wholesalePrice: null } }), sku(1990)], 'CNY')).toBe('USD');
    expect(productCurrencyFor('CNY', [sku(5900)], 'CNY')).toBe('CNY');
    expect(productCurrencyFor('USD', [], 'CNY')).toBe('USD');
  });

  it("a SKU's price set: its own columns in its product's currency, the owner's price in another, none without one", () => {
    expect(priceSetIn(sku(990, { CNY: { price: 6900, wholesalePrice: 6000 } }), 'USD', 'USD')).toEqual({ price: 990, wholesalePrice: 890 });
    expect(priceSetIn(sku(990, { CNY: { price: 6900, wholesalePrice: 6000 } }), 'USD', 'CNY')).toEqual({ price: 6900, wholesalePrice: 6000 });
    expect(priceSetIn(sku(990), 'USD', 'CNY')).toBeUndefined();
  });

  it('wholesale in the chosen currency for resellers from the minimum on; none there means the list price', () => {
    const cny = priceSetIn(sku(990, { CNY: { price: 6900, wholesalePrice: null } }), 'USD', 'CNY')!;
    expect(unitPriceFor(cny, 50, true, 10)).toBe(6900);
    expect(unitPriceFor({ price: 6900, wholesalePrice: 6000 }, 10, true, 10)).toBe(6000);
    expect(unitPriceFor({ price: 6900, wholesalePrice: 6000 }, 9, true, 10)).toBe(6900);
  });

  it('the default currency follows the language', () => {
    expect(currencyForLanguage('zh-Hans')).toBe('CNY');
    expect(currencyForLanguage('en')).toBe('USD');
  });
});
