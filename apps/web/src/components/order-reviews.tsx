import { Button } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/i18n';
import type { OrderDetail } from '@simshop/contract';
import { paths } from '@/config/paths';
import { openPage } from '@/lib/open-page';
import { orderReviewsQuery } from '@/features/reviews/api/order-reviews';
import { Stars } from './stars';
import { TitledCard } from '@/components/titled-card';
import './reviews.css';

/** On a received order: "Write a review" for each item not yet reviewed, the stars of those that are. */
export function OrderReviews({ order }: { order: Pick<OrderDetail, 'orderNo' | 'items'> }) {
  const { t } = useTranslation();
  const reviews = useQuery(orderReviewsQuery(order.orderNo));
  const shown = (reviews.data?.items ?? []).filter((r) => r.canReview || r.review);
  if (!shown.length) return null;
  return (
    <TitledCard id="order-reviews-title" level={3} title={t('review.order-title')}>
      {shown.map((r) => {
        const line = order.items.find((i) => i.id === r.orderItemId);
        return (
          <div key={r.orderItemId} className="order-review">
            <span className="order-review-name">{line?.name}</span>
            {r.review ? (
              <span>
                <Stars rating={r.review.rating ?? 0} /> <span className="muted">{t(r.review.reply ? 'review.replied' : 'review.written')}</span>
              </span>
            ) : (
              <Button size="small" color="primary" fill="outline" onClick={() => openPage(paths['review-write'].getHref({ orderNo: order.orderNo, item: String(r.orderItemId) }))}>
                {t('review.write')}
              </Button>
            )}
          </div>
        );
      })}
    </TitledCard>
  );
}
