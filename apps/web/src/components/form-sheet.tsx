import { Button, Popup } from 'antd-mobile';
import { useEffect, useId, type ReactNode, type RefObject } from 'react';
import { useTranslation } from '@/i18n';
import './form-sheet.css';

export interface FormSheetProps {
  open: boolean;
  /** Escape, a tap on the mask and Cancel; none of them closes the sheet while `busy`. */
  onClose: () => void;
  onSubmit: () => void;
  title: string;
  /** What takes the focus once the sheet is in place (its first field), so the keyboard starts there. */
  initialFocus: RefObject<{ focus(): void } | null>;
  /** Why the last submit was refused (the server's reason or the form's), shown under the fields as an alert. */
  error: string | null;
  /** The error's id (the caller's useId), for the fields it is about to name in aria-describedby. */
  errorId: string;
  busy: boolean;
  submit: { label: string; busyLabel: string; disabled: boolean; danger?: boolean };
  /** The sheet's own class on its body: its styles, and where the browser tests look. */
  className: string;
  formClassName?: string;
  children: ReactNode;
}

/**
 * A form in a bottom sheet (making an API key, adding a webhook endpoint, confirming an account's
 * deletion): a dialog named by its title, the caller's fields, the refusal as an alert, Cancel and
 * the submit button (busy while the call runs). The first field takes the focus when the sheet
 * opens; Escape closes it wherever the focus is (the mask has no key of its own). What the form
 * holds, and resetting it, stays with the caller.
 */
export function FormSheet({ open, onClose, onSubmit, title, initialFocus, error, errorId, busy, submit, className, formClassName, children }: FormSheetProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const close = () => {
    if (!busy) onClose();
  };

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  return (
    <Popup visible={open} onMaskClick={close} afterShow={() => initialFocus.current?.focus()} bodyClassName={`form-sheet ${className}`} destroyOnClose>
      <form
        className={formClassName ? `form ${formClassName}` : 'form'}
        aria-labelledby={titleId}
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <h2 className="card-title" id={titleId}>
          {title}
        </h2>
        {children}
        {error ? (
          <p className="field-error form-sheet-error" id={errorId} role="alert">
            {error}
          </p>
        ) : null}
        <div className="form-sheet-actions">
          <Button block onClick={close} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button block color={submit.danger ? 'danger' : 'primary'} type="submit" loading={busy} loadingText={submit.busyLabel} disabled={submit.disabled}>
            {submit.label}
          </Button>
        </div>
      </form>
    </Popup>
  );
}
