import { Button, Tag } from 'antd-mobile';
import { Picture } from '@/components/picture';
import { Carousel } from '@/components/carousel';
import { scrollBehavior } from '@/lib/motion';
import { PullToRefresh } from '@/components/pull-to-refresh';
import { QuantityStepper } from '@/components/quantity-stepper';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { HydratedApart } from '@/components/hydrated-apart';
import { useNavigate, useSearchParams } from '@/lib/router';
import { parseImageString, serverErrors, unitPriceFor, type ProductDetail } from '@simshop/contract';
import { PageLayout } from '@/components/page-layout';
import { useDocumentTitle } from '@/lib/use-document-title';
import { CardFeeNote } from '@/components/card-fee';
import { EmptyState, QueryState, type QueryView } from '@/components/page-states';
import { paths } from '@/config/paths';
import { runtime } from '@/config/runtime';
import { useLanguage, useTranslation } from '@/i18n';
import { money } from '@/lib/money';
import { openPage } from '@/lib/open-page';
import { saveOrderDraft } from '@/lib/order-draft';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { ApiError } from '@/lib/api-client';
import { ProductLabels } from '@/components/product-labels';
import { SoldBy } from '@/components/sold-by';
import { CouponStrip } from '@/components/coupon-strip';
import { ProductReviews } from '@/components/product-reviews';
import { productReviewsQuery } from '@/features/reviews/api/product-reviews';
import { claimableCouponsQuery } from '@/features/coupons/api/claimable-coupons';
import { useAddToCart } from '@/features/cart/api/add-to-cart';
import { productDetailQuery } from '../api/get-product';
import { PlanFacts } from '../components/plan-facts';
import { SoldOutOffer } from '../components/sold-out-offer';
import { Stars } from '@/components/stars';
import { useCurrency } from '@/lib/currency';
import { OwnCurrencyNote } from '@/components/own-currency-note';

// Only a sold-out product's page needs it (and the address check it brings): not on the first screen.

/** The SKU matching the chosen value of every spec group. */
function skuFor(product: ProductDetail, chosen: string[]) {
  return product.skus.find((s) => s.options.every((o, i) => o === chosen[i])) ?? null;
}

/**
 * Choosing `value` in group `g`: keep the other choices when that SKU can be bought, otherwise
 * move to a buyable SKU with that value. Null when no buyable SKU has the value at all.
 */
function chooseValue(product: ProductDetail, chosen: string[], g: number, value: string): string[] | null {
  const wanted = chosen.map((v, i) => (i === g ? value : v));
  const exact = skuFor(product, wanted);
  if (exact && !exact.soldOut) return wanted;
  const other = product.skus.find((s) => !s.soldOut && s.options[g] === value);
  return other ? other.options : null;
}

/** Goods detail (SPEC §2): images, price, SKU choice, quantity, sold-out state, agreement, comments. */
export function GoodsPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const session = useSession();
  const navigate = useNavigate();
  const addLine = useAddToCart();
  const [params] = useSearchParams();
  const currency = useCurrency();
  const id = Number(params.get('id'));
  const product = useQuery({ ...productDetailQuery(id, lang, session.reseller, currency), enabled: id > 0 });
  const comments = useQuery({ ...productReviewsQuery(id), enabled: id > 0 });
  // The coupon card sits between the product's head and its plans: the page waits for both
  // answers (asked for together by the route), so the card never arrives later and pushes the
  // plans down (a layout shift of 0.09 in some Lighthouse runs). Only isPending is read.
  const coupons = useQuery({ ...claimableCouponsQuery({ i18n: lang, productId: id }, session.loggedIn), enabled: id > 0 });
  const [chosen, setChosen] = useState<string[] | null>(null);
  const [quantity, setQuantity] = useState<number | null>(null);

  const p = product.data;
  // The tab and a crawler that runs scripts keep the product's name, as the server's HTML gave it.
  useDocumentTitle(p?.name);
  const selection = chosen ?? (p ? (p.skus.find((s) => !s.soldOut) ?? p.skus[0])?.options ?? [] : []);
  const sku = p ? skuFor(p, selection) : null;
  const qty = quantity ?? p?.qtyMin ?? 1;
  const images = useMemo(() => (p ? parseImageString(p.images, runtime.staticHost) : []), [p]);

  // A link to a product that is gone (an old share, a withdrawn plan) leads on to the others.
  const missing = !(id > 0) || (product.error instanceof ApiError && product.error.code === serverErrors.productNotFound.code);
  if (missing) {
    return (
      <PageLayout title={t('route.goods')}>
        <EmptyState title={t('shop.missing')} description={t('shop.missing.desc')}>
          <Button color="primary" shape="rounded" onClick={() => openPage('home')}>
            {t('shop.see-plans')}
          </Button>
        </EmptyState>
      </PageLayout>
    );
  }
  // The product, shown once the coupons have answered too; a coupon list that fails is left out.
  const shown: QueryView<NonNullable<typeof p>> = { isPending: product.isPending || coupons.isPending, isError: product.isError, data: p, refetch: product.refetch };
  return (
    <PageLayout title={t('route.goods')} className="page--goods">
      <QueryState query={shown}>
        {(p) => {
        const soldOut = p.soldOut || !sku || sku.soldOut;
        const unit = sku ? unitPriceFor(sku, qty, session.reseller, p.wholesaleMinQty) : p.price;

        const requireSignIn = () => {
          if (session.loggedIn) return false;
          openPage('login');
          return true;
        };

        const addToCart = async () => {
          if (requireSignIn() || !sku) return;
          const closing = toast.loading(t('common.adding'));
          try {
            await addLine.mutateAsync({ proId: p.id, skuId: sku.id, quantity: qty, with: 'total' });
            closing.close();
            // One toast at a time: the "adding" one must be gone before the result shows.
            toast.clear();
            toast.success(t('shop.added'));
          } catch {
            closing.close();
          }
        };

        const buyNow = () => {
          if (requireSignIn() || !sku) return;
          saveOrderDraft([{ skuId: sku.id, quantity: qty, inputs: {} }]);
          void navigate(paths['order-create'].path);
        };

        return (
          <>
            <PullToRefresh onRefresh={async () => void (await Promise.all([product.refetch(), comments.refetch()]))}>
              {images.length ? (
                <Carousel className="goods-swiper" label={p.name} slides={images.map((src, i) => <Picture key={src} src={src} alt={p.name} className="goods-image" priority={i === 0} lazy={i > 0} />)} />
              ) : null}
              <section className="card goods-head">
                <div className="goods-price">{money(unit, p.currency)}</div>
                <OwnCurrencyNote currency={p.currency} />
                <CardFeeNote />
                {p.wholesalePrice !== null && p.wholesaleMinQty !== null ? <div className="goods-wholesale">{t('shop.wholesale', { price: money(p.wholesalePrice, p.currency), qty: p.wholesaleMinQty })}</div> : null}
                <h2 className="goods-name">{p.name}</h2>
                <p className="muted">{p.subtitle}</p>
                {p.ratingAverage !== null && p.ratingCount > 0 ? (
                  <button type="button" className="goods-rating" onClick={() => document.getElementById('product-reviews')?.scrollIntoView({ behavior: scrollBehavior() })}>
                    <Stars rating={p.ratingAverage} />
                    <span>{t('plan-facts.rating', { rating: p.ratingAverage.toFixed(1), count: p.ratingCount })}</span>
                  </button>
                ) : null}
                <div className="goods-labels">
                  <ProductLabels labels={p.labels} />
                  {soldOut ? <Tag color="default">{t('shop.sold-out')}</Tag> : null}
                </div>
                <SoldBy merchant={p.merchant} />
              </section>
              {/* Sold out: a notice when it is back, and the plans for the same trip to buy now. */}
              {/* Part of the page's own code, not loaded apart: the server draws it, and React leaves a
                  lazy part as drawn until its code is here (a tap on its form meanwhile would send
                  it the browser's way, off the page); it is about 1 KB. */}
              {p.soldOut ? (
                <SoldOutOffer product={p} />
              ) : (
                <CouponStrip productId={p.id} />
              )}
              {p.specs.length ? (
                <section className="card">
                  {p.specs.map((group, g) => (
                    <div key={group.name} className="spec-group">
                      <div className="field-label">{group.name}</div>
                      <div className="spec-values" role="radiogroup" aria-label={t('shop.choose', { name: group.name })}>
                        {group.values.map((value) => {
                          const next = chooseValue(p, selection, g, value);
                          return (
                            <button key={value} type="button" role="radio" aria-checked={selection[g] === value} className={selection[g] === value ? 'spec-value spec-value--on' : 'spec-value'} disabled={!next} onClick={() => next && setChosen(next)}>
                              {value}
                            </button>
                          );
                        })}
                      </div>
                    </div>
                  ))}
                </section>
              ) : null}
              {/* Below the first screen, in the page from the start (the server draws it), taken over part by part. */}
              <>
                <HydratedApart>
                  <PlanFacts product={p} chosen={selection} sku={sku} />
                </HydratedApart>
                <section className="card goods-qty">
                  <span className="field-label">{t('shop.quantity')}</span>
                  <QuantityStepper min={p.qtyMin} max={p.qtyMax} value={qty} onChange={(v) => setQuantity(v)} disabled={soldOut} label={t('shop.quantity')} />
                </section>
                <section className="card">
                  <h3 className="card-title">{t('shop.description')}</h3>
                  <p>{p.description}</p>
                  <Button size="small" fill="outline" onClick={() => openPage(paths['goods-notes'].getHref({ id: String(p.id) }))}>
                    {t('shop.agreement')}
                  </Button>
                </section>
                <div id="product-reviews">
                  <HydratedApart>
                    <ProductReviews product={p} />
                  </HydratedApart>
                </div>
              </>
            </PullToRefresh>
            <div className="action-bar">
              {p.kind !== 'recharge' ? (
                <Button fill="outline" color="primary" disabled={soldOut} onClick={() => void addToCart()}>
                  {t('shop.add-to-cart')}
                </Button>
              ) : null}
              <Button color="primary" disabled={soldOut} onClick={buyNow}>
                {t(soldOut ? 'shop.sold-out' : p.kind === 'recharge' ? 'shop.recharge' : 'shop.buy-now')}
              </Button>
            </div>
          </>
        );
        }}
      </QueryState>
    </PageLayout>
  );
}
