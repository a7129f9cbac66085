import { Button } from 'antd-mobile';
import { useEffect, useMemo } from 'react';
import { useTranslation } from '@/i18n';
import { useSearchParams } from '@/lib/router';
import { PageLayout } from '@/components/page-layout';
import { ErrorState, Spinner } from '@/components/page-states';
import { useGoBack } from '@/lib/use-go-back';
import { externalView } from '../external-view';

function openInNewWindow(url: string): void {
  const opened = window.open(url, '_blank');
  if (opened) opened.opener = null;
}

/**
 * External web page (SPEC §2 /pages/web/external?url=…&target=…):
 * - `_self` leaves the shop in this window (what the WeChat browser gets, having no tabs): at
 *   once within the shop's origin, otherwise after a page that names the site and asks (anyone
 *   can write this address: it must not send the shop's customers anywhere unannounced). The
 *   entry is replaced so "back" from the site returns to the shop page before, not here;
 * - anything else shows the page embedded, with a button to open it in the browser — for
 *   `_blank` that button leads, since the pop-up was refused to get here.
 */
export function ExternalPage() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const [params] = useSearchParams();
  const view = useMemo(() => externalView(params.get('url'), params.get('target') ?? '', window.location.origin), [params]);

  useEffect(() => {
    if (view.kind === 'go') window.location.replace(view.url.href);
  }, [view]);

  if (view.kind === 'invalid') {
    return (
      <PageLayout title={t('route.web-external')}>
        <ErrorState description={t('external.invalid')} />
      </PageLayout>
    );
  }

  const { url } = view;
  if (view.kind === 'go') {
    return (
      <PageLayout title={url.host}>
        <Spinner />
        <p className="external-note">{t('external.leaving', { host: url.host })}</p>
      </PageLayout>
    );
  }

  if (view.kind === 'confirm') {
    return (
      <PageLayout title={t('route.web-external')}>
        <section className="card form external-confirm">
          <h2 className="card-title">{t('external.confirm.title')}</h2>
          <p>{t('external.confirm.lead', { host: url.host })}</p>
          <p className="external-address">{url.href}</p>
          <Button block color="primary" onClick={() => window.location.replace(url.href)}>
            {t('external.continue', { host: url.host })}
          </Button>
          <Button block onClick={goBack}>
            {t('external.back')}
          </Button>
        </section>
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
      {view.openFirst && (
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
