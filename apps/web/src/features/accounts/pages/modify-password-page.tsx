import { Button, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '@/i18n';
import { newPasswordSchema } from '@simshop/contract';
import { PageLayout } from '@/components/page-layout';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useGoBack } from '@/lib/use-go-back';
import { useModifyPassword } from '../api/modify-password';
import { Field, serverFieldMessage } from '../components/field';

/** SPEC §5: 6–18 characters, the new one differs from the old one, both entries match. */
export function ModifyPasswordPage() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const [form, setForm] = useState({ oldPassword: '', newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const modify = useModifyPassword();
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  const submit = async () => {
    const checked = newPasswordSchema.safeParse(form);
    const next: Record<string, string | null> = { oldPassword: form.oldPassword ? null : 'validation.required' };
    if (!checked.success) for (const issue of checked.error.issues) next[String(issue.path[0])] = issue.message;
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    try {
      await modify.mutateAsync(form);
      toast.success(t('account.password-changed'));
      goBack();
    } catch (err) {
      if (err instanceof ApiError && err.field) setErrors((e) => ({ ...e, [err.field!]: serverFieldMessage(err) }));
    }
  };

  return (
    <PageLayout title={t('route.modify-passwd')}>
      <form
        className="card form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Field label={t('account.old-password')} error={errors.oldPassword}>
          <Input name="oldPassword" type="password" autoComplete="current-password" value={form.oldPassword} onChange={set('oldPassword')} />
        </Field>
        <Field label={t('account.new-password')} error={errors.newPassword}>
          <Input name="newPassword" type="password" autoComplete="new-password" placeholder={t('account.password.placeholder')} value={form.newPassword} onChange={set('newPassword')} />
        </Field>
        <Field label={t('account.confirm-password')} error={errors.confirmPassword}>
          <Input name="confirmPassword" type="password" autoComplete="new-password" value={form.confirmPassword} onChange={set('confirmPassword')} />
        </Field>
        <Button block color="primary" size="large" type="submit" loading={modify.isPending}>
          {t('account.save')}
        </Button>
      </form>
    </PageLayout>
  );
}
