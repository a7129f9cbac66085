import { Button } from 'antd-mobile';
import { Picture } from '@/components/picture';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { parseImageString, type ProductDetail } from '@simshop/contract';
import { runtime } from '@/config/runtime';
import { useLanguage, useTranslation } from '@/i18n';
import { productReviewsQuery } from '@/features/reviews/api/product-reviews';
import { Stars } from './stars';
import './reviews.css';
import { useFormatDate } from '@/lib/format-date';

/**
 * The goods page's reviews: the average and count, then each review with avatar, stars, pictures
 * and the shop's reply, a page at a time ("More reviews" loads the next page below).
 */
export function ProductReviews({ product }: { product: Pick<ProductDetail, 'id' | 'commentCount' | 'ratingAverage' | 'ratingCount'> }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const formatDate = useFormatDate();
  const [pageCount, setPageCount] = useState(1);
  const pages = useQueries({ queries: Array.from({ length: pageCount }, (_, i) => productReviewsQuery(product.id, i + 1)) });
  // A review written meanwhile shifts the pages by one: each review is shown once.
  const seen = new Set<number>();
  const items = pages.flatMap((p) => p.data?.items ?? []).filter((c) => !seen.has(c.id) && Boolean(seen.add(c.id)));
  const total = pages[0]?.data?.total ?? 0;
  const last = pages[pages.length - 1];
  const loadingMore = pageCount > 1 && last?.isPending === true;
  const failed = pages.some((p) => p.isError);
  return (
    <section className="card" aria-labelledby="reviews-title">
      <h3 className="card-title" id="reviews-title">{t('shop.comments', { count: product.commentCount })}</h3>
      {product.ratingAverage !== null ? (
        <div className="rating-summary">
          <span className="rating-average">{product.ratingAverage.toFixed(1)}</span>
          <Stars rating={product.ratingAverage} />
          <span className="muted">{t('review.count', { count: product.ratingCount })}</span>
        </div>
      ) : null}
      {items.length ? (
        <ul className="reviews">
          {items.map((c) => {
            const pictures = [...c.pictures, ...(c.images ? parseImageString(c.images, runtime.staticHost) : [])];
            return (
              <li key={c.id} className="review">
                {c.avatar ? <img className="review-avatar" src={c.avatar} alt="" /> : <span className="review-avatar" aria-hidden>{c.nickname.slice(0, 1).toUpperCase()}</span>}
                <div>
                  <div className="review-head">
                    <strong>{c.nickname || t('review.anonymous')}</strong>
                    <span className="muted">{formatDate(c.createdAt, lang)}</span>
                  </div>
                  {c.rating !== null ? <Stars rating={c.rating} /> : null}
                </div>
                <div className="review-body">
                  <p>{c.content}</p>
                  {pictures.length ? (
                    <div className="review-pictures">
                      {pictures.map((src, i) => (
                        <button key={src} type="button" className="review-picture" aria-label={t('review.picture-open', { n: i + 1 })} onClick={() => void import('@/lib/overlays').then(({ ImageViewer }) => ImageViewer.Multi.show({ images: pictures, defaultIndex: i }))}>
                          <Picture src={src} width={64} height={64} alt="" lazy />
                        </button>
                      ))}
                    </div>
                  ) : null}
                  {c.reply ? (
                    <div className="review-reply">
                      <strong>{t('review.shop-reply')}</strong>
                      {c.reply}
                    </div>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      ) : pages[0]?.isPending ? (
        <p className="muted">{t('review.loading')}</p>
      ) : pages[0]?.isError ? null : (
        <p className="muted">{t('shop.no-comments')}</p>
      )}
      {failed ? (
        <p className="review-more-error" role="alert">
          {t('review.load-failed')}{' '}
          <Button size="small" fill="none" color="primary" onClick={() => void Promise.all(pages.filter((p) => p.isError).map((p) => p.refetch()))}>
            {t('review.retry')}
          </Button>
        </p>
      ) : null}
      {!failed && items.length < total && !loadingMore && last?.data ? (
        <Button block fill="outline" className="review-more" onClick={() => setPageCount((n) => n + 1)}>
          {t('review.more', { shown: items.length, total })}
        </Button>
      ) : null}
      {loadingMore ? <Button block fill="outline" className="review-more" loading disabled>{t('review.loading')}</Button> : null}
    </section>
  );
}
