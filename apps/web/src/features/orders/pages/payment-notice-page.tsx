import { orderStatusLabelKey } from '@simshop/contract';
import { Button, ResultPage } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from '@/lib/router';
import { PageLayout } from '@/components/page-layout';
import { LoadingState } from '@/components/page-states';
import { paths } from '@/config/paths';
import { useLanguage, useTranslation } from '@/i18n';
import { orderQuery } from '../api/get-order';
import { DeliveredGoods } from '../components/delivered-goods';

/** The payment return address (SPEC §2): shows the server's state, checking again for 30 s while unpaid, and what the order delivered. */
export function PaymentNoticePage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo') ?? '';
  // Measured once: the 30 s of checking start when the page opens.
  const [started] = useState(() => Date.now());
  const order = useQuery({
    ...orderQuery(orderNo, lang),
    // Also while the paid order's eSIMs are being issued, so their links appear here (issue 11).
    refetchInterval: (q) => {
      const d = q.state.data;
      const age = Date.now() - started;
      return (d?.status === 'unpaid' && age < 30_000) || (d?.fulfilment === 'issuing' && age < 60_000) ? 2000 : false;
    },
  });
  const title = t('route.payment-notice');
  if (order.isPending) return <PageLayout title={title}><LoadingState /></PageLayout>;
  const status = order.data?.status;
  const paid = status !== undefined && status !== 'unpaid' && status !== 'invalid';
  return (
    <PageLayout title={title}>
      <ResultPage
        status={paid ? 'success' : status === 'unpaid' ? 'waiting' : 'warning'}
        title={paid ? t('order.paid') : status === 'unpaid' ? t('order.not-paid') : t('error.payment.status')}
        description={status ? `${t('order.no')} ${orderNo} · ${t(orderStatusLabelKey(status))}` : ''}
      >
        {order.data ? <DeliveredGoods order={order.data} /> : null}
      </ResultPage>
      <div className="action-bar">
        <Button color="primary" onClick={() => void navigate(paths['order-detail'].getHref({ orderNo }), { replace: true })}>{t('order.view')}</Button>
        <Button onClick={() => void navigate(paths.home.path)}>{t('order.home')}</Button>
      </div>
    </PageLayout>
  );
}
