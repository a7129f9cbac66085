import { SecretOnceSheet } from '@/components/secret-once-sheet';
import { useTranslation } from '@/i18n';

/** An endpoint's signing secret, shown once after adding it or giving it a new one. */
export function WebhookSecretSheet({ shown, onClose }: { shown: { url: string; secret: string } | null; onClose: () => void }) {
  const { t } = useTranslation();
  const texts = { title: t('webhooks.secret.title'), warning: t('webhooks.secret.warning'), label: t('webhooks.secret.label', { url: shown?.url ?? '' }), copy: t('webhooks.secret.copy'), done: t('webhooks.secret.done') };
  return <SecretOnceSheet secret={shown?.secret ?? null} texts={texts} onClose={onClose} testId="webhook-secret" />;
}
