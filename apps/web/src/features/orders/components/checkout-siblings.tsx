import type { OrderDetail } from '@simshop/contract';
import { useTranslation } from '@/i18n';
import { Link } from '@/lib/router';
import { paths } from '@/config/paths';
import { money } from '@/lib/money';
import { OrderStatusText } from './order-status';
import '../checkout.css';

/**
 * The other orders paid with this one (one per merchant of the same checkout), each a
 * link to its own page — every merchant's part is tracked and refunded on its own.
 */
export function CheckoutSiblings({ checkout, current, currency }: { checkout: NonNullable<OrderDetail['checkout']>; current: string; currency: string }) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="checkout-siblings-title" data-checkout-no={checkout.checkoutNo}>
      <div className="checkout-part-head">
        <h2 id="checkout-siblings-title">{t('checkout.siblings')}</h2>
        <span className="muted">{money(checkout.total, currency)}</span>
      </div>
      <ul className="checkout-siblings">
        {checkout.orders.map((o) => (
          <li key={o.orderNo}>
            <span>
              {o.orderNo === current ? (
                <strong>
                  {o.merchant.name} ({t('checkout.this-order')})
                </strong>
              ) : (
                <Link className="link" to={paths['order-detail'].getHref({ orderNo: o.orderNo })}>
                  {o.merchant.name}
                </Link>
              )}
              <span className="muted"> · {t('checkout.items', { count: o.itemCount })} · {money(o.total, currency)}</span>
            </span>
            <OrderStatusText status={o.status} />
          </li>
        ))}
      </ul>
    </section>
  );
}
