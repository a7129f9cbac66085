import { Button, Input, Tabs } from 'antd-mobile';
import { ToggleSwitch } from '@/components/toggle-switch';
import { useState } from 'react';
import { useTranslation } from '@/i18n';
import { useLocation, useNavigate } from '@/lib/router';
import { accountSchema, passwordSchema, verificationCodeSchema, type LoginResponse } from '@simshop/contract';
import { PageLayout } from '@/components/page-layout';
import { WechatSignIn } from '@/components/wechat-sign-in';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { startSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useLoginCode } from '../api/login-code';
import { useLoginPassword } from '../api/login-password';
import { useRegister } from '../api/register';
import { useResellerLoginCode } from '../api/reseller-login-code';
import { useResellerLoginPassword } from '../api/reseller-login-password';
import { CodeSender } from '../components/code-sender';
import { Field, problemOf, serverFieldMessage } from '../components/field';

type Mode = 'password' | 'code' | 'register';

/** Only a page of this app may be a redirect target (never another site). */
function safeRedirect(search: string): string {
  const target = new URLSearchParams(search).get('redirect') ?? '';
  return target.startsWith('/pages/') && !target.startsWith('/pages/login') ? target : paths.mine.path;
}

/**
 * Sign-in and sign-up (SPEC §2 /pages/login/regular and /pages/login/reseller): by password or
 * by a code sent to the phone or email; customers can register here. Resellers sign in through
 * the reseller endpoints, with the foreign-reseller switch (SPEC §6).
 */
export function LoginPage({ reseller }: { reseller: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>('password');
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [nickname, setNickname] = useState('');
  const [foreign, setForeign] = useState(false);
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [busy, setBusy] = useState(false);
  const register = useRegister();
  const loginPassword = useLoginPassword();
  const loginCode = useLoginCode();
  const resellerPassword = useResellerLoginPassword();
  const resellerCode = useResellerLoginCode();

  const accountProblem = problemOf(accountSchema, account);

  const submit = async () => {
    const next: Record<string, string | null> = { account: accountProblem };
    if (mode !== 'code') next.password = problemOf(passwordSchema, password);
    if (mode === 'password' && password) next.password = null;
    if (mode !== 'password') next.code = problemOf(verificationCodeSchema, code);
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    setBusy(true);
    try {
      let result: LoginResponse;
      if (mode === 'register') result = await register.mutateAsync({ account, code, password, ...(nickname ? { nickname } : {}) });
      else if (reseller) result = mode === 'password' ? await resellerPassword.mutateAsync({ account, password, foreign }) : await resellerCode.mutateAsync({ account, code, foreign });
      else result = mode === 'password' ? await loginPassword.mutateAsync({ account, password }) : await loginCode.mutateAsync({ account, code });
      startSession(result);
      toast.success(t('account.welcome', { name: result.data.nickname || account }));
      void navigate(safeRedirect(location.search), { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.field) setErrors((e) => ({ ...e, [err.field!]: serverFieldMessage(err) }));
    } finally {
      setBusy(false);
    }
  };

  const tabs: Mode[] = reseller ? ['password', 'code'] : ['password', 'code', 'register'];
  return (
    <PageLayout title={t(reseller ? 'route.login-reseller' : 'route.login-regular')}>
      <div className="card login-card">
        <p className="login-lead">{t(reseller ? 'account.reseller-lead' : 'account.regular-lead')}</p>
        <Tabs activeKey={mode} onChange={(key) => setMode(key as Mode)}>
          {tabs.map((m) => (
            <Tabs.Tab key={m} title={t(`account.tab.${m}`)} />
          ))}
        </Tabs>
        <form
          className="form"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Field label={t('account.account')} error={errors.account}>
            <Input name="account" autoComplete="username" placeholder={t('account.account.placeholder')} value={account} onChange={setAccount} clearable />
          </Field>
          {mode !== 'password' ? (
            <>
              <CodeSender account={account} purpose={mode === 'register' ? 'register' : 'login'} disabled={accountProblem !== null} />
              <Field label={t('account.code')} error={errors.code}>
                <Input name="code" inputMode="numeric" autoComplete="one-time-code" placeholder={t('account.code.placeholder')} value={code} onChange={setCode} maxLength={6} />
              </Field>
            </>
          ) : null}
          {mode !== 'code' ? (
            <Field label={t('account.password')} error={errors.password}>
              <Input name="password" type="password" autoComplete={mode === 'register' ? 'new-password' : 'current-password'} placeholder={t('account.password.placeholder')} value={password} onChange={setPassword} />
            </Field>
          ) : null}
          {mode === 'register' ? (
            <Field label={t('account.nickname')}>
              <Input name="nickname" value={nickname} onChange={setNickname} maxLength={32} />
            </Field>
          ) : null}
          {reseller ? (
            <label className="field field--inline">
              <span className="field-label">{t('account.foreign')}</span>
              <ToggleSwitch checked={foreign} onChange={setForeign} />
            </label>
          ) : null}
          <Button block color="primary" size="large" type="submit" loading={busy}>
            {t(mode === 'register' ? 'account.register' : 'account.sign-in')}
          </Button>
        </form>
        {reseller ? null : <WechatSignIn redirect={new URLSearchParams(location.search).get('redirect') ?? undefined} />}
        {mode === 'password' ? (
          <Button block fill="none" onClick={() => void navigate(paths['forgot-password'].getHref({ reseller: reseller ? '1' : undefined, account: accountProblem ? undefined : account }))}>
            {t('account.forgot')}
          </Button>
        ) : null}
        <Button block fill="none" onClick={() => void navigate(`${(reseller ? paths['login-regular'] : paths['login-reseller']).path}${location.search}`, { replace: true })}>
          {t(reseller ? 'account.to-regular' : 'account.to-reseller')}
        </Button>
      </div>
    </PageLayout>
  );
}

export const RegularLoginPage = () => <LoginPage reseller={false} />;
export const ResellerLoginPage = () => <LoginPage reseller />;
