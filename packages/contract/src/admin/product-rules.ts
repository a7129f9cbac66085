import { hasAddonFamily, isTravelPlanKind } from '../catalogue.ts';
import { isCountryCode } from '../countries.ts';
import { serverErrors, type ErrorDef } from '../errors.ts';
import { skuPlanIssues, type ProductInput, type SkuInput } from './catalogue.ts';

// The rules between a product's fields, shared by the console's editor, the save and the CSV
// import; each field's own rule is in its schema (catalogue.ts).

/** Pool eSIMs take their stock from the pool; nobody sets it by hand. */
export const isPoolProduct = (p: { kind: string; esimSource: string }) => p.kind === 'esim' && p.esimSource === 'pool';

export interface RuleIssue {
  /** The field path as the server names it, e.g. `skus.1.options`. */
  field: string;
  error: ErrorDef;
}

/**
 * The rules between fields of a product, in the order the editor shows them: the server refuses
 * the first, the editor marks them all.
 */
export function productRuleIssues(p: Pick<ProductInput, 'kind' | 'esimSource' | 'qtyMin' | 'qtyMax' | 'specs' | 'skus' | 'requiredInputs' | 'coverage' | 'plan' | 'addonFamily'>): RuleIssue[] {
  const issues: RuleIssue[] = [];
  if (p.addonFamily && !hasAddonFamily(p.kind)) issues.push({ field: 'addonFamily', error: serverErrors.addonFamilyNotApplicable });
  if (p.qtyMin > p.qtyMax) issues.push({ field: 'qtyMax', error: serverErrors.qtyRangeInvalid });
  if (new Set(p.requiredInputs).size !== p.requiredInputs.length) issues.push({ field: 'requiredInputs', error: serverErrors.paramInvalid });
  const codes = new Set<string>();
  const combos = new Set<string>();
  const pool = isPoolProduct(p);
  p.skus.forEach((sku, i) => {
    const code = sku.code.trim().toUpperCase();
    if (codes.has(code)) issues.push({ field: `skus.${i}.code`, error: serverErrors.alreadyExists });
    codes.add(code);
    const fits = sku.options.length === p.specs.length && sku.options.every((v, g) => v < (p.specs[g]?.values.length ?? 0));
    const combo = sku.options.join(',');
    if (!fits || combos.has(combo)) issues.push({ field: `skus.${i}.options`, error: serverErrors.skuOptionsInvalid });
    combos.add(combo);
    if (pool && sku.stock !== null) issues.push({ field: `skus.${i}.stock`, error: serverErrors.poolStockManual });
    if (p.kind !== 'recharge' && sku.rechargeMb !== null) issues.push({ field: `skus.${i}.rechargeMb`, error: serverErrors.rechargeMbNotApplicable });
    for (const issue of skuPlanIssues(p.kind, sku)) issues.push({ field: `skus.${i}.${issue.field}`, error: issue.error });
  });
  issues.push(...skuPricesIssues(p.skus));
  issues.push(...travelPlanIssues(p));
  return issues;
}

/**
 * Prices in another currency: every SKU has one there or none does (a product is shown in a
 * currency only as a whole). Marks the first SKU without it; SKUs whose prices are left unchanged are not judged.
 */
export function skuPricesIssues(skus: ReadonlyArray<Pick<SkuInput, 'prices'>>): RuleIssue[] {
  const given = skus.filter((s) => s.prices !== undefined);
  const currencies = new Set(given.flatMap((s) => Object.keys(s.prices!)));
  const issues: RuleIssue[] = [];
  for (const currency of currencies) {
    const i = skus.findIndex((s) => s.prices !== undefined && !(currency in s.prices));
    if (i >= 0) issues.push({ field: `skus.${i}.prices.${currency}`, error: serverErrors.skuPricesIncomplete });
  }
  return issues;
}

/**
 * Coverage and plan facts: only travel plans have them; each destination is a known country,
 * once; networks are named for covered destinations, one entry each.
 */
export function travelPlanIssues(p: Pick<ProductInput, 'kind' | 'coverage' | 'plan'>): RuleIssue[] {
  const issues: RuleIssue[] = [];
  if (!isTravelPlanKind(p.kind)) {
    if (p.coverage.length > 0) issues.push({ field: 'coverage', error: serverErrors.travelPlanNotApplicable });
    if (p.plan !== null) issues.push({ field: 'plan', error: serverErrors.travelPlanNotApplicable });
    return issues;
  }
  const covered = new Set<string>();
  p.coverage.forEach((code, i) => {
    if (!isCountryCode(code) || covered.has(code)) issues.push({ field: `coverage.${i}`, error: serverErrors.coverageInvalid });
    covered.add(code);
  });
  const named = new Set<string>();
  p.plan?.networks.forEach((network, i) => {
    if (!covered.has(network.country) || named.has(network.country)) issues.push({ field: `plan.networks.${i}.country`, error: serverErrors.networkOutsideCoverage });
    named.add(network.country);
  });
  return issues;
}
