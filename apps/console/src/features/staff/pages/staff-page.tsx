import { MerchantSelect } from '@/components/merchant-select';
import { App, Button, Form, Input, Modal, Select, Space, Tag, Typography } from 'antd';
import { type Staff, STAFF_ROLES, staffCreateRequest, staffListRequest, type StaffRole } from '@simshop/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FittedTableFrame, OneLine, useFittedColumns, WrappingDateTime, type FittedColumn } from '@/components/fitted-columns';
import { PageHeader } from '@/components/page-header';
import { FilterBar, type FilterDecl } from '@/components/filter-bar';
import { ListTable } from '@/components/list-table';
import { errorText, formErrorHandler } from '@/lib/form-errors';
import { useMe } from '@/lib/staff-session';
import { useListRequest } from '@/lib/use-list-request';
import { useStaffList } from '../api/staff-list';
import { useCreateStaff, useResetStaffPassword, useResetStaffTotp, useUpdateStaff } from '../api/staff-write';
import { zodRules } from '@/lib/zod-rules';

/** The filters this list shows, by its request's fields (labels and values' words are text keys). */
const FILTERS: readonly FilterDecl[] = [
  { name: 'q', label: 'staff.search' },
  { name: 'role', label: 'staff.role', optionLabels: 'console.role.' },
  { name: 'status', label: 'staff.status', optionLabels: 'staff.status.', width: 140 },
];

export default function StaffPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const me = useMe().data;
  const list = useListRequest(staffListRequest, { sortField: 'createdAt' });
  const query = useStaffList(list.request);
  const create = useCreateStaff();
  const update = useUpdateStaff();
  const reset = useResetStaffPassword();
  const resetTotp = useResetStaffTotp();
  const [adding, setAdding] = useState(false);
  const [form] = Form.useForm<{ email: string; name: string; role: StaffRole }>();
  const rules = zodRules(staffCreateRequest, t);

  const showPassword = (email: string, password: string) =>
    modal.success({
      title: t('staff.one-time.title'),
      content: (
        <>
          <Typography.Paragraph>{t('staff.one-time.text', { email })}</Typography.Paragraph>
          <Typography.Text code copyable data-testid="one-time-password">
            {password}
          </Typography.Text>
        </>
      ),
    });

  const roleOptions = STAFF_ROLES.map((r) => ({ value: r, label: t(`console.role.${r}`) }));

  const columns: FittedColumn<Staff>[] = [
    { key: 'email', label: t('staff.email'), priority: 1, width: 210, title: t('staff.email'), dataIndex: 'email', ...list.sortable('email'), render: (v: string) => <OneLine text={v} /> },
    { key: 'name', label: t('staff.name'), priority: 2, width: 140, title: t('staff.name'), dataIndex: 'name', render: (v: string) => <OneLine text={v} /> },
    {
      key: 'role',
      label: t('staff.role'),
      priority: 1,
      width: 170,
      title: t('staff.role'),
      dataIndex: 'role',
      render: (role: StaffRole, row) =>
        row.id === me?.id ? (
          t(`console.role.${role}`)
        ) : (
          <Select
            size="small"
            value={role}
            options={roleOptions}
            style={{ width: 130 }}
            aria-label={`${t('staff.role')} ${row.email}`}
            onChange={(next) => update.mutate({ id: row.id, role: next }, { onSuccess: () => void message.success(t('console.saved')), onError: (e) => void message.error(errorText(e, t)) })}
          />
        ),
    },
    { key: 'status', label: t('staff.status'), priority: 1, width: 100, title: t('staff.status'), dataIndex: 'status', render: (s: string) => <Tag color={s === 'active' ? 'green' : 'default'}>{t(`staff.status.${s}`)}</Tag> },
    { key: 'totp', label: t('staff.totp'), priority: 3, width: 90, title: t('staff.totp'), dataIndex: 'totpEnabled', render: (on: boolean) => (on ? t('console.yes') : t('console.no')) },
    { key: 'lastSignInAt', label: t('staff.last-sign-in'), priority: 3, width: 130, title: t('staff.last-sign-in'), dataIndex: 'lastSignInAt', render: (v: number | null) => <WrappingDateTime value={v} /> },
    { key: 'createdAt', label: t('staff.created'), priority: 4, width: 130, title: t('staff.created'), dataIndex: 'createdAt', ...list.sortable('createdAt'), render: (v: number) => <WrappingDateTime value={v} /> },
    {
      title: t('console.actions'),
      key: 'actions',
      label: t('console.actions'),
      priority: 1,
      width: 250,
      render: (_, row) =>
        row.id === me?.id ? null : (
          <Space wrap>
            <Button
              size="small"
              onClick={() =>
                update.mutate(
                  { id: row.id, status: row.status === 'active' ? 'disabled' : 'active' },
                  { onSuccess: () => void message.success(t('console.saved')), onError: (e) => void message.error(errorText(e, t)) },
                )
              }
            >
              {t(row.status === 'active' ? 'staff.disable' : 'staff.enable')}
            </Button>
            <Button
              size="small"
              onClick={() =>
                modal.confirm({
                  title: t('staff.reset-password'),
                  content: t('staff.reset-confirm', { email: row.email }),
                  onOk: () =>
                    reset.mutateAsync({ id: row.id }).then(
                      (r) => {
                        showPassword(r.staff.email, r.password);
                      },
                      (e: unknown) => void message.error(errorText(e, t)),
                    ),
                })
              }
            >
              {t('staff.reset-password')}
            </Button>
            {row.totpEnabled ? (
              <Button
                size="small"
                onClick={() =>
                  modal.confirm({
                    title: t('staff.reset-totp'),
                    content: t('staff.reset-totp-confirm', { email: row.email }),
                    onOk: () =>
                      resetTotp.mutateAsync({ id: row.id }).then(
                        () => void message.success(t('staff.reset-totp-done', { email: row.email })),
                        (e: unknown) => void message.error(errorText(e, t)),
                      ),
                  })
                }
              >
                {t('staff.reset-totp')}
              </Button>
            ) : null}
          </Space>
        ),
    },
  ];
  const fitted = useFittedColumns('staff', columns);

  return (
    <>
      <PageHeader
        title={t('staff.title')}
        subtitle={t('staff.subtitle')}
        extra={
          <Button type="primary" onClick={() => setAdding(true)}>
            {t('staff.add')}
          </Button>
        }
      />
      <FilterBar schema={staffListRequest} fields={FILTERS} list={list} />
      <FittedTableFrame fitted={fitted}>
        <ListTable<Staff> query={query} list={list} scroll={fitted.scroll} tableLayout="fixed" columns={fitted.columns} />
      </FittedTableFrame>
      <Modal
        open={adding}
        title={t('staff.add')}
        okText={t('console.create')}
        cancelText={t('console.cancel')}
        confirmLoading={create.isPending}
        onCancel={() => setAdding(false)}
        onOk={() => form.submit()}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ role: 'support' }}
          onFinish={(values) =>
            create.mutate(values, {
              onSuccess: (r) => {
                setAdding(false);
                form.resetFields();
                showPassword(r.staff.email, r.password);
              },
              onError: formErrorHandler(form, message, t),
            })
          }
        >
          <Form.Item name="email" label={t('staff.email')} rules={rules('email', { message: t('validation.email') })}>
            <Input type="email" />
          </Form.Item>
          <Form.Item name="name" label={t('staff.name')} rules={rules('name')}>
            <Input />
          </Form.Item>
          <Form.Item name="role" label={t('staff.role')} rules={rules('role')}>
            <Select options={STAFF_ROLES.map((r) => ({ value: r, label: `${t(`console.role.${r}`)} — ${t(`staff.roles.${r}`)}` }))} />
          </Form.Item>
          {/* A merchant's staff member sees only that merchant's products, orders and stores. */}
          <MerchantSelect name="merchantId" />
        </Form>
      </Modal>
    </>
  );
}
