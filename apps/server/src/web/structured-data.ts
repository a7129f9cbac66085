import type { AggregateRating, BlogPosting, BreadcrumbList, DayOfWeek, Offer, OpeningHoursSpecification, Organization, OrganizationLeaf, Product, Store, TechArticle, Thing, WebSite, WithContext } from 'schema-dts';
import { WEEKDAYS, type Article, type BlogPost, type Language, type ProductDetail, type ShopMerchant, type Store as ShopStore, type WeeklyHours } from '@simshop/contract';

/**
 * The pages' schema.org data (JSON-LD), typed by schema-dts so a misspelt property or a wrong
 * value type fails the build. Built from what the shop's API answers (contract types), so a
 * server-rendered page can give the same data. Only what the shop knows is said: no brand, GTIN
 * or review texts (the reviews' count and average only), no store pictures.
 */

/** Where the data is about: the page's canonical address, its language, the shop's own organisation. */
export interface DataContext {
  url: string;
  lang: Language;
  shop: { name: string; url: string; logo: string };
}

export interface Crumb {
  name: string;
  url: string;
}

const SCHEMA = 'https://schema.org' as const;

/** Minor units to the decimal string schema.org and Open Graph expect: 1999 → "19.99" (both currencies have two decimals). */
export const decimalPrice = (minor: number): string => (minor / 100).toFixed(2);

function organization(ctx: DataContext): OrganizationLeaf {
  return { '@type': 'Organization', name: ctx.shop.name, url: ctx.shop.url, logo: ctx.shop.logo };
}

export function homeData(ctx: DataContext, description: string): Array<WithContext<Organization> | WithContext<WebSite>> {
  return [
    { '@context': SCHEMA, ...organization(ctx) },
    { '@context': SCHEMA, '@type': 'WebSite', name: ctx.shop.name, url: ctx.shop.url, description, inLanguage: ctx.lang, publisher: organization(ctx) },
  ];
}

export function breadcrumbData(crumbs: readonly Crumb[]): WithContext<BreadcrumbList> {
  return {
    '@context': SCHEMA,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, i) => ({ '@type': 'ListItem', position: i + 1, name: crumb.name, item: crumb.url })),
  };
}

/**
 * A product with one offer per SKU in the reader's currency, each in stock or sold out as the
 * shop would sell it now; the rating only where customers rated it (a zero-review rating is invalid).
 */
export function productData(ctx: DataContext, product: ProductDetail, images: readonly string[], description: string): WithContext<Product> {
  const offers: Offer[] = product.skus.map((sku) => ({
    '@type': 'Offer',
    sku: String(sku.id),
    ...(sku.options.length ? { name: sku.options.join(' · ') } : {}),
    price: decimalPrice(sku.price),
    priceCurrency: product.currency,
    availability: sku.soldOut ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock',
    url: ctx.url,
    seller: { '@type': 'Organization', name: product.merchant.name || ctx.shop.name },
  }));
  const rating: AggregateRating | undefined =
    product.ratingCount > 0 && product.ratingAverage !== null ? { '@type': 'AggregateRating', ratingValue: product.ratingAverage, ratingCount: product.ratingCount, bestRating: 5, worstRating: 1 } : undefined;
  return {
    '@context': SCHEMA,
    '@type': 'Product',
    productID: String(product.id),
    name: product.name,
    description,
    url: ctx.url,
    ...(images.length ? { image: [...images] } : {}),
    offers,
    ...(rating ? { aggregateRating: rating } : {}),
  };
}

export function blogPostingData(ctx: DataContext, post: BlogPost, image: string | undefined): WithContext<BlogPosting> {
  return {
    '@context': SCHEMA,
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.summary,
    url: ctx.url,
    mainEntityOfPage: ctx.url,
    inLanguage: ctx.lang,
    datePublished: new Date(post.publishedAt).toISOString(),
    ...(image ? { image } : {}),
    ...(post.tags.length ? { keywords: post.tags.join(', ') } : {}),
    author: organization(ctx),
    publisher: organization(ctx),
  };
}

export function tutorialData(ctx: DataContext, article: Article, description: string): WithContext<TechArticle> {
  return {
    '@context': SCHEMA,
    '@type': 'TechArticle',
    headline: article.title,
    description,
    url: ctx.url,
    mainEntityOfPage: ctx.url,
    inLanguage: ctx.lang,
    datePublished: new Date(article.releasedAt).toISOString(),
    dateModified: new Date(article.updatedAt).toISOString(),
    author: organization(ctx),
    publisher: organization(ctx),
  };
}

const DAY_NAMES: Record<(typeof WEEKDAYS)[number], DayOfWeek> = {
  mon: 'https://schema.org/Monday',
  tue: 'https://schema.org/Tuesday',
  wed: 'https://schema.org/Wednesday',
  thu: 'https://schema.org/Thursday',
  fri: 'https://schema.org/Friday',
  sat: 'https://schema.org/Saturday',
  sun: 'https://schema.org/Sunday',
};

/**
 * The week's openings, one specification per day and opening, in the store's local time (as
 * schema.org reads opening hours). A closing at or before the opening runs past midnight, as
 * schema.org allows; the whole day (`24:00`) closes at 23:59, as Google asks.
 */
export function openingHoursData(hours: WeeklyHours): OpeningHoursSpecification[] {
  return hours.flatMap((openings, day) =>
    openings.map((o): OpeningHoursSpecification => ({ '@type': 'OpeningHoursSpecification', dayOfWeek: DAY_NAMES[WEEKDAYS[day]!], opens: o.open, closes: o.close === '24:00' ? '23:59' : o.close })),
  );
}

export function storeData(ctx: DataContext, store: ShopStore): WithContext<Store> {
  return {
    '@context': SCHEMA,
    '@type': 'Store',
    name: store.name,
    url: ctx.url,
    address: { '@type': 'PostalAddress', streetAddress: store.address, addressLocality: store.city },
    ...(store.phone ? { telephone: store.phone } : {}),
    geo: { '@type': 'GeoCoordinates', latitude: store.lat, longitude: store.lng },
    openingHoursSpecification: openingHoursData(store.hours),
    parentOrganization: organization(ctx),
  };
}

export function merchantData(ctx: DataContext, merchant: ShopMerchant, logo: string | undefined): WithContext<Organization> {
  return { '@context': SCHEMA, '@type': 'Organization', name: merchant.name, url: ctx.url, ...(merchant.description ? { description: merchant.description } : {}), ...(logo ? { logo } : {}) };
}

/**
 * The data as `<script type="application/ld+json">` blocks: never run, so the page's
 * Content-Security-Policy (script-src) does not apply to them; `<` is escaped so nothing in a
 * name or text can close the element or open a comment.
 */
export function structuredDataMarkup(data: readonly WithContext<Thing>[]): string {
  return data.map((item) => `<script type="application/ld+json">${JSON.stringify(item).replace(/</g, '\\u003c')}</script>`).join('');
}
