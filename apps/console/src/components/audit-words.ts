import { countryName, formatMoney, type AuditActor, type AuditEntry, type AuditPage } from '@simshop/contract';
import type { TFunction } from 'i18next';
import { formatDateTime } from '../lib/format';

/**
 * The audit log and order histories in words, for staff who do not read JSON: who acted, when
 * (relative while recent), the action, each changed field with its label and its value as staff
 * know it (money in its currency, dates as dates, enums as words, yes/no, names for ids).
 * Pure functions over the server's answer (it resolves names; this says them in the reader's
 * language). A field or action without a text key falls back to its name made readable; a value
 * of a shape not known here is shown compactly as data (the raw row stays one click away).
 */

export interface WordsContext {
  t: TFunction;
  lang: string;
}

/** `refundAmount` → "Refund amount", `set_on_sale` → "Set on sale": a readable fallback for a key without a text. */
export function readableName(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_.-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : key;
}

/** Who acted, as staff know them. */
export function actorWords(by: AuditActor, { t }: WordsContext): string {
  switch (by.kind) {
    case 'staff':
      return by.name || by.account || t('audit.words.who.staff-unknown');
    case 'customer':
      return by.name || by.account || t('audit.words.who.customer-id', { id: by.id });
    case 'provider':
      return t(`audit.words.who.provider.${by.name}`, { defaultValue: t('audit.words.who.provider', { name: by.name }) });
    case 'cli':
      return t('audit.words.who.cli', { name: by.name });
    default:
      return t(`audit.words.who.${by.kind}`);
  }
}

/** The kind of actor, said under the name ("Staff", "Customer", "Payment"). */
export function actorKindWords(by: AuditActor, { t }: WordsContext): string {
  return t(`audit.words.who.kind.${by.kind}`);
}

/** The action as words: `order.refund_approve` → "Approved a refund"; unknown ones readable ("Product: import"). */
export function actionWords(action: string, { t }: WordsContext): string {
  const [domain = '', ...rest] = action.split('.');
  const fallback = rest.length ? `${readableName(domain)}: ${readableName(rest.join(' ')).toLowerCase()}` : readableName(action);
  return t(`audit.words.action.${action}`, { defaultValue: fallback });
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** When: "5 minutes ago" within a day (null beyond), and always the local date and time. */
export function whenWords(at: number, now: number, { t, lang }: WordsContext): { relative: string | null; absolute: string } {
  const absolute = formatDateTime(at, lang);
  const ago = now - at;
  if (ago < 0 || ago >= DAY) return { relative: null, absolute };
  if (ago < MINUTE) return { relative: t('audit.words.just-now'), absolute };
  const rtf = new Intl.RelativeTimeFormat(lang === 'zh-Hans' ? 'zh-CN' : 'en', { numeric: 'auto' });
  return { relative: ago < HOUR ? rtf.format(-Math.floor(ago / MINUTE), 'minute') : rtf.format(-Math.floor(ago / HOUR), 'hour'), absolute };
}

/** The console page an entry's object opens. */
export function pagePath(page: AuditPage): string {
  const id = encodeURIComponent(page.id);
  switch (page.type) {
    case 'order':
      return `/orders/${id}`;
    case 'customer':
      return `/customers/${id}`;
    case 'product':
      return `/products/${id}`;
    case 'coupon':
      return `/coupons/${id}`;
    case 'blog_post':
      return `/blog/${id}`;
    case 'article':
      return `/articles/${id}`;
    case 'store':
      return `/stores/${id}`;
    case 'reseller_application':
      return `/reseller-applications/${id}`;
    case 'staff':
      return '/staff';
    case 'merchant':
      return '/merchants';
    case 'label':
      return '/labels';
    case 'content':
      return '/content/home';
    case 'job':
      return '/jobs';
    case 'settings':
      return page.id === 'tools' || page.id === 'mcp' ? '/settings/tools' : page.id === 'refunds' || page.id === 'refund_rules' ? '/settings/refunds' : '/settings/contact';
  }
}

/** The object as staff know it: its name, or its kind and number ("Blog post 3"). */
export function targetWords(entry: Pick<AuditEntry, 'target' | 'targetType' | 'targetId'>, { t, lang }: WordsContext): string {
  const kind = t(`audit.words.target.${entry.targetType}`, { defaultValue: readableName(entry.targetType) });
  if (entry.target.name) return lang === 'zh-Hans' && entry.target.name.zh ? entry.target.name.zh : entry.target.name.en;
  return `${kind} ${entry.targetId}`;
}

// --- values ---------------------------------------------------------------------------------

const MONEY_FIELD = /(amount|price|balance|credit|total|freight|discount|fee|subtotal|minSpend|maxDiscount)$/i;
const DATE_FIELD = /(At|Date|Until)$|^(from|to)$/;
const ID_FIELDS: Readonly<Record<string, string>> = { productId: 'product', productIds: 'product', userId: 'customer', merchantId: 'merchant', couponId: 'coupon' };
/** Fields whose values are a contract enum with texts (`enum.<group>.<value>`) or the console's own words. */
const ENUM_KEYS: Readonly<Record<string, (v: string, targetType: string) => string>> = {
  status: (v, type) => (type === 'order' ? `enum.orderStatus.${v}` : `audit.words.value.status.${v}`),
  carrier: (v) => `enum.carrier.${v}`,
  currency: (v) => `enum.currency.${v}`,
  reason: (v) => `orders.refund-reason.${v}`,
  role: (v) => `audit.words.value.role.${v}`,
  kind: (v) => `orders.kind.${v}`,
  state: (v) => `audit.words.value.state.${v}`,
  audience: (v) => `audit.words.value.audience.${v}`,
  distribution: (v) => `audit.words.value.distribution.${v}`,
};
const CURRENCY_CODE = /^[A-Z]{3}$/;

export interface ValueContext extends WordsContext {
  currency: string | null;
  names: AuditEntry['names'];
  targetType: string;
}

type Bilingual = { en: string; zh: string };
const isBilingual = (v: unknown): v is Bilingual => typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 2 && typeof (v as Bilingual).en === 'string' && typeof (v as Bilingual).zh === 'string';
const isAddress = (v: unknown): v is Record<string, string> => typeof v === 'object' && v !== null && 'detail' in v && 'city' in v;
const compact = (v: unknown) => {
  const s = JSON.stringify(v);
  return s.length > 120 ? `${s.slice(0, 119)}…` : s;
};

/** One value as staff read it; `field` is the value's own key (the last of its path). */
export function valueWords(field: string, value: unknown, ctx: ValueContext): string {
  const { t, lang } = ctx;
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return t(value ? 'audit.words.value.yes' : 'audit.words.value.no');
  if (isBilingual(value)) return (lang === 'zh-Hans' && value.zh ? value.zh : value.en) || '—';
  const idType = ID_FIELDS[field];
  if (idType && (typeof value === 'number' || typeof value === 'string')) {
    const name = ctx.names[`${idType}:${value}`];
    return name ? (lang === 'zh-Hans' && name.zh ? name.zh : name.en) : `#${value}`;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return t('audit.words.value.none');
    if (value.every((v) => typeof v !== 'object' || v === null || isBilingual(v))) return value.map((v) => valueWords(field, v, ctx)).join(', ');
    return compact(value);
  }
  if (typeof value === 'number') {
    if (DATE_FIELD.test(field) && value > 1e11) return formatDateTime(value, lang);
    if (MONEY_FIELD.test(field)) return ctx.currency ? formatMoney(value, ctx.currency) : (value / 100).toFixed(2);
    return value.toLocaleString(lang === 'zh-Hans' ? 'zh-CN' : 'en-GB');
  }
  if (typeof value === 'string') {
    const enumKey = ENUM_KEYS[field]?.(value, ctx.targetType);
    if (enumKey) return t(enumKey, { defaultValue: value });
    return value.length > 200 ? `${value.slice(0, 199)}…` : value;
  }
  if (isAddress(value)) {
    const country = value.country ? countryName(value.country, lang === 'zh-Hans' ? 'zh-Hans' : 'en') : undefined;
    return [value.name, value.tel, value.detail, value.district, value.city, value.province, country, value.postCode].filter(Boolean).join(', ');
  }
  return compact(value);
}

/** A field's label: its text, or its name made readable; a path's parts joined ("SKU SIM-1 · Price"). */
export function fieldLabel(path: readonly string[], { t }: WordsContext): string {
  return path.map((part) => (CURRENCY_CODE.test(part) ? part : t(`audit.words.field.${part}`, { defaultValue: /^sku /.test(part) ? `SKU ${part.slice(4)}` : readableName(part) }))).join(' · ');
}

export interface ChangeLine {
  key: string;
  label: string;
  /** Null: the field had no value before (a creation) or has none after (a removal). */
  before: string | null;
  after: string | null;
}

type Flat = Map<string, { path: string[]; value: unknown }>;

/** Nested plain objects become paths (a SKU's prices per currency), so only what changed shows. */
function flatten(obj: Record<string, unknown> | null, into: Flat, path: string[] = []): Flat {
  for (const [key, value] of Object.entries(obj ?? {})) {
    const at = [...path, key];
    if (typeof value === 'object' && value !== null && !Array.isArray(value) && !isBilingual(value) && !isAddress(value) && at.length < 4) flatten(value as Record<string, unknown>, into, at);
    else into.set(at.join('\u0000'), { path: at, value });
  }
  return into;
}

/** The entry's change as lines: each field that differs, its label, and its values before and after. */
export function changeLines(entry: Pick<AuditEntry, 'before' | 'after' | 'currency' | 'names' | 'targetType'>, words: WordsContext): ChangeLine[] {
  const before = flatten(entry.before, new Map());
  const after = flatten(entry.after, new Map());
  const keys = [...new Set([...before.keys(), ...after.keys()])];
  return keys.flatMap((key) => {
    const b = before.get(key);
    const a = after.get(key);
    if (entry.before && entry.after && JSON.stringify(b?.value) === JSON.stringify(a?.value)) return [];
    const path = (a ?? b)!.path;
    const field = path[path.length - 1]!;
    // A price kept per currency (`prices.USD.price`) is in that currency.
    const currency = path.find((p) => CURRENCY_CODE.test(p)) ?? entry.currency;
    const ctx: ValueContext = { ...words, currency, names: entry.names, targetType: entry.targetType };
    return [{ key, label: fieldLabel(path, words), before: entry.before ? valueWords(field, b?.value, ctx) : null, after: entry.after ? valueWords(field, a?.value, ctx) : null }];
  });
}
