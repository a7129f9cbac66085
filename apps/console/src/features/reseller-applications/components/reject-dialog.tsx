import { type AdminResellerApplication, adminResellerApplicationRejectRequest } from '@simshop/contract';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormOutcome } from '@/lib/form-errors';
import { focusFieldOnceOpen } from '@/lib/motion';
import { zodRules } from '@/lib/zod-rules';
import { useRejectResellerApplication } from '../api/reseller-applications';

/** Rejects at the version read, with the reason the customer reads on their page and in the email. */
export function RejectDialog({ application, open, onClose }: { application: AdminResellerApplication; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const outcome = useFormOutcome(form);
  const reject = useRejectResellerApplication();
  const send = ({ reason }: { reason: string }) => reject.mutate({ id: application.id, version: application.version, reason }, outcome(t('reseller-applications.reject.done'), onClose));
  return (
    <Modal open={open} title={t('reseller-applications.reject.title', { name: application.businessName })} okText={t('reseller-applications.reject')} okButtonProps={{ danger: true }} cancelText={t('console.cancel')} confirmLoading={reject.isPending} onCancel={onClose} onOk={() => form.submit()} afterOpenChange={focusFieldOnceOpen(form, 'reason')} destroyOnHidden>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={send}>
        <Form.Item name="reason" label={t('reseller-applications.reject.reason')} rules={zodRules(adminResellerApplicationRejectRequest, t)('reason')}>
          <Input.TextArea rows={3} maxLength={500} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
