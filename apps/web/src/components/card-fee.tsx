import { SERVICE_FEE_PERCENT } from '@simshop/contract';
import { runtime } from '@/config/runtime';
import { useTranslation } from '@/i18n';
import './card-fee.css';

/** Whether this shop takes cards: only then is there a fee to quote (the other methods add none). */
export const takesCards = (): boolean => runtime.cardPayments === 'on';

/** The card fee as a percentage, written as the shop writes it ("4.5"). */
export const cardFeePercent = String(SERVICE_FEE_PERCENT);

/**
 * The card fee said next to a price (the goods page, the cart), so the payment step brings no new
 * number: the whole rule, or a short "+4.5 %" where space is tight. Nothing when cards are not taken.
 */
export function CardFeeNote({ short = false, className = 'fee-note' }: { short?: boolean; className?: string }) {
  const { t } = useTranslation();
  if (!takesCards()) return null;
  return <span className={className}>{t(short ? 'payment.card-fee.short' : 'payment.card-fee.rule', { percent: cardFeePercent })}</span>;
}
