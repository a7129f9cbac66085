import { Button, Popup, type ButtonRef } from 'antd-mobile';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from '@/i18n';
import { toast } from '@/lib/toast';

/** An endpoint's signing secret, shown once after adding it or giving it a new one, with a copy button that takes the focus. */
export function WebhookSecretSheet({ shown, onClose }: { shown: { url: string; secret: string } | null; onClose: () => void }) {
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
    <Popup visible={shown !== null} onMaskClick={onClose} afterShow={() => copyButton.current?.nativeElement?.focus()} bodyClassName="webhooks-sheet" destroyOnClose>
      {shown ? (
        <section role="dialog" aria-modal="true" aria-labelledby={ids.title} aria-describedby={ids.warning} className="webhooks-secret">
          <h2 className="card-title" id={ids.title}>
            {t('webhooks.secret.title')}
          </h2>
          <p className="webhooks-warning" id={ids.warning} role="alert">
            {t('webhooks.secret.warning')}
          </p>
          <p className="field-label webhooks-wrap">{t('webhooks.secret.label', { url: shown.url })}</p>
          <code className="webhooks-secret-value mono" data-testid="webhook-secret">
            {shown.secret}
          </code>
          <div className="webhooks-sheet-actions">
            <Button ref={copyButton} block color="primary" onClick={() => void copy()}>
              {t('webhooks.secret.copy')}
            </Button>
            <Button block onClick={onClose}>
              {t('webhooks.secret.done')}
            </Button>
          </div>
        </section>
      ) : null}
    </Popup>
  );
}
