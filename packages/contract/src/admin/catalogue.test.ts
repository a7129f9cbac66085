import { describe, expect, it } from 'vitest';
import { serverErrors } from '../errors.ts';
import { newProductDefaults, productInputSchema, skuPlanIssues, type ProductInput } from './catalogue.ts';
import { productRuleIssues } from './product-rules.ts';

const codes = (issues: Array<{ field: string; error: { code: number } }>) => issues.map((i) => [i.field, i.error.code]);

describe('skuPlanIssues', () => {
  it('takes a plan of whole days and MB within the limits, unlimited data, or no plan', () => {
    for (const sku of [
      { dataMb: 3000, validityDays: 7 },
      { dataMb: 1, validityDays: 1 },
      { dataMb: 1_000_000, validityDays: 365 },
      { dataMb: null, validityDays: 30 },
      { dataMb: null, validityDays: null },
    ]) {
      expect(skuPlanIssues('esim', sku)).toEqual([]);
      expect(skuPlanIssues('sim', sku)).toEqual([]);
    }
  });

  it('refuses days outside 1–365 or not whole', () => {
    for (const validityDays of [0, -1, 366, 7.5]) expect(codes(skuPlanIssues('esim', { dataMb: null, validityDays }))).toEqual([['validityDays', serverErrors.skuValidityInvalid.code]]);
  });

  it('refuses data outside 1–1,000,000 MB or not whole', () => {
    for (const dataMb of [0, -5, 1_000_001, 1500.5]) expect(codes(skuPlanIssues('esim', { dataMb, validityDays: 7 }))).toEqual([['dataMb', serverErrors.skuDataInvalid.code]]);
  });

  it('refuses data without a validity', () => {
    expect(codes(skuPlanIssues('esim', { dataMb: 5000, validityDays: null }))).toEqual([['dataMb', serverErrors.skuDataWithoutValidity.code]]);
  });

  it('refuses plan facts on kinds that are no travel plan', () => {
    expect(codes(skuPlanIssues('recharge', { dataMb: 5000, validityDays: 7 }))).toEqual([
      ['validityDays', serverErrors.travelPlanNotApplicable.code],
      ['dataMb', serverErrors.travelPlanNotApplicable.code],
    ]);
    expect(skuPlanIssues('service', { dataMb: null, validityDays: null })).toEqual([]);
  });
});

describe('productRuleIssues with SKU plans', () => {
  const product = (skus: Array<{ dataMb: number | null; validityDays: number | null }>): ProductInput =>
    productInputSchema.parse({
      ...newProductDefaults(),
      key: 'plan-test',
      kind: 'esim',
      name: { en: 'Plan', zh: '套餐' },
      qtyMax: 5,
      sort: 1,
      onSale: true,
      esimSource: 'smdp',
      skus: skus.map((s, i) => ({ code: `P-${i}`, options: [], price: 100, wholesalePrice: null, stock: null, soldOut: false, rechargeMb: null, ...s })),
    });

  it('names each wrong SKU field by its path', () => {
    const p = product([{ dataMb: 3000, validityDays: 7 }]);
    expect(productRuleIssues(p)).toEqual([]);
    const wrong = { ...p, specs: [{ name: { en: 'Data', zh: '流量' }, values: [{ en: 'a', zh: 'a' }, { en: 'b', zh: 'b' }] }] };
    wrong.skus = [
      { ...p.skus[0]!, options: [0], validityDays: 400 },
      { ...p.skus[0]!, code: 'P-1', options: [1], dataMb: 2000, validityDays: null },
    ];
    expect(codes(productRuleIssues(wrong))).toEqual([
      ['skus.0.validityDays', serverErrors.skuValidityInvalid.code],
      ['skus.1.dataMb', serverErrors.skuDataWithoutValidity.code],
    ]);
  });

  it('the schema requires both fields and refuses what is no number', () => {
    const p = product([{ dataMb: null, validityDays: null }]);
    const { dataMb: _d, ...noData } = p.skus[0]!;
    expect(productInputSchema.safeParse({ ...p, skus: [noData] }).success).toBe(false);
    expect(productInputSchema.safeParse({ ...p, skus: [{ ...p.skus[0]!, validityDays: '7' }] }).success).toBe(false);
  });
});
