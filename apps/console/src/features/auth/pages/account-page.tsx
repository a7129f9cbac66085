import { staffChangePasswordRequest, totpConfirmRequest, totpDisableRequest } from '@simshop/contract';
import { App, Button, Card, Descriptions, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { errorText, useFormOutcome } from '@/lib/form-errors';
import { useMe } from '@/lib/staff-session';
import { useChangePassword } from '../api/change-password';
import { useTotpConfirm, useTotpDisable, useTotpSetup } from '../api/totp';
import { AssistantsCard } from '../components/assistants-card';
import { OpsAlertsCard } from '../components/ops-alerts-card';
import { zodRules } from '@/lib/zod-rules';

export default function AccountPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const me = useMe().data;
  const [passwordForm] = Form.useForm<{ oldPassword: string; newPassword: string; totp?: string }>();
  const passwordOutcome = useFormOutcome(passwordForm);
  const changePassword = useChangePassword();
  const setup = useTotpSetup();
  const confirm = useTotpConfirm();
  const disable = useTotpDisable();
  const [totpForm] = Form.useForm<{ code: string; password: string }>();
  const totpOutcome = useFormOutcome(totpForm);
  // The code is optional in the request; the server needs it once two-step sign-in is on.
  const passwordRules = zodRules(staffChangePasswordRequest, t);
  const disableRules = zodRules(totpDisableRequest, t);
  const [enrolling, setEnrolling] = useState(false);
  if (!me) return null;

  return (
    <>
      <PageHeader title={t('auth.account.title')} />
      <Space orientation="vertical" size={16} style={{ width: '100%', maxWidth: 720 }}>
        <Card>
          <Descriptions column={1}>
            <Descriptions.Item label={t('auth.email')}>{me.email}</Descriptions.Item>
            <Descriptions.Item label={t('auth.account.role')}>{t(`console.role.${me.role}`)}</Descriptions.Item>
          </Descriptions>
        </Card>
        <Card title={t('auth.change-password')}>
          <Form
            form={passwordForm}
            layout="vertical"
            requiredMark={false}
            onFinish={(values) =>
              changePassword.mutate({ oldPassword: values.oldPassword, newPassword: values.newPassword, ...(values.totp ? { totp: values.totp } : {}) }, passwordOutcome(t('auth.password-changed'), () => passwordForm.resetFields()))
            }
          >
            <Form.Item name="oldPassword" label={t('auth.old-password')} rules={passwordRules('oldPassword')}>
              <Input.Password autoComplete="current-password" />
            </Form.Item>
            <Form.Item name="newPassword" label={t('auth.new-password')} extra={t('auth.new-password-hint')} rules={passwordRules('newPassword', { message: t('auth.new-password-hint') })}>
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            {me.totpEnabled ? (
              <Form.Item name="totp" label={t('auth.totp')} extra={t('auth.totp.current-hint')} rules={passwordRules('totp', { required: true, message: t('res.totp.required') })}>
                <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} style={{ width: 160 }} />
              </Form.Item>
            ) : null}
            <Button type="primary" htmlType="submit" loading={changePassword.isPending}>
              {t('auth.change-password')}
            </Button>
          </Form>
        </Card>
        <Card title={t('auth.totp.title')}>
          <Typography.Paragraph>{t(me.totpEnabled ? 'auth.totp.on' : 'auth.totp.off')}</Typography.Paragraph>
          {me.totpEnabled ? (
            <Form
              form={totpForm}
              layout="inline"
              onFinish={(v) =>
                disable.mutate({ password: v.password, code: v.code }, totpOutcome(t('auth.totp.disabled'), () => totpForm.resetFields()))
              }
            >
              <Form.Item name="password" label={t('auth.password')} rules={disableRules('password')}>
                <Input.Password autoComplete="current-password" />
              </Form.Item>
              <Form.Item name="code" label={t('auth.totp')} rules={disableRules('code', { message: t('res.totp.required') })}>
                <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} style={{ width: 120 }} />
              </Form.Item>
              <Button danger htmlType="submit" loading={disable.isPending}>
                {t('auth.totp.disable')}
              </Button>
            </Form>
          ) : enrolling && setup.data ? (
            <Form
              form={totpForm}
              layout="vertical"
              onFinish={(v) =>
                confirm.mutate({ code: v.code }, totpOutcome(t('auth.totp.enabled'), () => {
                  setEnrolling(false);
                  totpForm.resetFields();
                }),
              )
              }
            >
              <Typography.Paragraph>{t('auth.totp.scan')}</Typography.Paragraph>
              <Typography.Paragraph>
                {t('auth.totp.key')}: <Typography.Text code copyable>{setup.data.secret}</Typography.Text>
              </Typography.Paragraph>
              <Form.Item name="code" label={t('auth.totp')} rules={zodRules(totpConfirmRequest, t)('code', { message: t('res.totp.required') })}>
                <Input inputMode="numeric" maxLength={6} style={{ width: 160 }} />
              </Form.Item>
              <Space>
                <Button type="primary" htmlType="submit" loading={confirm.isPending}>
                  {t('auth.totp.confirm')}
                </Button>
                <Button onClick={() => setEnrolling(false)}>{t('console.cancel')}</Button>
              </Space>
            </Form>
          ) : (
            <Button type="primary" loading={setup.isPending} onClick={() => setup.mutate({}, { onSuccess: () => setEnrolling(true), onError: (e) => void message.error(errorText(e, t)) })}>
              {t('auth.totp.enable')}
            </Button>
          )}
        </Card>
        <OpsAlertsCard />
        <AssistantsCard />
      </Space>
    </>
  );
}
