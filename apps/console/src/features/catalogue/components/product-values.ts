import { hasAddonFamily, isPoolProduct, isTravelPlanKind, newProductDefaults, productInputSchema, productRuleIssues, serverErrors, type AdminProduct, type Currency, type OtherPrices, type PoolLevel, type ProductInput, type TravelPlan } from '@simshop/contract';
import type { TFunction } from 'i18next';

/**
 * The editor's form holds a product as the contract's save request does, field for field (so a
 * server error's field path is the form's), except money, typed in major units (12.90), and a
 * SKU's data, typed in GB with an "Unlimited" switch beside it.
 */
export interface SkuValues {
  id?: number;
  code: string;
  options: Array<number | undefined>;
  price: number | null;
  wholesalePrice: number | null;
  /** Prices in the currencies other than the product's own, in major units; an empty price: none there. */
  prices?: Partial<Record<Currency, { price: number | null; wholesalePrice: number | null }>>;
  stock: number | null;
  loadedStock?: number | null;
  soldOut: boolean;
  rechargeMb: number | null;
  /** Travel plans: the data in GB as typed (1 GB = 1000 MB, sent as MB); ignored while `unlimited`. */
  dataMb: number | null;
  /** Travel plans: no data limit (sent as a null `dataMb` beside the days). */
  unlimited: boolean;
  validityDays: number | null;
  /** Pool eSIMs: shown, never sent. */
  pool?: PoolLevel | null;
}

/**
 * A travel plan's facts as the editor holds them: one network row per covered destination, in
 * the coverage's order (rows without operators are not sent), and no start of validity while
 * the facts are not stated (then, with no operators and no hotspot, the plan is sent as null).
 */
export interface PlanValues {
  networks: TravelPlan['networks'];
  hotspot: boolean;
  validityStarts?: TravelPlan['validityStarts'] | undefined;
}

export interface ProductValues extends Omit<ProductInput, 'skus' | 'freight' | 'plan'> {
  id?: number;
  version?: number;
  freight: number | null;
  skus: SkuValues[];
  plan: PlanValues;
}

/** The network rows of a coverage: the plan's operators of each destination kept, the others empty. */
export function networkRows(coverage: readonly string[], networks: TravelPlan['networks'] = []): TravelPlan['networks'] {
  return coverage.map((country) => ({ country, operators: networks.find((n) => n.country === country)?.operators ?? [] }));
}

const toMajor = (minor: number | null) => (minor === null ? null : minor / 100);
/** GB as typed, rounded to whole MB (1 GB = 1000 MB, as the shop shows volumes). */
const toGb = (mb: number | null) => (mb === null ? null : mb / 1000);
const toMb = (gb: number | null | undefined) => (gb === null || gb === undefined ? null : Math.round(gb * 1000));
const toMinor = (major: number | null | undefined) => (major === null || major === undefined ? major : Math.round(major * 100));

export function productToValues(p: AdminProduct): ProductValues {
  return {
    id: p.id,
    version: p.version,
    key: p.key,
    kind: p.kind,
    name: p.name,
    subtitle: p.subtitle,
    description: p.description,
    agreement: p.agreement,
    images: p.images,
    currency: p.currency,
    wholesaleMinQty: p.wholesaleMinQty,
    qtyMin: p.qtyMin,
    qtyMax: p.qtyMax,
    freight: toMajor(p.freight),
    requiredInputs: p.requiredInputs,
    labelIds: p.labels.map((l) => l.id),
    merchantId: p.merchantId,
    sort: p.sort,
    onSale: p.onSale,
    soldOut: p.soldOut,
    esimSource: p.esimSource,
    profileType: p.profileType,
    specs: p.specs,
    coverage: p.coverage,
    addonFamily: p.addonFamily ?? '',
    plan: { networks: networkRows(p.coverage, p.plan?.networks), hotspot: p.plan?.hotspot ?? false, validityStarts: p.plan?.validityStarts },
    skus: p.skus.map((s) => ({ id: s.id, code: s.code, options: s.options, price: toMajor(s.price), wholesalePrice: toMajor(s.wholesalePrice), prices: majorPrices(s.prices), stock: s.stock, loadedStock: s.stock, soldOut: s.soldOut, rechargeMb: s.rechargeMb, dataMb: toGb(s.dataMb), unlimited: s.validityDays !== null && s.dataMb === null, validityDays: s.validityDays, pool: s.pool })),
  };
}

export const emptyProduct = (): ProductValues => ({
  ...newProductDefaults(),
  plan: { networks: [], hotspot: false, validityStarts: undefined },
  skus: [newSku([])],
});

const majorPrices = (prices: OtherPrices) => Object.fromEntries(Object.entries(prices).map(([c, set]) => [c, { price: toMajor(set.price), wholesalePrice: toMajor(set.wholesalePrice) }]));

/** The other currencies' prices a SKU row sends: those with a price typed, never the product's own currency. */
function pricesInput(own: Currency, prices: SkuValues['prices']): OtherPrices {
  const entries = Object.entries(prices ?? {}).filter(([c, set]) => c !== own && set?.price !== null && set?.price !== undefined);
  return Object.fromEntries(entries.map(([c, set]) => [c, { price: toMinor(set!.price)!, wholesalePrice: toMinor(set!.wholesalePrice) ?? null }]));
}

/** A SKU row as "Add SKU" makes it: no value chosen, no plan stated. */
export function newSku(options: Array<number | undefined>): SkuValues {
  return { code: '', options, price: null, wholesalePrice: null, stock: null, soldOut: false, rechargeMb: null, dataMb: null, unlimited: false, validityDays: null };
}

/** The plan the save request carries: null when nothing is stated, as for a product that is no travel plan. */
function planInput(v: ProductValues): Record<string, unknown> | null {
  const coverage = new Set(v.coverage ?? []);
  const networks = (v.plan?.networks ?? []).filter((n) => coverage.has(n.country) && n.operators?.length);
  if (networks.length === 0 && !v.plan?.hotspot && !v.plan?.validityStarts) return null;
  return { networks, hotspot: Boolean(v.plan?.hotspot), validityStarts: v.plan?.validityStarts };
}

/** The save request of the form's values (an update also carries id and version). Pool eSIMs never send a stock. */
export function valuesToInput(v: ProductValues): Record<string, unknown> {
  const pool = isPoolProduct(v);
  return {
    ...(v.id !== undefined ? { id: v.id, version: v.version } : {}),
    key: v.key,
    kind: v.kind,
    name: v.name,
    subtitle: v.subtitle,
    description: v.description,
    agreement: v.agreement,
    images: v.images,
    currency: v.currency,
    wholesaleMinQty: v.wholesaleMinQty ?? null,
    qtyMin: v.qtyMin,
    qtyMax: v.qtyMax,
    freight: toMinor(v.freight) ?? 0,
    requiredInputs: v.requiredInputs,
    labelIds: v.labelIds,
    // Only platform staff choose; the server gives a merchant's staff their own.
    ...(v.merchantId !== undefined ? { merchantId: v.merchantId } : {}),
    sort: v.sort,
    onSale: v.onSale,
    soldOut: v.soldOut,
    esimSource: v.esimSource,
    profileType: v.esimSource === 'smdp' ? v.profileType || null : null,
    specs: v.specs,
    // Like data MB off recharges: a kind that is no travel plan sends none (its section is hidden).
    coverage: isTravelPlanKind(v.kind) ? (v.coverage ?? []) : [],
    plan: isTravelPlanKind(v.kind) ? planInput(v) : null,
    // Only eSIMs and their add-ons have a family (the field is hidden for other kinds); empty: none.
    addonFamily: hasAddonFamily(v.kind) ? v.addonFamily?.trim() || null : null,
    skus: v.skus.map((s) => ({
      ...(s.id !== undefined ? { id: s.id } : {}),
      code: s.code,
      options: s.options,
      price: toMinor(s.price),
      wholesalePrice: toMinor(s.wholesalePrice) ?? null,
      prices: pricesInput(v.currency, s.prices),
      stock: pool ? null : (s.stock ?? null),
      ...(s.id !== undefined && !pool ? { loadedStock: s.loadedStock ?? null } : {}),
      soldOut: s.soldOut,
      rechargeMb: v.kind === 'recharge' ? (s.rechargeMb ?? null) : null,
      // Like coverage: a kind that is no travel plan sends no plan (its columns are hidden).
      dataMb: isTravelPlanKind(v.kind) && !s.unlimited ? toMb(s.dataMb) : null,
      validityDays: isTravelPlanKind(v.kind) ? (s.validityDays ?? null) : null,
    })),
  };
}

export type FieldName = Array<string | number>;

/**
 * The form item a server or contract path belongs to: most are the same path; an image, a
 * required input, a destination or one SKU value is shown on its list's item; a sent network
 * (only those with operators are sent) on its destination's row.
 */
export function formFieldOf(path: ReadonlyArray<string | number | symbol>, values?: ProductValues): FieldName {
  const name = path.map((p) => (typeof p === 'string' && /^\d+$/.test(p) ? Number(p) : p)).filter((p): p is string | number => typeof p !== 'symbol');
  if (name[0] === 'images' || name[0] === 'requiredInputs' || name[0] === 'coverage') return [name[0]];
  if (name[0] === 'plan' && name[1] === 'networks') {
    const sent = values ? ((valuesToInput(values).plan as { networks: TravelPlan['networks'] } | null)?.networks ?? []) : [];
    const row = typeof name[2] === 'number' ? (values?.plan.networks ?? []).findIndex((n) => n.country === sent[name[2] as number]?.country) : -1;
    return row === -1 ? ['coverage'] : ['plan', 'networks', row, 'operators'];
  }
  if (name[0] === 'skus' && name[2] === 'options') return name.slice(0, 3);
  if (name[0] === 'skus' && name.length === 1) return ['skus'];
  return name;
}

const valueAt = (values: unknown, path: readonly PropertyKey[]) => path.reduce<unknown>((v, k) => (v !== null && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined), values);

/**
 * Checks the form with the contract's own schema and rules before saving: every wrong field,
 * with the catalogue message the server would give for it.
 */
export function checkProduct(values: ProductValues, t: TFunction): Array<{ name: FieldName; errors: string[] }> {
  const input = valuesToInput(values);
  const parsed = productInputSchema.safeParse(Object.fromEntries(Object.entries(input).filter(([k]) => k !== 'id' && k !== 'version')));
  const found = new Map<string, { name: FieldName; errors: string[] }>();
  const add = (name: FieldName, message: string) => {
    const key = name.join('.');
    if (!found.has(key)) found.set(key, { name, errors: [message] });
  };
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const at = valueAt(input, issue.path);
      const missing = at === undefined || at === null || at === '';
      add(formFieldOf(issue.path, values), t(missing ? 'res.param.missing' : 'res.param.invalid'));
    }
  }
  // The rules between fields are shown at once too, on what the form holds so far.
  const rules = parsed.success
    ? parsed.data
    : {
        ...values,
        qtyMin: values.qtyMin ?? 0,
        qtyMax: values.qtyMax ?? 0,
        requiredInputs: values.requiredInputs ?? [],
        specs: values.specs ?? [],
        skus: (input.skus as ProductInput['skus']).map((sku) => ({ ...sku, code: sku.code ?? '', options: sku.options ?? [] })),
        coverage: input.coverage as string[],
        plan: input.plan as TravelPlan | null,
      };
  for (const issue of productRuleIssues(rules)) add(formFieldOf(issue.field.split('.'), values), t(issue.error.i18n));
  // "Unlimited" is the form's own switch: without days it would send no plan at all, silently.
  if (isTravelPlanKind(values.kind)) values.skus.forEach((s, i) => s.unlimited && s.validityDays == null && add(['skus', i, 'dataMb'], t(serverErrors.skuDataWithoutValidity.i18n)));
  return [...found.values()];
}
