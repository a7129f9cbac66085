import { useTranslation } from '@/i18n';
import { useRouteError } from '@/lib/router';

/*
 * The shell's own fallbacks are plain markup: they are part of the first screen, and the
 * component library's animated blocks would double its weight for a screen rarely seen.
 */

/** Shown while the first page chunk loads. */
export function RouteLoading() {
  const { t } = useTranslation();
  return (
    <div className="route-loading" role="status">
      <span className="route-loading-dot" />
      <span className="route-loading-dot" />
      <span className="route-loading-dot" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}

/**
 * Shown when a page cannot render, most often because its chunk failed to load (offline, or a
 * new deployment removed the old file): a reload fetches the current build.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <div className="page route-error" role="alert">
      <div className="route-error-icon" aria-hidden="true">!</div>
      <h1 className="route-error-title">{t('route-error.title')}</h1>
      <p className="route-error-desc">{t('route-error.desc')}</p>
      <button type="button" className="route-error-button" onClick={() => window.location.reload()}>
        {t('common.reload')}
      </button>
    </div>
  );
}
