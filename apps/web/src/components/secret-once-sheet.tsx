import { Button, Popup, type ButtonRef } from 'antd-mobile';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from '@/i18n';
import { toast } from '@/lib/toast';
import './secret-once-sheet.css';

export interface SecretOnceTexts {
  title: string;
  /** That it will not be shown again. */
  warning: string;
  /** What the secret is for ("for key Shop sync"). */
  label: string;
  copy: string;
  done: string;
}

/**
 * A secret shown once (an API key's, a webhook endpoint's signing secret) after it is made or
 * replaced: a warning that it will not be shown again, the secret itself (selectable) and a copy
 * button, which takes the focus when the sheet opens; Escape closes it.
 */
export function SecretOnceSheet({ secret, texts, onClose, testId }: { secret: string | null; texts: SecretOnceTexts; onClose: () => void; testId: string }) {
  const { t } = useTranslation();
  const ids = { title: useId(), warning: useId() };
  const copyButton = useRef<ButtonRef>(null);

  useEffect(() => {
    if (secret === null) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [secret, onClose]);

  const copy = async () => {
    if (secret === null) return;
    try {
      await navigator.clipboard.writeText(secret);
      toast.clipboard(t('common.success.copy'), true);
    } catch {
      toast.clipboard(t('common.fail.copy'), false);
    }
  };

  return (
    <Popup visible={secret !== null} onMaskClick={onClose} afterShow={() => copyButton.current?.nativeElement?.focus()} bodyClassName="secret-sheet" destroyOnClose>
      {secret !== null ? (
        <section role="dialog" aria-modal="true" aria-labelledby={ids.title} aria-describedby={ids.warning}>
          <h2 className="card-title" id={ids.title}>
            {texts.title}
          </h2>
          <p className="secret-sheet-warning" id={ids.warning} role="alert">
            {texts.warning}
          </p>
          <p className="field-label secret-sheet-label">{texts.label}</p>
          <code className="secret-sheet-value mono" data-testid={testId}>
            {secret}
          </code>
          <div className="secret-sheet-actions">
            <Button ref={copyButton} block color="primary" onClick={() => void copy()}>
              {texts.copy}
            </Button>
            <Button block onClick={onClose}>
              {texts.done}
            </Button>
          </div>
        </section>
      ) : null}
    </Popup>
  );
}
