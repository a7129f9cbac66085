import { Button, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '@/i18n';
import { useLocation, useNavigate } from '@/lib/router';
import { accountSchema, passwordSchema, verificationCodeSchema } from '@simshop/contract';
import { PageLayout } from '@/components/page-layout';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { startSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useLoginPassword } from '../api/login-password';
import { useResetPassword } from '../api/reset-password';
import { CodeSender } from '../components/code-sender';
import { Field, problemOf, serverFieldMessage } from '../components/field';

/**
 * Forgot password: a code sent to the account's phone or email sets a new password and
 * ends every session. A customer is then signed in with it; a reseller (`?reseller=1`) goes back to
 * the reseller sign-in, which asks whether the account is a foreign reseller.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const reseller = params.get('reseller') === '1';
  const [form, setForm] = useState({ account: params.get('account') ?? '', code: '', password: '', confirm: '' });
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [busy, setBusy] = useState(false);
  const reset = useResetPassword();
  const signIn = useLoginPassword();
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const accountProblem = problemOf(accountSchema, form.account);

  const submit = async () => {
    const next: Record<string, string | null> = {
      account: accountProblem,
      code: problemOf(verificationCodeSchema, form.code),
      password: problemOf(passwordSchema, form.password),
      confirm: form.confirm === form.password ? null : 'validation.password_mismatch',
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    setBusy(true);
    try {
      await reset.mutateAsync({ account: form.account, code: form.code, password: form.password });
      toast.success(t('account.reset.done'));
      if (reseller) {
        void navigate(paths['login-reseller'].path, { replace: true });
        return;
      }
      startSession(await signIn.mutateAsync({ account: form.account, password: form.password }));
      void navigate(paths.mine.path, { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.field) setErrors((e) => ({ ...e, [err.field!]: serverFieldMessage(err) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageLayout title={t('route.forgot-password')}>
      <div className="card login-card">
        <p className="login-lead">{t('account.reset.lead')}</p>
        <form
          className="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Field label={t('account.account')} error={errors.account}>
            <Input name="account" autoComplete="username" placeholder={t('account.account.placeholder')} value={form.account} onChange={set('account')} clearable />
          </Field>
          <CodeSender account={form.account} purpose="reset" disabled={accountProblem !== null} />
          <Field label={t('account.code')} error={errors.code}>
            <Input name="code" inputMode="numeric" autoComplete="one-time-code" placeholder={t('account.code.placeholder')} value={form.code} onChange={set('code')} maxLength={6} />
          </Field>
          <Field label={t('account.new-password')} error={errors.password}>
            <Input name="password" type="password" autoComplete="new-password" placeholder={t('account.password.placeholder')} value={form.password} onChange={set('password')} />
          </Field>
          <Field label={t('account.confirm-password')} error={errors.confirm}>
            <Input name="confirm" type="password" autoComplete="new-password" value={form.confirm} onChange={set('confirm')} />
          </Field>
          <Button block color="primary" size="large" type="submit" loading={busy}>
            {t('account.reset.submit')}
          </Button>
        </form>
      </div>
    </PageLayout>
  );
}
