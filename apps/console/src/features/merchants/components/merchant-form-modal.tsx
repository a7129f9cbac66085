import { type AdminMerchant, adminMerchantCommissionRequest, adminMerchantCreateRequest } from '@simshop/contract';
import { Form, Input, InputNumber, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { MediaPicker } from '@/components/media-picker/media-picker';
import { useFormOutcome } from '@/lib/form-errors';
import { useCreateMerchant, useSetMerchantCommission, useUpdateMerchant } from '../api/merchants';
import { zodRules } from '@/lib/zod-rules';

interface Values {
  name: { en: string; zh: string };
  logo: string;
  description: { en: string; zh: string };
  contactEmail: string;
  contactPhone: string;
  returnAddress: string;
  commissionPercent?: number;
}

/** The form says percent, the request basis points. */
const percentToBps = (v: unknown) => Math.round(Number(v) * 100);

/** Adds a merchant (with its commission) or edits one's profile; the server's refusals show by their field. */
export function MerchantFormModal({ merchant, open, onClose }: { merchant: AdminMerchant | null; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const outcome = useFormOutcome(form);
  const create = useCreateMerchant();
  const update = useUpdateMerchant();
  const saving = create.isPending || update.isPending;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      merchant
        ? { name: merchant.name, logo: merchant.logo ?? '', description: merchant.description, contactEmail: merchant.contactEmail, contactPhone: merchant.contactPhone, returnAddress: merchant.returnAddress }
        : { name: { en: '', zh: '' }, logo: '', description: { en: '', zh: '' }, contactEmail: '', contactPhone: '', returnAddress: '', commissionPercent: 10 },
    );
  }, [open, merchant, form]);

  const submit = (v: Values) => {
    const profile = { name: v.name, logo: v.logo.trim() === '' ? null : v.logo.trim(), description: { en: v.description.en ?? '', zh: v.description.zh ?? '' }, contactEmail: v.contactEmail ?? '', contactPhone: v.contactPhone ?? '', returnAddress: v.returnAddress ?? '' };
    if (merchant) update.mutate({ id: merchant.id, version: merchant.version, ...profile }, outcome(t('console.saved'), onClose));
    else create.mutate({ ...profile, commissionBps: Math.round((v.commissionPercent ?? 0) * 100) }, outcome(t('console.saved'), onClose));
  };

  const rules = zodRules(adminMerchantCreateRequest, t);
  return (
    <Modal open={open} title={merchant ? t('merchants.edit.title', { name: merchant.name.en }) : t('merchants.new')} onCancel={onClose} onOk={() => form.submit()} okText={t('console.save')} cancelText={t('console.cancel')} confirmLoading={saving} width={640} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={submit} requiredMark="optional">
        <Form.Item name={['name', 'en']} label={t('merchants.name.en')} rules={rules('name.en')}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name={['name', 'zh']} label={t('merchants.name.zh')} rules={rules('name.zh')}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="logo" label={t('merchants.logo')} extra={t('merchants.logo.hint')} rules={rules('logo')}>
          <MediaPicker label={t('merchants.logo')} ratio="1:1" allowClear />
        </Form.Item>
        <Form.Item name={['description', 'en']} label={t('merchants.description.en')} rules={rules('description.en')}>
          <Input.TextArea rows={2} maxLength={1000} />
        </Form.Item>
        <Form.Item name={['description', 'zh']} label={t('merchants.description.zh')} rules={rules('description.zh')}>
          <Input.TextArea rows={2} maxLength={1000} />
        </Form.Item>
        <Form.Item name="contactEmail" label={t('merchants.contact-email')} rules={rules('contactEmail')}>
          <Input type="email" maxLength={120} />
        </Form.Item>
        <Form.Item name="contactPhone" label={t('merchants.contact-phone')} rules={rules('contactPhone')}>
          <Input maxLength={24} />
        </Form.Item>
        <Form.Item name="returnAddress" label={t('merchants.return-address')} rules={rules('returnAddress')}>
          <Input.TextArea rows={2} maxLength={300} />
        </Form.Item>
        {merchant ? null : (
          <Form.Item name="commissionPercent" label={t('merchants.commission.percent')} extra={t('merchants.commission.hint')} rules={rules('commissionBps', { toWire: percentToBps })}>
            <InputNumber min={0} max={100} step={0.5} precision={2} style={{ width: 160 }} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/** Sets a merchant's commission in percent (stored as basis points). */
export function CommissionModal({ merchant, onClose }: { merchant: AdminMerchant | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ commissionBps: number }>();
  const outcome = useFormOutcome(form);
  const save = useSetMerchantCommission();
  useEffect(() => {
    if (merchant) form.setFieldsValue({ commissionBps: merchant.commissionBps / 100 });
  }, [merchant, form]);
  return (
    <Modal open={merchant !== null} title={merchant ? t('merchants.set-commission.title', { name: merchant.name.en }) : ''} onCancel={onClose} onOk={() => form.submit()} okText={t('console.save')} cancelText={t('console.cancel')} confirmLoading={save.isPending} destroyOnHidden>
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) =>
          merchant &&
          save.mutate(
            { id: merchant.id, version: merchant.version, commissionBps: Math.round(v.commissionBps * 100) },
            outcome(t('console.saved'), onClose),
          )
        }
      >
        <Form.Item name="commissionBps" label={t('merchants.commission.percent')} extra={t('merchants.commission.hint')} rules={zodRules(adminMerchantCommissionRequest, t)('commissionBps', { toWire: percentToBps })}>
          <InputNumber min={0} max={100} step={0.5} precision={2} style={{ width: 160 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
