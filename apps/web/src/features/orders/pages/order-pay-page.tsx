import { orderStatusLabelKey } from '@simshop/contract';
import { Button } from 'antd-mobile';
import { RadioChoices } from '@/components/tick';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/i18n';
import { useNavigate, useSearchParams } from '@/lib/router';
import type { OrderDetail, PayMethod, ResponseOf } from '@simshop/contract';
import { PageLayout } from '@/components/page-layout';
import { allQueries, EmptyState, ErrorState, QueryState } from '@/components/page-states';
import { TitledCard } from '@/components/titled-card';
import { paths } from '@/config/paths';
import { money } from '@/lib/money';
import { isWeChatBrowser } from '@/lib/open-page';
import { useOrder } from '../api/get-order';
import { usePayOrder } from '../api/pay-order';
import { usePaymentMethods } from '../api/payment-methods';
import { payChoices } from '../pay-options';
import '../checkout.css';

function useCountdown(until: number | null | undefined) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (!until) return null;
  const left = Math.max(0, until - now);
  return `${Math.floor(left / 60_000)}:${String(Math.floor((left % 60_000) / 1000)).padStart(2, '0')}`;
}

/** Order pay (SPEC §2, DESIGN §4): only the methods this order can use here, each with its fee, and the hand-over. */
export function OrderPayPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo') ?? '';
  const order = useOrder(orderNo);
  const methods = usePaymentMethods(orderNo);
  return (
    <PageLayout title={t('route.order-pay')}>
      <QueryState query={allQueries(order, methods)}>{([o, m]) => <PayForm orderNo={orderNo} order={o} methods={m} />}</QueryState>
    </PageLayout>
  );
}

function PayForm({ orderNo, order, methods }: { orderNo: string; order: OrderDetail; methods: ResponseOf<'order', 'payment_methods'> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const payOrder = usePayOrder();
  const [method, setMethod] = useState<PayMethod | null>(null);
  const countdown = useCountdown(order.expiresAt);

  const choices = payChoices(methods.options, isWeChatBrowser(navigator.userAgent));
  const selected = choices.usable.find((o) => o.method === method) ?? choices.preferred;
  // Why a method the customer might look for is missing: said once, under the ones offered.
  const notes = [
    choices.wechatOutside ? t('payment.wechat.outside') : null,
    choices.balanceRefused?.reason ? t('payment.balance.short', { amount: money(choices.balanceRefused.balance ?? 0, methods.currency), reason: t(choices.balanceRefused.reason) }) : null,
  ].filter((n): n is string => n !== null);

  const pay = async () => {
    if (!selected) return;
    if (selected.method === 'wechat') return void navigate(paths['order-wepay'].getHref({ orderNo }));
    try {
      const res = await payOrder.mutateAsync({ orderNo, method: selected.method });
      if (res.paid) void navigate(paths['payment-notice'].getHref({ orderNo }), { replace: true });
      else if (res.redirectUrl) window.location.assign(res.redirectUrl);
    } catch {
      // The toast says why.
    }
  };

  if (order.status !== 'unpaid') {
    return (
      <>
        {/* Paid already is no error: the customer is told so, and where to follow the order. */}
        {order.status === 'invalid' || order.status === 'deleted' ? (
          <ErrorState title={t('order.pay.closed')} description={t(orderStatusLabelKey(order.status))} />
        ) : (
          <EmptyState title={t('order.pay.already-paid')} description={t(orderStatusLabelKey(order.status))} />
        )}
        <Button block onClick={() => void navigate(paths['order-detail'].getHref({ orderNo }))}>{t('order.view')}</Button>
      </>
    );
  }

  return (
    <>
      <section className="card pay-head">
        <div className="muted">{t('order.no')} {orderNo}</div>
        <div className="pay-amount">{money(selected?.total ?? order.total, methods.currency)}</div>
        {countdown ? <div className="muted">{t('order.pay-by', { time: countdown })}</div> : null}
      </section>
      {order.checkout ? (
        // This one payment covers the orders of every merchant in the checkout.
        <TitledCard id="pay-covers" title={t('checkout.paid-together', { count: order.checkout.orders.length })}>
          <ul className="checkout-siblings">
            {order.checkout.orders.map((o) => (
              <li key={o.orderNo}>
                <span>{o.merchant.name}</span>
                <span className="muted">{money(o.total, methods.currency)}</span>
              </li>
            ))}
          </ul>
        </TitledCard>
      ) : null}
      {choices.usable.length === 0 ? (
        <ErrorState title={t('payment.none')} description={[...notes, t('payment.none.desc')].join(' ')} />
      ) : (
        <section className="card" aria-labelledby="pay-method-title">
          <h2 className="card-title" id="pay-method-title">{t('order.pay-method')}</h2>
          <RadioChoices
            labelledBy="pay-method-title"
            value={selected?.method ?? null}
            onChange={(v: PayMethod) => setMethod(v)}
            optionClassName="pay-option"
            options={choices.usable.map((o) => ({
              value: o.method,
              label: (
                <>
                  <span>{t(`order.pay.${o.method}`)}</span>
                  {o.method === 'balance' && o.balance !== null ? <span className="muted"> · {t('order.pay.balance.left', { amount: money(o.balance, methods.currency) })}</span> : null}
                  <span className="muted"> · {o.serviceFee ? t('payment.method.fee', { fee: money(o.serviceFee, methods.currency) }) : t('payment.method.no-fee')}</span>
                </>
              ),
            }))}
          />
          {notes.map((note) => (
            <p key={note} className="pay-missing muted" role="note">{note}</p>
          ))}
        </section>
      )}
      {selected ? (
        <div className="action-bar">
          <Button block color="primary" size="large" loading={payOrder.isPending} onClick={() => void pay()}>
            {t('order.pay.submit', { amount: money(selected.total, methods.currency) })}
          </Button>
        </div>
      ) : null}
    </>
  );
}
