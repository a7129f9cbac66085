import { Button, Input, Popup, type InputRef } from 'antd-mobile';
import { useEffect, useId, useRef, useState } from 'react';
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
  const ids = { title: useId(), field: useId(), error: useId() };
  const field = useRef<InputRef>(null);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const deleteAccount = useDeleteAccount();
  const busy = deleteAccount.isPending;

  const close = () => {
    if (busy) return;
    setTyped('');
    setError(null);
    onClose();
  };

  // Escape closes the sheet wherever the focus is (the mask's click has no key of its own).
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

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
    // The field takes the focus once the sheet is in place, so the keyboard starts there.
    <Popup visible={open} onMaskClick={close} afterShow={() => field.current?.focus()} bodyClassName="my-data-sheet" destroyOnClose>
      <form
        className="form my-data-delete-form"
        aria-labelledby={ids.title}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <h2 className="card-title" id={ids.title}>
          {t('my-data.delete.dialog-title')}
        </h2>
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
          className="my-data-confirm-input"
        />
        {error ? (
          <p className="field-error my-data-error" id={ids.error} role="alert">
            {error}
          </p>
        ) : null}
        <div className="my-data-sheet-actions">
          <Button block onClick={close} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button block color="danger" type="submit" loading={busy} loadingText={t('my-data.delete.busy')} disabled={typed.trim() === ''}>
            {t('my-data.delete.submit')}
          </Button>
        </div>
      </form>
    </Popup>
  );
}
