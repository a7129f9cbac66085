import { staffLoginRequest } from '@simshop/contract';
import { Alert, Button, Card, Flex, Form, Input, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { setLanguage, type ConsoleLanguage } from '@/i18n';
import { errorText, showFieldError } from '@/lib/form-errors';
import { useLogin } from '../api/login';
import { zodRules } from '@/lib/zod-rules';

interface LoginForm {
  account: string;
  password: string;
  totp?: string;
}

/** Only a path inside the console is a place to return to after sign-in. */
function safeRedirect(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : '/';
}

export default function LoginPage() {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<LoginForm>();
  const rules = zodRules(staffLoginRequest, t);
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const login = useLogin();
  const [failure, setFailure] = useState<string | null>(null);

  // Password and code go together: the answer never tells which of them was wrong. A member with
  // a one-time password lands on the change-password screen (the frame shows it first).
  const submit = (values: LoginForm) => {
    setFailure(null);
    login.mutate(
      { account: values.account, password: values.password, ...(values.totp ? { totp: values.totp } : {}) },
      {
        onSuccess: () => navigate(safeRedirect(search.get('redirect')), { replace: true }),
        onError: (error) => {
          form.setFieldValue('totp', undefined);
          if (!showFieldError(form, error, t)) setFailure(errorText(error, t));
        },
      },
    );
  };

  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', background: '#f0f2f5', padding: 24 }}>
      <Card style={{ width: 400, maxWidth: '100%' }}>
        <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
          <Flex align="center" gap={8}>
            <img src="/console/favicon.svg" width={32} height={32} alt="" />
            <Typography.Text strong>{t('console.title')}</Typography.Text>
          </Flex>
          <Segmented
            size="small"
            aria-label={t('console.language')}
            value={i18n.language}
            options={[
              { label: '中文', value: 'zh-Hans' },
              { label: 'EN', value: 'en' },
            ]}
            onChange={(v) => setLanguage(v as ConsoleLanguage)}
          />
        </Flex>
        <Typography.Title level={3} style={{ marginTop: 16 }}>
          {t('auth.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('auth.subtitle')}</Typography.Paragraph>
        {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
        <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item name="account" label={t('auth.email')} rules={rules('account')}>
            <Input type="email" autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item name="password" label={t('auth.password')} rules={rules('password')}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item name="totp" label={t('auth.totp')} extra={t('auth.totp-hint')} rules={rules('totp', { message: t('res.totp.required') })}>
            <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={login.isPending}>
            {t('auth.sign-in')}
          </Button>
        </Form>
      </Card>
    </Flex>
  );
}
