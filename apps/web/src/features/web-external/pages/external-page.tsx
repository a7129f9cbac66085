import { Button } from 'antd-mobile';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLayout } from '@/components/page-layout';
import { ErrorState, Spinner } from '@/components/page-states';

/** Only web addresses are shown; `javascript:` and friends must never reach the iframe. */
function parseWebUrl(value: string | null): URL | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

function openInNewWindow(url: string): void {
  const opened = window.open(url, '_blank');
  if (opened) opened.opener = null;
}

/**
 * External web page (SPEC §2 /pages/web/external?url=…&target=…):
 * - `_self` leaves the shop in this window (what the WeChat browser gets, having no tabs); the
 *   entry is replaced so "back" from the site returns to the shop page before, not here;
 * - anything else shows the page embedded, with a button to open it in the browser — for
 *   `_blank` that button leads, since the pop-up was refused to get here.
 */
export function ExternalPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const url = useMemo(() => parseWebUrl(params.get('url')), [params]);
  const target = params.get('target') ?? '';

  useEffect(() => {
    if (url && target === '_self') window.location.replace(url.href);
  }, [url, target]);

  if (!url) {
    return (
      <PageLayout title={t('route.web-external')}>
        <ErrorState description={t('external.invalid')} />
      </PageLayout>
    );
  }

  if (target === '_self') {
    return (
      <PageLayout title={url.host}>
        <Spinner />
        <p className="external-note">{t('external.leaving', { host: url.host })}</p>
      </PageLayout>
    );
  }

  return (
    <PageLayout
      title={url.host}
      className="page--external"
      right={
        <Button size="mini" fill="none" onClick={() => openInNewWindow(url.href)}>
          {t('external.open-browser')}
        </Button>
      }
    >
      {target === '_blank' && (
        <div className="external-banner">
          <Button block color="primary" onClick={() => openInNewWindow(url.href)}>
            {t('external.open-browser')}
          </Button>
        </div>
      )}
      <iframe className="external-frame" src={url.href} title={url.host} referrerPolicy="strict-origin-when-cross-origin" />
    </PageLayout>
  );
}
