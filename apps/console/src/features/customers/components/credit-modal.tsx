import { BALANCE_CREDIT_MAX, balanceCreditRequest, type Currency, formatMoney } from '@simshop/contract';
import { Form, Input, InputNumber, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormOutcome } from '@/lib/form-errors';
import { useCreditBalance } from '../api/balance-credit';
import { zodRules } from '@/lib/zod-rules';

/** Major units typed, minor units sent: 12.5 is 1250; a part of a cent stays a fraction, which the schema refuses. */
function toMinorUnits(value: unknown): number {
  const cents = Number(value) * 100;
  return Math.abs(Math.round(cents) - cents) < 1e-6 ? Math.round(cents) : cents;
}

interface Values {
  currency: Currency;
  amount: number;
  reason: string;
}

/** Finance adds money to a reseller balance: an amount in major units and the reason the ledger keeps. */
export function CreditModal({ customerId, currency, open, onClose }: { customerId: number; currency: Currency; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const outcome = useFormOutcome(form);
  const credit = useCreditBalance();
  const max = BALANCE_CREDIT_MAX / 100;
  const rules = zodRules(balanceCreditRequest, t);

  return (
    <Modal
      open={open}
      title={t('customers.credit.title')}
      okText={t('customers.balance.credit')}
      cancelText={t('console.cancel')}
      confirmLoading={credit.isPending}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('customers.credit.hint')}</Typography.Paragraph>
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ currency }}
        onFinish={(v) =>
          credit.mutate(
            { id: customerId, currency: v.currency, amount: Math.round(v.amount * 100), reason: v.reason.trim() },
            outcome((r) => t('customers.credit.done', { amount: formatMoney(r.balance.amount, r.balance.currency) }), onClose),
          )
        }
      >
        <Form.Item name="currency" label={t('customers.credit.currency')}>
          <Select options={(['USD', 'CNY'] as const).map((c) => ({ value: c, label: c }))} />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('customers.credit.amount')}
          rules={rules('amount', { toWire: toMinorUnits, message: t('customers.credit.amount.invalid', { max: max.toLocaleString() }) })}
        >
          <InputNumber min={0} max={max} step={1} precision={2} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="reason" label={t('customers.credit.reason')} rules={rules('reason', { message: t('customers.credit.reason.required') })}>
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
