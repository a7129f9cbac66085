import { useTranslation } from '@/i18n';
import './reviews.css';

/** A rating as five stars, read out as "4 out of 5 stars". */
export function Stars({ rating }: { rating: number }) {
  const { t } = useTranslation();
  const whole = Math.round(rating);
  return (
    <span className="stars" role="img" aria-label={t('review.stars', { rating })}>
      {'★'.repeat(whole)}
      <span className="stars-off">{'★'.repeat(5 - whole)}</span>
    </span>
  );
}
