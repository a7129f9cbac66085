import type { Thing, WithContext } from 'schema-dts';
import { LANGUAGES, Language, SHOP_LANGUAGE_PARAM, SHOP_PRIVATE_PAGES, SHOP_PUBLIC_PAGES, type ShopPublicPage } from '@simshop/contract';

/**
 * What a shop page's head tells those who do not run its scripts (search engines, link
 * previews in WeChat and other apps): its title and description, canonical address and language
 * alternates, Open Graph and Twitter card tags, and schema.org data (structured-data.ts). A plain
 * model, built by page-meta-data.ts from the modules' services, so a server-rendered page can give
 * the same head. Not the page's content: that is the app's (or, later, the server renderer's).
 */
export interface PageMeta {
  title: string;
  description: string;
  /** The address of this page in this language (absolute). */
  canonical: string;
  /** hreflang alternates, the page's own language among them; none for a page kept out of search. */
  alternates: ReadonlyArray<{ hreflang: string; href: string }>;
  /** Kept out of search results: a private page, or a product, post or store that does not exist. */
  noindex: boolean;
  og: {
    type: 'website' | 'product' | 'article';
    title: string;
    /** Absolute. */
    image: string;
    /** The picture is the page's own (a product's, a post's cover): a large card; else the shop's icon, a small one. */
    largeImage: boolean;
    /** More `property` tags (a product's price, an article's date). */
    more: ReadonlyArray<readonly [string, string]>;
  };
  lang: Language;
  structuredData: ReadonlyArray<WithContext<Thing>>;
}

/** The words the head says, in both languages; product, post and store texts come from their modules. */
export const META_TEXTS = {
  [Language.en]: {
    site: 'SimShop',
    homeTitle: 'SimShop — SIM cards and eSIMs',
    tagline: 'SIM cards, eSIMs and data plans for travellers. Your eSIMs stay readable offline.',
    from: (price: string) => `From ${price}`,
    soldOut: 'Sold out',
    destination: (place: string) => `eSIM and SIM plans for ${place}`,
    destinationText: (place: string) => `Data plans covering ${place}, with prices, networks and a compatibility check.`,
    storeText: (address: string, city: string) => `${address}, ${city}. Opening hours, directions and services.`,
    pages: { home: 'Home', goods: 'Product details', goodsNotes: 'Purchase agreement', destination: 'Plans for your trip', label: 'Label', blog: 'Blog', blogPost: 'Blog post', stores: 'Stores', store: 'Store', merchant: 'Shop', tutorials: 'Tutorials', tutorial: 'Tutorial', contact: 'Contact us', tools: 'Tools' } satisfies Record<ShopPublicPage, string>,
    locale: 'en_US',
  },
  [Language.zhHans]: {
    site: 'SimShop',
    homeTitle: 'SimShop — 电话卡与 eSIM',
    tagline: '为旅行者提供电话卡、eSIM 与流量套餐。离线也能查看您的 eSIM。',
    from: (price: string) => `${price} 起`,
    soldOut: '已售罄',
    destination: (place: string) => `${place} eSIM 与电话卡套餐`,
    destinationText: (place: string) => `覆盖${place}的流量套餐：价格、网络与兼容性检查。`,
    storeText: (address: string, city: string) => `${city}${address}。营业时间、路线与服务。`,
    pages: { home: '首页', goods: '商品详情', goodsNotes: '购买协议', destination: '目的地套餐', label: '标签', blog: '博客', blogPost: '博客文章', stores: '门店', store: '门店详情', merchant: '店铺', tutorials: '使用教程', tutorial: '教程', contact: '联系我们', tools: '实用工具' } satisfies Record<ShopPublicPage, string>,
    locale: 'zh_CN',
  },
} as const;

/** A page's title: its own name, then the shop's. */
export const titled = (name: string, lang: Language) => `${name} · ${META_TEXTS[lang].site}`;

/**
 * A text for a description: tags, Markdown marks and runs of white space gone, cut at a word
 * (or, in Chinese, anywhere) to `max` characters.
 */
export function plainText(text: string, max = 160): string {
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/^\s{0,3}(?:#{1,6}|[-*+]|\d+\.)\s+/gm, '')
    .replace(/[*_`]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** Where the shop is reached (PUBLIC_URL or the request's origin) and where it lives there. */
export interface ShopAddress {
  origin: string;
  /** The shop's base without its trailing slash: `/uni`. */
  base: string;
}

/** An absolute address for a path below the origin, or a picture's address as the shop draws it. */
export const absolute = (at: ShopAddress, address: string) => new URL(address, `${at.origin}/`).href;

/** The address of a page below the base, with its query (in the order given) and, if given, its language. */
export function pageUrl(at: ShopAddress, path: string, query: ReadonlyArray<readonly [string, string]>, lang?: Language): string {
  const params = new URLSearchParams(query.map(([k, v]): [string, string] => [k, v]));
  if (lang) params.set(SHOP_LANGUAGE_PARAM, lang);
  const search = params.toString();
  return `${at.origin}${at.base}${path === SHOP_PUBLIC_PAGES.home.path ? '/' : path}${search ? `?${search}` : ''}`;
}

/** The query parameters that name what a public page shows, as the request gave them. */
export function keptQuery(page: ShopPublicPage, search: URLSearchParams): Array<[string, string]> {
  return SHOP_PUBLIC_PAGES[page].keep.flatMap((key) => {
    const value = search.get(key);
    return value ? [[key, value] as [string, string]] : [];
  });
}

/**
 * A page's canonical address and its language alternates: the page with `?lang=` shows that
 * language (the server's head, and the shop: SHOP_LANGUAGE_PARAM), the one without it the
 * reader's (x-default). The canonical is the language the page was served in, so each language
 * is its own indexed page.
 */
export function addressesOf(at: ShopAddress, path: string, query: ReadonlyArray<readonly [string, string]>, lang: Language): Pick<PageMeta, 'canonical' | 'alternates'> {
  return {
    canonical: pageUrl(at, path, query, lang),
    alternates: [...LANGUAGES.map((l) => ({ hreflang: l, href: pageUrl(at, path, query, l) })), { hreflang: 'x-default', href: pageUrl(at, path, query) }],
  };
}

/** The language a page is shown in: `?lang=` when it names one of ours, else the reader's. */
export function languageOfPage(search: URLSearchParams, readers: Language): Language {
  const asked = search.get(SHOP_LANGUAGE_PARAM);
  return asked && (LANGUAGES as readonly string[]).includes(asked) ? (asked as Language) : readers;
}

/** Whether robots.txt keeps a route (below the base) out, by its longest matching rule as crawlers read it. */
export function isPrivateRoute(route: string): boolean {
  const matching = (rules: readonly string[]) => Math.max(-1, ...rules.filter((rule) => !rule.includes('*') && route.startsWith(rule)).map((rule) => rule.length));
  return matching(SHOP_PRIVATE_PAGES.disallow) > matching(SHOP_PRIVATE_PAGES.allow);
}

const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** Text for a double-quoted HTML attribute. */
export const escapeAttribute = (value: string) => escapeText(value).replace(/"/g, '&quot;');

/**
 * The head's tags, everything escaped. Goes where the build's `<title>` was, ahead of the app's
 * scripts: a preview's reader may stop early. The schema.org data goes at the end of the head
 * (structuredDataMarkup), beside the first answers.
 */
export function pageMetaMarkup(meta: PageMeta): string {
  const tag = (name: string, attrs: Record<string, string>) => `<${name}${Object.entries(attrs).map(([k, v]) => ` ${k}="${escapeAttribute(v)}"`).join('')}>`;
  const property = (p: string, content: string) => tag('meta', { property: p, content });
  const named = (name: string, content: string) => tag('meta', { name, content });
  const other = LANGUAGES.filter((l) => l !== meta.lang);
  return [
    `<title>${escapeText(meta.title)}</title>`,
    named('description', meta.description),
    ...(meta.noindex ? [named('robots', 'noindex')] : []),
    tag('link', { rel: 'canonical', href: meta.canonical }),
    ...meta.alternates.map((a) => tag('link', { rel: 'alternate', hreflang: a.hreflang, href: a.href })),
    property('og:site_name', META_TEXTS[meta.lang].site),
    property('og:type', meta.og.type),
    property('og:title', meta.og.title),
    property('og:description', meta.description),
    property('og:url', meta.canonical),
    property('og:image', meta.og.image),
    property('og:locale', META_TEXTS[meta.lang].locale),
    ...other.map((l) => property('og:locale:alternate', META_TEXTS[l].locale)),
    ...meta.og.more.map(([p, content]) => property(p, content)),
    named('twitter:card', meta.og.largeImage ? 'summary_large_image' : 'summary'),
    named('twitter:title', meta.og.title),
    named('twitter:description', meta.description),
    named('twitter:image', meta.og.image),
  ].join('');
}
