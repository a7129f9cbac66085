import type { Thing, WithContext } from 'schema-dts';
import { SHOP_PUBLIC_PAGES, currencyForLanguage, destinationLabel, destinationOfPath, destinationOfQuery, destinationPath, firstImageUrl, formatMoney, parseImageString, shopPublicPageOf, type Destination, type Language, type ShopPublicPage } from '@simshop/contract';
import type { Executor } from '../db/database.ts';
import { AppError } from '../lib/app-error.ts';
import { articleDetail } from '../modules/articles/article.service.ts';
import { postDetail } from '../modules/blog/blog.service.ts';
import { productDetail } from '../modules/catalogue/catalogue.service.ts';
import { activeMerchants } from '../modules/merchants/merchant.service.ts';
import { storeDetail } from '../modules/stores/store.service.ts';
import { META_TEXTS, absolute, addressesOf, isPrivateRoute, keptQuery, plainText, titled, type PageMeta, type ShopAddress } from './page-meta.ts';
import { blogPostingData, breadcrumbData, decimalPrice, homeData, merchantData, productData, storeData, tutorialData, type Crumb, type DataContext } from './structured-data.ts';

export interface PageMetaOptions {
  staticHost: string;
  now: number;
}

/** The shop's icon: the picture of a page with none of its own. */
const SHOP_ICON = '/icon-512.png';

type Described = Omit<PageMeta, 'canonical' | 'alternates' | 'lang' | 'og'> & { og?: Partial<PageMeta['og']> };

/**
 * The head of the shop page at `route` (below the base) in `lang`, read through the modules'
 * services as a signed-out customer sees it: home, a product (priced in the language's
 * currency), a blog post, a store, a tutorial, a merchant's shop and a destination describe
 * themselves; any other public page says its name, a private one (robots.txt) is also marked
 * noindex. A product, post or store that does not exist gives the page's name and noindex; a
 * failed read gives the page's name alone: the head never stops the page from loading.
 */
export async function pageMetaOf(db: Executor, at: ShopAddress, route: string, search: URLSearchParams, lang: Language, options: PageMetaOptions): Promise<PageMeta> {
  const page = shopPublicPageOf(route);
  // A destination's page has one address whichever way it was reached: `/esim/japan`.
  const destination = page === 'destination' ? (destinationOfPath(route) ?? destinationOfQuery(search)) : null;
  const query = page && !destination ? keptQuery(page, search) : [];
  const path = destination ? destinationPath(destination) : page ? SHOP_PUBLIC_PAGES[page].path : route;
  const addresses = addressesOf(at, path, query, lang);
  const ctx: DataContext = { url: addresses.canonical, lang, shop: { name: META_TEXTS[lang].site, url: absolute(at, `${at.base}/`), logo: absolute(at, `${at.base}${SHOP_ICON}`) } };
  let described: Described;
  try {
    described = page ? await describe(db, at, page, search, ctx, options, destination) : generic(lang, undefined);
  } catch (err) {
    described = { ...generic(lang, page), noindex: err instanceof AppError };
  }
  const noindex = described.noindex || (!page && isPrivateRoute(route));
  return {
    title: described.title,
    description: described.description,
    ...addresses,
    // A page kept out of search offers no other language of itself.
    alternates: noindex ? [] : addresses.alternates,
    noindex,
    lang,
    og: { type: 'website', title: described.title, image: ctx.shop.logo, largeImage: false, more: [], ...described.og },
    structuredData: described.structuredData,
  };
}

function generic(lang: Language, page: ShopPublicPage | undefined): Described {
  const texts = META_TEXTS[lang];
  return { title: page && page !== 'home' ? titled(texts.pages[page], lang) : texts.homeTitle, description: texts.tagline, noindex: false, structuredData: [] };
}

const idOf = (search: URLSearchParams) => {
  const id = Number(search.get('id'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

const notFound = (lang: Language, page: ShopPublicPage): Described => ({ ...generic(lang, page), noindex: true });

async function describe(db: Executor, at: ShopAddress, page: ShopPublicPage, search: URLSearchParams, ctx: DataContext, options: PageMetaOptions, destination: Destination | null): Promise<Described> {
  const { lang } = ctx;
  const texts = META_TEXTS[lang];
  const crumb = (name: string, target: ShopPublicPage): Crumb => ({ name, url: addressesOf(at, SHOP_PUBLIC_PAGES[target].path, [], lang).canonical });
  const picture = (address: string | undefined) => (address ? absolute(at, address) : undefined);
  const id = idOf(search);
  const data: Array<WithContext<Thing>> = [];
  switch (page) {
    case 'home':
      return { ...generic(lang, page), structuredData: homeData(ctx, texts.tagline) };
    case 'goods':
    case 'goodsNotes': {
      if (id === null) return notFound(lang, page);
      const product = await productDetail(db, id, lang, false, currencyForLanguage(lang));
      const images = parseImageString(product.images, options.staticHost).map((image) => absolute(at, image));
      const price = product.soldOut ? texts.soldOut : texts.from(formatMoney(product.price, product.currency));
      const description = plainText([price, product.subtitle, product.description].filter(Boolean).join(' · '));
      if (page === 'goodsNotes') return { title: titled(`${texts.pages.goodsNotes}: ${product.name}`, lang), description, noindex: false, structuredData: [], og: { image: images[0] ?? ctx.shop.logo, largeImage: images.length > 0 } };
      const crumbs = [crumb(texts.pages.home, 'home'), ...(product.labels[0] ? [{ name: product.labels[0].text, url: addressesOf(at, SHOP_PUBLIC_PAGES.label.path, [['id', String(product.labels[0].id)]], lang).canonical }] : []), { name: product.name, url: ctx.url }];
      data.push(productData(ctx, product, images, description), breadcrumbData(crumbs));
      const more: Array<[string, string]> = [
        ['product:price:amount', decimalPrice(product.price)],
        ['product:price:currency', product.currency],
        ['product:availability', product.soldOut ? 'out of stock' : 'in stock'],
      ];
      return { title: titled(product.name, lang), description, noindex: false, structuredData: data, og: { type: 'product', title: product.name, image: images[0] ?? ctx.shop.logo, largeImage: images.length > 0, more } };
    }
    case 'blogPost': {
      if (id === null) return notFound(lang, page);
      const post = await postDetail(db, id, lang, currencyForLanguage(lang), options.now);
      const cover = picture(firstImageUrl(post.cover, options.staticHost));
      data.push(blogPostingData(ctx, post, cover), breadcrumbData([crumb(texts.pages.home, 'home'), crumb(texts.pages.blog, 'blog'), { name: post.title, url: ctx.url }]));
      const more: Array<[string, string]> = [['article:published_time', new Date(post.publishedAt).toISOString()], ...post.tags.map((tag): [string, string] => ['article:tag', tag])];
      return { title: titled(post.title, lang), description: plainText(post.summary || post.body), noindex: false, structuredData: data, og: { type: 'article', title: post.title, image: cover ?? ctx.shop.logo, largeImage: cover !== undefined, more } };
    }
    case 'store': {
      if (id === null) return notFound(lang, page);
      const store = await storeDetail(db, id, lang);
      data.push(storeData(ctx, store), breadcrumbData([crumb(texts.pages.home, 'home'), crumb(texts.pages.stores, 'stores'), { name: store.name, url: ctx.url }]));
      return { title: titled(store.name, lang), description: plainText(texts.storeText(store.address, store.city)), noindex: false, structuredData: data, og: { title: store.name } };
    }
    case 'tutorial': {
      if (id === null) return notFound(lang, page);
      const article = await articleDetail(db, id, lang);
      const description = plainText(article.content);
      data.push(tutorialData(ctx, article, description), breadcrumbData([crumb(texts.pages.home, 'home'), crumb(texts.pages.tutorials, 'tutorials'), { name: article.title, url: ctx.url }]));
      return { title: titled(article.title, lang), description, noindex: false, structuredData: data, og: { type: 'article', title: article.title } };
    }
    case 'merchant': {
      const merchant = id === null ? undefined : (await activeMerchants(db, lang)).find((m) => m.id === id);
      if (!merchant) return notFound(lang, page);
      const logo = picture(firstImageUrl(merchant.logo, options.staticHost));
      data.push(merchantData(ctx, merchant, logo));
      return { title: titled(merchant.name, lang), description: plainText(merchant.description) || texts.tagline, noindex: false, structuredData: data, og: { title: merchant.name, ...(logo ? { image: logo } : {}) } };
    }
    case 'destination': {
      if (!destination) return notFound(lang, page);
      const place = destinationLabel(destination, lang);
      return { title: titled(texts.destination(place), lang), description: texts.destinationText(place), noindex: false, structuredData: [breadcrumbData([crumb(texts.pages.home, 'home'), { name: texts.destination(place), url: ctx.url }])] };
    }
    default:
      return generic(lang, page);
  }
}
