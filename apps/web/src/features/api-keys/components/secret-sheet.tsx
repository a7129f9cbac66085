import { SecretOnceSheet } from '@/components/secret-once-sheet';
import { useTranslation } from '@/i18n';

/** A key's secret, shown once after making or rotating it. */
export function SecretSheet({ shown, onClose }: { shown: { name: string; secret: string } | null; onClose: () => void }) {
  const { t } = useTranslation();
  const texts = { title: t('api-keys.secret.title'), warning: t('api-keys.secret.warning'), label: t('api-keys.secret.label', { name: shown?.name ?? '' }), copy: t('api-keys.secret.copy'), done: t('api-keys.secret.done') };
  return <SecretOnceSheet secret={shown?.secret ?? null} texts={texts} onClose={onClose} testId="api-key-secret" />;
}
