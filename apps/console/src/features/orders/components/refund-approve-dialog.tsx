import { type AdminOrderDetail, adminOrderRefundApproveRequest } from '@simshop/contract';
import { Form, InputNumber, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormOutcome } from '@/lib/form-errors';
import { formatMoney } from '@/lib/format';
import { useOrderRefundApprove } from '../api/order-refund-approve';
import { zodRules } from '@/lib/zod-rules';
import { EsimRefundContext } from './esim-refund-context';

interface Values {
  kind: 'full' | 'partial';
  amount?: number;
}

/**
 * Approves a requested refund: the whole total, or a part typed in the currency's major unit
 * (the server takes minor units and refuses more than the total, as this form does).
 */
export function RefundApproveDialog({ order, open, onClose }: { order: AdminOrderDetail; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const outcome = useFormOutcome(form);
  const approve = useOrderRefundApprove();
  const kind = Form.useWatch('kind', form);
  const total = formatMoney(order.total, order.currency);
  return (
    <Modal open={open} title={t('orders.refund.title', { orderNo: order.orderNo })} okText={t('orders.action.refund-approve')} cancelText={t('console.cancel')} confirmLoading={approve.isPending} onCancel={onClose} onOk={() => form.submit()} destroyOnHidden width={640}>
      {/* What was installed and used, for an order that delivered eSIMs (nothing for the others). */}
      {order.items.some((i) => i.kind === 'esim') ? <EsimRefundContext orderNo={order.orderNo} /> : null}
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ kind: 'full' }}
        onFinish={(values) =>
          approve.mutate(
            { orderNo: order.orderNo, ...(values.kind === 'partial' && values.amount !== undefined ? { amount: Math.round(values.amount * 100) } : {}) },
            outcome(t('orders.refund.done'), onClose),
          )
        }
      >
        <Form.Item name="kind" label={t('orders.refund.kind')}>
          <Radio.Group
            options={[
              { value: 'full', label: t('orders.refund.full', { amount: total }) },
              { value: 'partial', label: t('orders.refund.partial') },
            ]}
          />
        </Form.Item>
        {kind === 'partial' ? (
          <Form.Item
            name="amount"
            label={t('orders.refund.amount')}
            extra={t('orders.refund.amount-hint', { amount: total })}
            validateFirst
            rules={[
              // Major units here, minor units on the wire; a part is needed once "partial" is chosen.
              ...zodRules(adminOrderRefundApproveRequest, t)('amount', { required: true, toWire: (v) => Math.round(Number(v) * 100), message: t('res.refund.amount') }),
              // At most the order's total: the server checks it against the order, not the schema.
              { validator: (_, v: number | undefined) => (v === undefined || (Math.round(v * 100) > 0 && Math.round(v * 100) <= order.total) ? Promise.resolve() : Promise.reject(new Error(t('res.refund.amount')))) },
            ]}
          >
            <InputNumber<number> prefix={order.currency} min={0} step={1} precision={2} style={{ width: 200 }} autoFocus />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
