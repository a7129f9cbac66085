import { CUSTOMER_STATUSES, Role, roleLabelKey, type Customer, type CustomerStatus } from '@simshop/contract';
import { App, Card, Form, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/form-errors';
import { useCan } from '@/lib/staff-session';
import { useUpdateCustomer } from '../api/customer-update';
import { CustomerStatusTag } from './customer-status-tag';

/** Status, role and allow-reseller: each change asks first when it signs the customer out. */
export function AccessCard({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const can = useCan();
  const update = useUpdateCustomer();
  const account = customer.email ?? customer.tel ?? `#${customer.id}`;
  const editable = can('customers.write');

  const save = (change: { status?: CustomerStatus; role?: Role; canCreateReseller?: boolean }) =>
    update.mutateAsync({ id: customer.id, ...change }).then(
      () => void message.success(t('customers.saved')),
      (e: unknown) => void message.error(errorText(e, t)),
    );

  const confirm = (content: string, change: Parameters<typeof save>[0]) => modal.confirm({ title: t('console.confirm'), content, okText: t('console.confirm'), cancelText: t('console.cancel'), onOk: () => save(change) });

  return (
    <Card title={t('customers.access')} style={{ height: '100%' }}>
      <Form layout="horizontal" labelCol={{ flex: '150px' }} wrapperCol={{ flex: 1 }} labelAlign="left" labelWrap colon={false} style={{ marginBottom: -16 }}>
        <Form.Item label={t('customers.status')} htmlFor="customer-status">
          {editable ? (
            <Select<CustomerStatus>
              id="customer-status"
              value={customer.status}
              style={{ width: '100%', maxWidth: 220 }}
              disabled={update.isPending}
              options={CUSTOMER_STATUSES.map((s) => ({ value: s, label: t(`customers.status.${s}`) }))}
              onChange={(status) => confirm(t(status === 'active' ? 'customers.confirm.status' : 'customers.confirm.status-signout', { account, status: t(`customers.status.${status}`) }), { status })}
            />
          ) : (
            <CustomerStatusTag status={customer.status} />
          )}
        </Form.Item>
        <Form.Item label={t('customers.role')} htmlFor="customer-role">
          {editable ? (
            <Select<Role>
              id="customer-role"
              value={customer.role}
              style={{ width: '100%', maxWidth: 220 }}
              disabled={update.isPending}
              options={Object.values(Role).map((r) => ({ value: r, label: t(roleLabelKey(r)) }))}
              onChange={(role) => confirm(t('customers.confirm.role', { account, role: t(roleLabelKey(role)) }), { role })}
            />
          ) : (
            t(roleLabelKey(customer.role))
          )}
        </Form.Item>
        <Form.Item label={t('customers.allow-reseller')} htmlFor="customer-allow-reseller">
          <Switch id="customer-allow-reseller" checked={customer.canCreateReseller} disabled={!editable || update.isPending} onChange={(canCreateReseller) => void save({ canCreateReseller })} />
        </Form.Item>
      </Form>
      {editable ? <Typography.Paragraph type="secondary" style={{ marginTop: 28, marginBottom: 0 }}>{t('customers.access.hint')}</Typography.Paragraph> : null}
    </Card>
  );
}
