import { type AdminOrderDetail, adminOrderShipRequest, type Carrier, carrierLabelKey, isTrackingNo, PARCEL_CARRIERS } from '@simshop/contract';
import { Checkbox, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormOutcome } from '@/lib/form-errors';
import { useOrderShip } from '../api/order-ship';
import { zodRules } from '@/lib/zod-rules';

interface Values {
  carrier: Carrier;
  trackingNo: string;
  partial: boolean;
}

/** Ships a paid physical order: a carrier from the contract's list and its tracking number, checked as the server checks it. */
export function ShipDialog({ order, open, onClose }: { order: AdminOrderDetail; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const outcome = useFormOutcome(form);
  const ship = useOrderShip();
  const rules = zodRules(adminOrderShipRequest, t);
  return (
    <Modal open={open} title={t('orders.ship.title', { orderNo: order.orderNo })} okText={t('orders.action.ship')} cancelText={t('console.cancel')} confirmLoading={ship.isPending} onCancel={onClose} onOk={() => form.submit()} destroyOnHidden>
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ carrier: order.carrier && order.carrier !== 'online' ? order.carrier : 'sf', trackingNo: '', partial: false }}
        onFinish={(values) =>
          ship.mutate(
            { orderNo: order.orderNo, ...values },
            outcome(t('orders.ship.done'), onClose),
          )
        }
      >
        <Form.Item name="carrier" label={t('orders.ship.carrier')} rules={rules('carrier')}>
          <Select showSearch optionFilterProp="label" options={PARCEL_CARRIERS.map((c) => ({ value: c, label: t(carrierLabelKey(c)) }))} />
        </Form.Item>
        <Form.Item
          name="trackingNo"
          label={t('orders.ship.tracking-no')}
          dependencies={['carrier']}
          validateFirst
          rules={[
            ...rules('trackingNo', { required: true }),
            // The carrier's own format, as the server checks it: it needs both fields, so it is not the field's schema.
            ({ getFieldValue }) => ({ validator: (_, v: string) => (!v || isTrackingNo(getFieldValue('carrier') as string, v.trim()) ? Promise.resolve() : Promise.reject(new Error(t('res.tracking-no.invalid')))) }),
          ]}
        >
          <Input autoComplete="off" maxLength={40} />
        </Form.Item>
        {order.partialShipAllowed ? (
          <Form.Item name="partial" valuePropName="checked" style={{ marginBottom: 0 }}>
            <Checkbox>{t('orders.ship.partial')}</Checkbox>
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
