import { Input, type InputRef } from 'antd-mobile';
import { useId, useRef, useState } from 'react';
import { FormSheet } from '@/components/form-sheet';
import { i18n, useTranslation } from '@/i18n';
import { ApiError } from '@/lib/api-client';
import { describeApiError } from '@/lib/api-response';
import { useDeleteAccount } from '../api/my-data';

/**
 * The confirmation step of deleting the account: the customer types the account as shown; the
 * server checks it and refuses with its reason (money on a balance, orders still open), which
 * shows here, in the dialog, next to the field.
 */
export function DeleteAccountSheet({ account, open, onClose, onDeleted }: { account: string; open: boolean; onClose: () => void; onDeleted: () => void }) {
  const { t } = useTranslation();
  const ids = { field: useId(), error: useId() };
  const field = useRef<InputRef>(null);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const deleteAccount = useDeleteAccount();
  const busy = deleteAccount.isPending;

  const close = () => {
    setTyped('');
    setError(null);
    onClose();
  };

  const submit = async () => {
    setError(null);
    try {
      await deleteAccount.mutateAsync({ confirm: typed });
      onDeleted();
    } catch (err) {
      setError(err instanceof ApiError ? describeApiError(err, i18n) : t('my-data.delete.failed'));
    }
  };

  return (
    <FormSheet
      open={open}
      onClose={close}
      onSubmit={() => void submit()}
      title={t('my-data.delete.dialog-title')}
      initialFocus={field}
      error={error}
      errorId={ids.error}
      busy={busy}
      submit={{ label: t('my-data.delete.submit'), busyLabel: t('my-data.delete.busy'), disabled: typed.trim() === '', danger: true }}
      className="my-data-sheet"
      formClassName="my-data-delete-form"
    >
      <p className="muted">{t('my-data.delete.lead')}</p>
      <label className="field-label" htmlFor={ids.field}>
        {t('my-data.delete.confirm-label')}{' '}
        <strong className="my-data-confirm-account">{account}</strong>
      </label>
      <Input
        ref={field}
        id={ids.field}
        value={typed}
        onChange={(v) => setTyped(v)}
        autoComplete="off"
        readOnly={busy}
        aria-invalid={error !== null}
        aria-describedby={error ? ids.error : undefined}
      />
    </FormSheet>
  );
}
