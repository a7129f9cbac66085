import { useEffect } from 'react';
import { useTranslation } from '@/i18n';

/** Names the browser tab and history entry after the page, followed by the shop's name. */
export function useDocumentTitle(title: unknown): void {
  const { t } = useTranslation();
  const appTitle = t('app.title');
  useEffect(() => {
    if (typeof title !== 'string' || !title) return;
    document.title = title.includes(appTitle) ? title : `${title} · ${appTitle}`;
  }, [title, appTitle]);
}
