import { type AdminOrderDetail, adminOrderRefundRejectRequest } from '@simshop/contract';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormOutcome } from '@/lib/form-errors';
import { focusFieldOnceOpen } from '@/lib/motion';
import { useOrderRefundReject } from '../api/order-refund-reject';
import { zodRules } from '@/lib/zod-rules';

/** Rejects a requested refund with a reason the order's history keeps; the order goes back to where it was. */
export function RefundRejectDialog({ order, open, onClose }: { order: AdminOrderDetail; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const outcome = useFormOutcome(form);
  const reject = useOrderRefundReject();
  return (
    <Modal open={open} title={t('orders.reject.title', { orderNo: order.orderNo })} okText={t('orders.action.refund-reject')} okButtonProps={{ danger: true }} cancelText={t('console.cancel')} confirmLoading={reject.isPending} onCancel={onClose} onOk={() => form.submit()} afterOpenChange={focusFieldOnceOpen(form, 'reason')} destroyOnHidden>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) =>
          reject.mutate(
            { orderNo: order.orderNo, reason: values.reason },
            outcome(t('orders.reject.done'), onClose),
          )
        }
      >
        <Form.Item name="reason" label={t('orders.reject.reason')} rules={zodRules(adminOrderRefundRejectRequest, t)('reason')}>
          <Input.TextArea rows={3} maxLength={200} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
