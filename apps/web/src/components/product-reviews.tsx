import { Image, ImageViewer } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { parseImageString, type ProductDetail } from '@simshop/contract';
import { runtime } from '@/config/runtime';
import { useLanguage } from '@/i18n';
import { productReviewsQuery } from '@/lib/review-queries';
import { Stars } from './stars';
import './reviews.css';

/** The goods page's reviews: the average and count, then each review with avatar, stars, pictures and the shop's reply. */
export function ProductReviews({ product }: { product: Pick<ProductDetail, 'id' | 'commentCount' | 'ratingAverage' | 'ratingCount'> }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const reviews = useQuery(productReviewsQuery(product.id));
  const items = reviews.data?.items ?? [];
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
                    <strong>{c.nickname}</strong>
                    <span className="muted">{new Date(c.createdAt).toLocaleDateString(lang)}</span>
                  </div>
                  {c.rating !== null ? <Stars rating={c.rating} /> : null}
                </div>
                <div className="review-body">
                  <p>{c.content}</p>
                  {pictures.length ? (
                    <div className="review-pictures">
                      {pictures.map((src, i) => (
                        <button key={src} type="button" className="review-picture" aria-label={t('review.picture-open', { n: i + 1 })} onClick={() => ImageViewer.Multi.show({ images: pictures, defaultIndex: i })}>
                          <Image src={src} width={64} height={64} fit="cover" alt="" />
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
      ) : (
        <p className="muted">{t('shop.no-comments')}</p>
      )}
    </section>
  );
}
