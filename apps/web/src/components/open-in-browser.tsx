import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '@/i18n';
import { leaveSteps, lineExternalUrl, type InAppBrowser } from '@/lib/in-app-browser';
import './open-in-browser.css';

type Copied = 'not-yet' | 'copied' | 'failed';

/**
 * Inside an app's own browser (WeChat, Instagram…) an eSIM cannot be installed from the page: how
 * to open it in Safari or Chrome, with the page's link to copy. Shown from the first paint (the
 * user agent is known at once), so nothing moves under the customer's finger.
 */
export function OpenInBrowser({ browser }: { browser: InAppBrowser }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<Copied>('not-yet');
  const href = window.location.href;
  const steps = leaveSteps(browser);
  const app = t(`inapp.app.${browser.app}`);
  const browserName = t(steps.browserKey);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(href);
      setCopied('copied');
    } catch {
      // Some in-app browsers refuse the clipboard: the link is shown above to press and hold.
      setCopied('failed');
    }
  };
  return (
    <section className="open-in-browser" aria-labelledby="open-in-browser-title">
      <h3 className="open-in-browser-title" id="open-in-browser-title">
        {t('inapp.title', { browser: browserName })}
      </h3>
      <p className="open-in-browser-steps">{t('inapp.steps', { app, menu: steps.menu, item: t(steps.itemKey), browser: browserName })}</p>
      <p className="open-in-browser-link mono">{href}</p>
      <div className="open-in-browser-actions">
        <Button block color="primary" fill="outline" onClick={() => void copy()}>
          {t(copied === 'copied' ? 'inapp.copied' : copied === 'failed' ? 'inapp.copy-failed' : 'inapp.copy')}
        </Button>
        {browser.app === 'line' ? (
          <a className="open-in-browser-line" href={lineExternalUrl(href)}>
            {t('inapp.open-line')}
          </a>
        ) : null}
      </div>
      <p className="visually-hidden" role="status">
        {copied === 'copied' ? t('inapp.copied') : copied === 'failed' ? t('inapp.copy-failed') : ''}
      </p>
      <p className="open-in-browser-codes">{t('inapp.codes')}</p>
    </section>
  );
}
