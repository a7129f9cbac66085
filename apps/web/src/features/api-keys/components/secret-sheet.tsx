import { Button, Popup, type ButtonRef } from 'antd-mobile';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from '@/i18n';
import { toast } from '@/lib/toast';

/**
 * A key's secret, shown once after making or rotating it: a warning that it will not be shown
 * again, the secret itself (selectable) and a copy button, which takes the focus when the sheet opens.
 */
export function SecretSheet({ shown, onClose }: { shown: { name: string; secret: string } | null; onClose: () => void }) {
  const { t } = useTranslation();
  const ids = { title: useId(), warning: useId() };
  const copyButton = useRef<ButtonRef>(null);

  useEffect(() => {
    if (!shown) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [shown, onClose]);

  const copy = async () => {
    if (!shown) return;
    try {
      await navigator.clipboard.writeText(shown.secret);
      toast.clipboard(t('common.success.copy'), true);
    } catch {
      toast.clipboard(t('common.fail.copy'), false);
    }
  };

  return (
    <Popup visible={shown !== null} onMaskClick={onClose} afterShow={() => copyButton.current?.nativeElement?.focus()} bodyClassName="api-keys-sheet" destroyOnClose>
      {shown ? (
        <section role="dialog" aria-modal="true" aria-labelledby={ids.title} aria-describedby={ids.warning} className="api-keys-secret">
          <h2 className="card-title" id={ids.title}>
            {t('api-keys.secret.title')}
          </h2>
          <p className="api-keys-warning" id={ids.warning} role="alert">
            {t('api-keys.secret.warning')}
          </p>
          <p className="field-label">{t('api-keys.secret.label', { name: shown.name })}</p>
          <code className="api-keys-secret-value mono" data-testid="api-key-secret">
            {shown.secret}
          </code>
          <div className="api-keys-sheet-actions">
            <Button ref={copyButton} block color="primary" onClick={() => void copy()}>
              {t('api-keys.secret.copy')}
            </Button>
            <Button block onClick={onClose}>
              {t('api-keys.secret.done')}
            </Button>
          </div>
        </section>
      ) : null}
    </Popup>
  );
}
