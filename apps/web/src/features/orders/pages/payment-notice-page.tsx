import { Button, ResultPage } from 'antd-mobile';
import { useNavigate, useSearchParams } from '@/lib/router';
import { PageLayout } from '@/components/page-layout';
import { ErrorState, QueryState } from '@/components/page-states';
import { paths } from '@/config/paths';
import { useTranslation } from '@/i18n';
import { useFollowedOrder } from '../api/get-order';
import { DeliveredGoods } from '../components/delivered-goods';
import { orderStatusKey } from '../components/order-status';

/** The payment return address (SPEC §2): shows the server's state, checking again for 30 s while unpaid, and what the order delivered. */
export function PaymentNoticePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo') ?? '';
  // Checked again while unpaid and while the paid order's eSIMs are being issued, so their links appear here.
  const order = useFollowedOrder(orderNo, { unpaid: true });
  const title = t('route.payment-notice');
  return (
    <PageLayout title={title}>
      <QueryState query={order}>
        {(o) => {
          const paid = o.status !== 'unpaid' && o.status !== 'invalid';
          const description = `${t('order.no')} ${orderNo} · ${t(orderStatusKey(o.status, { pickup: Boolean(o.pickupStore), kinds: o.items.map((i) => i.kind) }))}`;
          return (
            <>
              {paid || o.status === 'unpaid' ? (
                <ResultPage status={paid ? 'success' : 'waiting'} title={paid ? t('order.paid') : t('order.not-paid')} description={description}>
                  <DeliveredGoods order={o} />
                </ResultPage>
              ) : (
                // A closed order is a problem, shown as one: not inside the result page's coloured header.
                <ErrorState title={t('order.pay.closed')} description={description} />
              )}
              <div className="action-bar">
                <Button color="primary" onClick={() => void navigate(paths['order-detail'].getHref({ orderNo }), { replace: true })}>{t('order.view')}</Button>
                <Button onClick={() => void navigate(paths.home.path)}>{t('order.home')}</Button>
              </div>
            </>
          );
        }}
      </QueryState>
    </PageLayout>
  );
}
