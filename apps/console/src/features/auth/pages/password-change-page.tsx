import { staffChangePasswordRequest } from '@simshop/contract';
import { Button, Card, Flex, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormOutcome } from '@/lib/form-errors';
import { useMe } from '@/lib/staff-session';
import { useChangePassword } from '../api/change-password';
import { useLogout } from '../api/logout';
import { zodRules } from '@/lib/zod-rules';

interface PasswordForm {
  oldPassword: string;
  newPassword: string;
  repeat: string;
  totp?: string;
}

/**
 * Shown instead of the console while the member still has a one-time password (a new member, or
 * one the owner reset): every other action is refused until they set their own.
 */
export default function PasswordChangePage() {
  const { t } = useTranslation();
  const me = useMe().data;
  const [form] = Form.useForm<PasswordForm>();
  const outcome = useFormOutcome(form);
  // The code is optional in the request; the server needs it once two-step sign-in is on.
  const rules = zodRules(staffChangePasswordRequest, t);
  const change = useChangePassword();
  const logout = useLogout();

  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', background: '#f0f2f5', padding: 24 }}>
      <Card style={{ width: 420, maxWidth: '100%' }}>
        <Typography.Title level={3}>{t('auth.first-password.title')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('auth.first-password.intro', { email: me?.email ?? '' })}</Typography.Paragraph>
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={(v) =>
            change.mutate(
              { oldPassword: v.oldPassword, newPassword: v.newPassword, ...(v.totp ? { totp: v.totp } : {}) },
              outcome(t('auth.password-changed')),
            )
          }
        >
          <Form.Item name="oldPassword" label={t('auth.first-password.one-time')} rules={rules('oldPassword')}>
            {/* No eye icons on this screen: antd's are smaller than a touch target may be. */}
            <Input.Password autoComplete="current-password" autoFocus visibilityToggle={false} />
          </Form.Item>
          <Form.Item name="newPassword" label={t('auth.new-password')} extra={t('auth.new-password-hint')} rules={rules('newPassword', { message: t('auth.new-password-hint') })}>
            <Input.Password autoComplete="new-password" visibilityToggle={false} />
          </Form.Item>
          <Form.Item
            name="repeat"
            label={t('auth.first-password.repeat')}
            dependencies={['newPassword']}
            rules={[
              // UI only: the request has no repeat; this catches a typo before the one-time password is gone.
              { required: true, message: t('auth.required') },
              ({ getFieldValue }) => ({ validator: (_, value) => (value === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error(t('auth.first-password.mismatch')))) }),
            ]}
          >
            <Input.Password autoComplete="new-password" visibilityToggle={false} />
          </Form.Item>
          {me?.totpEnabled ? (
            <Form.Item name="totp" label={t('auth.totp')} rules={rules('totp', { required: true, message: t('res.totp.required') })}>
              <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} style={{ width: 160 }} />
            </Form.Item>
          ) : null}
          <Flex gap={8} justify="space-between">
            <Button onClick={() => logout.mutate()}>{t('console.sign-out')}</Button>
            <Button type="primary" htmlType="submit" loading={change.isPending}>
              {t('auth.first-password.save')}
            </Button>
          </Flex>
        </Form>
      </Card>
    </Flex>
  );
}
