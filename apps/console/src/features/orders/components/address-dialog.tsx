import { adminOrderAddressRequest, type AdminOrderDetail, isContactPhone, type OrderAddress } from '@simshop/contract';
import { Col, Form, Input, Modal, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormOutcome } from '@/lib/form-errors';
import { useOrderModifyAddress } from '../api/order-modify-address';
import { zodRules } from '@/lib/zod-rules';

const EMPTY: OrderAddress = { name: '', company: '', tel: '', email: '', country: '', province: '', city: '', district: '', postCode: '', detail: '' };

/** Changes the delivery address of an order that has not shipped (the customer asked by message or phone). */
export function AddressDialog({ order, open, onClose }: { order: AdminOrderDetail; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ address: OrderAddress }>();
  const outcome = useFormOutcome(form);
  const modify = useOrderModifyAddress();
  const rules = zodRules(adminOrderAddressRequest, t);
  const field = (name: keyof OrderAddress, label: string, max = 60) => (
    <Form.Item name={['address', name]} label={t(`orders.address.${label}`)} rules={rules(`address.${name}`)}>
      <Input maxLength={max} />
    </Form.Item>
  );
  return (
    <Modal open={open} width={640} title={t('orders.address.title', { orderNo: order.orderNo })} okText={t('console.save')} cancelText={t('console.cancel')} confirmLoading={modify.isPending} onCancel={onClose} onOk={() => form.submit()} destroyOnHidden>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ address: { ...EMPTY, ...order.address } }}
        onFinish={(values) =>
          modify.mutate(
            { orderNo: order.orderNo, address: values.address },
            outcome(t('orders.address.done'), onClose),
          )
        }
      >
        <Row gutter={16}>
          <Col span={12}>{field('name', 'name', 50)}</Col>
          <Col span={12}>
            {/* Checked against the address's country, as the server does: re-checked when the country changes. */}
            <Form.Item
              name={['address', 'tel']}
              label={t('orders.address.tel')}
              dependencies={[['address', 'country']]}
              validateFirst
              rules={[
                ...rules('address.tel'),
                // Valid in the address's country, as the request's own check says: it needs both fields.
                ({ getFieldValue }) => ({
                  validator: (_: unknown, v: string) => (!v || isContactPhone(v.trim(), String(getFieldValue(['address', 'country']) ?? '')) ? Promise.resolve() : Promise.reject(new Error(t('orders.address.tel-invalid')))),
                }),
              ]}
            >
              <Input maxLength={30} />
            </Form.Item>
          </Col>
          <Col span={12}>{field('email', 'email', 120)}</Col>
          <Col span={12}>{field('company', 'company', 100)}</Col>
          <Col span={12}>{field('country', 'country')}</Col>
          <Col span={12}>{field('province', 'province')}</Col>
          <Col span={12}>{field('city', 'city')}</Col>
          <Col span={12}>{field('district', 'district')}</Col>
          <Col span={8}>{field('postCode', 'post-code', 12)}</Col>
          <Col span={16}>{field('detail', 'detail', 200)}</Col>
        </Row>
      </Form>
    </Modal>
  );
}
