import { DEFAULT_INSTANT_REFUND_DAYS, INSTANT_REFUND_DAYS_MAX } from '@simshop/contract';
import { Card, Form, InputNumber, Skeleton, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { QueryError } from '@/components/query-error';
import { useFormOutcome } from '@/lib/form-errors';
import { useRefundSettings, useSaveRefundSettings } from '../api/refunds';
import { SaveBar } from '../components/save-bar';

type Values = { instantRefundDays: number };

/** Refunds: how long after payment an eSIM never installed is refunded at once, without staff (0 turns it off). */
export default function RefundSettingsPage() {
  const { t } = useTranslation();
  const query = useRefundSettings();
  const save = useSaveRefundSettings();
  const [form] = Form.useForm<Values>();
  const outcome = useFormOutcome(form);
  const settings = query.data;

  useEffect(() => {
    if (settings) form.setFieldsValue({ instantRefundDays: settings.instantRefundDays });
  }, [settings, form]);

  const submit = (values: Values) => {
    if (!settings) return;
    save.mutate({ version: settings.updatedAt, instantRefundDays: values.instantRefundDays }, outcome(t('settings.refunds.saved')));
  };

  return (
    <>
      <PageHeader title={t('settings.refunds.title')} subtitle={t('settings.refunds.subtitle')} />
      {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {!settings && !query.isError ? <Skeleton active /> : null}
      {settings ? (
        <Form<Values> form={form} layout="vertical" onFinish={submit} requiredMark={false} style={{ maxWidth: 640 }}>
          <Card title={t('settings.refunds.instant')} style={{ marginBottom: 16 }}>
            <Form.Item
              name="instantRefundDays"
              label={t('settings.refunds.days')}
              extra={t('settings.refunds.days.help')}
              rules={[{ required: true, type: 'integer', min: 0, max: INSTANT_REFUND_DAYS_MAX, message: t('settings.refunds.days.invalid', { max: INSTANT_REFUND_DAYS_MAX }) }]}
            >
              <InputNumber min={0} max={INSTANT_REFUND_DAYS_MAX} precision={0} suffix={t('settings.refunds.days.unit')} style={{ width: 200 }} />
            </Form.Item>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
              {t('settings.refunds.installed')}
            </Typography.Paragraph>
          </Card>
          <SaveBar label={t('settings.refunds.save')} saving={save.isPending} updatedAt={settings.updatedAt} neverSaved={t('settings.refunds.default', { days: DEFAULT_INSTANT_REFUND_DAYS })} />
        </Form>
      ) : null}
    </>
  );
}
