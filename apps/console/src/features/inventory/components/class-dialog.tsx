import { classOpenRequest, EsimClass, type EsimClass as EsimClassValue, esimClassLabelKey } from '@simshop/contract';
import { App, Form, InputNumber, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/form-errors';
import { useOpenClass } from '../api/class-open';
import { zodRules } from '@/lib/zod-rules';

const CLASSES = Object.values(EsimClass).filter((c) => c !== EsimClass.unknown);

export interface ClassTarget {
  skuId: number;
  skuCode: string;
  name: string;
  currency: string;
  class?: EsimClassValue;
  sort?: number;
  /** Minor units. */
  unitPrice?: number;
}

interface Values {
  class: EsimClassValue;
  sort: number;
  unitPrice: number;
}

/**
 * Opens a pool SKU to resellers (Manage eSIM → generate) as an eSIM class, or changes its class,
 * place in their list and price. The price is the SKU's wholesale price.
 */
export function ClassDialog({ target, onClose }: { target: ClassTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const rules = zodRules(classOpenRequest, t);
  const open = useOpenClass();

  const submit = (values: Values) =>
    open.mutate(
      { skuId: target!.skuId, class: values.class, sort: values.sort, unitPrice: Math.round(values.unitPrice * 100) },
      {
        onSuccess: () => {
          void message.success(t('inventory.class.saved', { code: target!.skuCode }));
          onClose();
        },
        onError: (e) => {
          const field = e instanceof ApiError ? e.field : null;
          if (field === 'class' || field === 'sort' || field === 'unitPrice') form.setFields([{ name: field, errors: [errorText(e, t)] }]);
          else void message.error(errorText(e, t));
        },
      },
    );

  return (
    <Modal
      open={target !== null}
      title={target?.class === undefined ? t('inventory.class.open') : t('inventory.class.edit')}
      okText={t('console.save')}
      cancelText={t('console.cancel')}
      confirmLoading={open.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {target ? (
        <Form<Values>
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={{ class: target.class ?? EsimClass.self, sort: target.sort ?? 0, unitPrice: (target.unitPrice ?? 0) / 100 }}
          onFinish={submit}
        >
          <Typography.Paragraph>
            <Typography.Text code>{target.skuCode}</Typography.Text> {target.name}
          </Typography.Paragraph>
          <Form.Item name="class" label={t('inventory.class')} rules={rules('class')}>
            <Select options={CLASSES.map((c) => ({ value: c, label: `${t(esimClassLabelKey(c))} (${c})` }))} />
          </Form.Item>
          <Form.Item name="unitPrice" label={t('inventory.class.price')} extra={t('inventory.class.price-help')} rules={rules('unitPrice', { toWire: (v) => Math.round(Number(v) * 100) })}>
            <InputNumber min={0} max={1_000_000} precision={2} prefix={target.currency === 'CNY' ? '¥' : '$'} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="sort" label={t('inventory.class.sort')} extra={t('inventory.class.sort-help')} rules={rules('sort')}>
            <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      ) : null}
    </Modal>
  );
}
