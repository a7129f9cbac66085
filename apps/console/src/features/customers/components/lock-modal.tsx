import { type AdminBalance, balanceLockRequest } from '@simshop/contract';
import { Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormOutcome } from '@/lib/form-errors';
import { useLockBalance } from '../api/balance-lock';
import { zodRules } from '@/lib/zod-rules';

/** Locks a balance (it pays for nothing) or unlocks it, with the reason the audit log keeps. */
export function LockModal({ customerId, balance, onClose }: { customerId: number; balance: AdminBalance | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const outcome = useFormOutcome(form);
  const lock = useLockBalance();
  const locking = balance ? !balance.locked : true;

  return (
    <Modal
      open={balance !== null}
      title={balance ? t(locking ? 'customers.lock.title' : 'customers.unlock.title', { currency: balance.currency }) : ''}
      okText={t(locking ? 'customers.balance.lock' : 'customers.balance.unlock')}
      okButtonProps={{ danger: locking }}
      cancelText={t('console.cancel')}
      confirmLoading={lock.isPending}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {locking ? <Typography.Paragraph type="secondary">{t('customers.lock.hint')}</Typography.Paragraph> : null}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(v) =>
          balance &&
          lock.mutate(
            { id: customerId, currency: balance.currency, locked: locking, reason: v.reason.trim() },
            outcome(t(locking ? 'customers.lock.done' : 'customers.unlock.done'), onClose),
          )
        }
      >
        <Form.Item name="reason" label={t('customers.credit.reason')} rules={zodRules(balanceLockRequest, t)('reason', { message: t('customers.credit.reason.required') })}>
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
