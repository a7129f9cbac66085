import { Button, Dialog, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '@/i18n';
import { emailSchema, phoneSchema, verificationCodeSchema } from '@simshop/contract';
import { PageLayout } from '@/components/page-layout';
import { QueryState } from '@/components/page-states';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useBindEmail } from '../api/bind-email';
import { useBindTel } from '../api/bind-tel';
import { useUserInfo } from '../api/get-user-info';
import { useUnbindEmail } from '../api/unbind-email';
import { useUnbindTel } from '../api/unbind-tel';
import { CodeSender } from '../components/code-sender';
import { Field, problemOf, serverFieldMessage } from '../components/field';

/**
 * Bind or unbind a phone number or email address (SPEC §2 bind-tel, bind-email), each proven
 * with a code sent to it. The kind is the page's; the other is one tap away.
 */
export function BindContactPage({ kind }: { kind: 'tel' | 'email' }) {
  const { t } = useTranslation();
  const info = useUserInfo();
  const bindTel = useBindTel();
  const bindEmail = useBindEmail();
  const unbindTel = useUnbindTel();
  const unbindEmail = useUnbindEmail();
  const [value, setValue] = useState('');
  const [code, setCode] = useState('');
  const [unbindCode, setUnbindCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [busy, setBusy] = useState(false);
  const bound = kind === 'tel' ? info.data?.tel : info.data?.email;
  const schema = kind === 'tel' ? phoneSchema : emailSchema;

  // The writes refresh the account's info and the stored user themselves (api/update-user).
  const done = (message: string) => {
    setValue('');
    setCode('');
    setUnbindCode('');
    toast.success(t(message));
  };

  const bind = async () => {
    const next = { [kind]: problemOf(schema, value), code: problemOf(verificationCodeSchema, code) };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    setBusy(true);
    try {
      if (kind === 'tel') await bindTel.mutateAsync({ tel: value, code });
      else await bindEmail.mutateAsync({ email: value, code });
      done('account.bind.done');
    } catch (err) {
      if (err instanceof ApiError && err.field) setErrors((e) => ({ ...e, [err.field!]: serverFieldMessage(err) }));
    } finally {
      setBusy(false);
    }
  };

  const unbind = async () => {
    const problem = problemOf(verificationCodeSchema, unbindCode);
    setErrors({ unbindCode: problem });
    if (problem || !bound) return;
    if (!(await Dialog.confirm({ content: t('account.unbind.confirm', { value: bound }), confirmText: t('account.unbind'), cancelText: t('common.cancel') }))) return;
    setBusy(true);
    try {
      await (kind === 'tel' ? unbindTel : unbindEmail).mutateAsync({ code: unbindCode });
      done('account.unbind.done');
    } catch {
      // The toast says why (for example: the only way left to sign in).
    } finally {
      setBusy(false);
    }
  };

  const title = t(kind === 'tel' ? 'route.bind-tel' : 'route.bind-email');
  return (
    <PageLayout title={title}>
      <QueryState query={info}>
        {() => {
        return (
          <>
            <section className="card form">
              <h2 className="card-title">{t(kind === 'tel' ? 'account.bind.tel.title' : 'account.bind.email.title')}</h2>
              <p className="muted">{bound ? t('account.bind.current', { value: bound }) : t(kind === 'tel' ? 'account.bind.none.tel' : 'account.bind.none.email')}</p>
              <Field label={t(kind === 'tel' ? 'account.bind.new-tel' : 'account.bind.new-email')} error={errors[kind]}>
                <Input name={kind} inputMode={kind === 'tel' ? 'numeric' : 'email'} value={value} onChange={setValue} clearable />
              </Field>
              <CodeSender account={value} purpose="bind" signedIn disabled={problemOf(schema, value) !== null} />
              <Field label={t('account.code')} error={errors.code}>
                <Input name="code" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={setCode} maxLength={6} />
              </Field>
              <Button block color="primary" loading={busy} onClick={() => void bind()}>
                {t('account.bind.submit')}
              </Button>
            </section>
            {bound ? (
              <section className="card form">
                <h2 className="card-title">{t('account.unbind')}</h2>
                <p className="muted">{t('account.unbind.lead', { value: bound })}</p>
                <CodeSender account={bound} purpose="unbind" signedIn />
                <Field label={t('account.code')} error={errors.unbindCode}>
                  <Input name="unbindCode" inputMode="numeric" value={unbindCode} onChange={setUnbindCode} maxLength={6} />
                </Field>
                <Button block color="danger" fill="outline" loading={busy} onClick={() => void unbind()}>
                  {t('account.unbind')}
                </Button>
              </section>
            ) : null}
          </>
        );
        }}
      </QueryState>
    </PageLayout>
  );
}

export const BindTelPage = () => <BindContactPage kind="tel" />;
export const BindEmailPage = () => <BindContactPage kind="email" />;
