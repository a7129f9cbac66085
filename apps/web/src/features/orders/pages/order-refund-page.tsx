import { Button, TextArea } from 'antd-mobile';
import { RadioChoices } from '@/components/tick';
import { useState } from 'react';
import { useTranslation } from '@/i18n';
import { useNavigate, useSearchParams } from '@/lib/router';
import { REFUND_REASONS } from '@simshop/contract';
import { PageLayout } from '@/components/page-layout';
import { paths } from '@/config/paths';
import { toast } from '@/lib/toast';
import { useOrder } from '../api/get-order';
import { useRequestRefund } from '../api/request-refund';
import { RefundNowOffer, useRefundNowFlow } from '../components/refund-now';

/** Refund (SPEC §5): a reason must be chosen, unless the shop refunds the order at once by rule ("Refund now" above the form). */
export function OrderRefundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const requestRefund = useRequestRefund();
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo') ?? '';
  const [reason, setReason] = useState<(typeof REFUND_REASONS)[number] | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const order = useOrder(orderNo);
  const refundNow = useRefundNowFlow();
  const instant = order.data?.instantRefund ? order.data : null;

  const submit = async () => {
    if (!reason) return setError('validation.refund_reason');
    try {
      await requestRefund.mutateAsync({ orderNo, reason, note });
      toast.success(t('order.refund.sent'));
      void navigate(paths['order-detail'].getHref({ orderNo }), { replace: true });
    } catch {
      // The toast says why.
    }
  };

  return (
    <PageLayout title={t('route.order-refund')}>
      {instant?.instantRefund ? (
        <>
          <RefundNowOffer until={instant.instantRefund.until} />
          <section className="card">
            <Button
              block
              color="primary"
              onClick={() =>
                void refundNow(instant)
                  .then((done) => (done ? navigate(paths['order-detail'].getHref({ orderNo }), { replace: true }) : undefined))
                  .catch(() => undefined)
              }
            >
              {t('order.refund-now.action')}
            </Button>
          </section>
        </>
      ) : null}
      <section className="card form">
        <div className={error ? 'field field--error' : 'field'}>
          <span className="field-label" id="refund-reason-label">{t('order.refund.reason')}</span>
          <RadioChoices
            labelledBy="refund-reason-label"
            value={reason}
            onChange={(v: (typeof REFUND_REASONS)[number]) => { setReason(v); setError(null); }}
            options={REFUND_REASONS.map((r) => ({ value: r, label: t(`order.refund.reason.${r}`) }))}
          />
          {error ? <span className="field-error" role="alert">{t(error)}</span> : null}
        </div>
        <label className="field">
          <span className="field-label">{t('order.refund.note')}</span>
          <TextArea value={note} onChange={setNote} maxLength={500} rows={3} />
        </label>
        <Button block color="primary" loading={requestRefund.isPending} onClick={() => void submit()}>{t('order.refund.submit')}</Button>
      </section>
    </PageLayout>
  );
}
