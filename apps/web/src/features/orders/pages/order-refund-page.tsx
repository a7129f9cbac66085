import { Button, Radio, Space, TextArea } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { REFUND_REASONS } from '@simshop/contract';
import { PageLayout } from '@/components/page-layout';
import { paths } from '@/config/paths';
import { call } from '@/lib/api-client';
import { toast } from '@/lib/toast';

/** Refund (SPEC §5): a reason must be chosen. */
export function OrderRefundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo') ?? '';
  const [reason, setReason] = useState<(typeof REFUND_REASONS)[number] | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!reason) return setError('validation.refund_reason');
    setBusy(true);
    try {
      await call('order', 'refund', { orderNo, reason, note });
      await queryClient.invalidateQueries({ queryKey: ['orders'] });
      toast.success(t('order.refund.sent'));
      void navigate(paths['order-detail'].getHref({ orderNo }), { replace: true });
    } catch {
      // The toast says why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageLayout title={t('route.order-refund')}>
      <section className="card form">
        <div className={error ? 'field field--error' : 'field'}>
          <span className="field-label">{t('order.refund.reason')}</span>
          <Radio.Group value={reason} onChange={(v) => { setReason(v as (typeof REFUND_REASONS)[number]); setError(null); }}>
            <Space direction="vertical">
              {REFUND_REASONS.map((r) => (
                <Radio key={r} value={r}>{t(`order.refund.reason.${r}`)}</Radio>
              ))}
            </Space>
          </Radio.Group>
          {error ? <span className="field-error" role="alert">{t(error)}</span> : null}
        </div>
        <label className="field">
          <span className="field-label">{t('order.refund.note')}</span>
          <TextArea value={note} onChange={setNote} maxLength={500} rows={3} />
        </label>
        <Button block color="primary" loading={busy} onClick={() => void submit()}>{t('order.refund.submit')}</Button>
      </section>
    </PageLayout>
  );
}
