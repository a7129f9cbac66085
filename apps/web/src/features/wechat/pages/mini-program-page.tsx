import { createElement, useEffect, useState } from 'react';
import { useTranslation } from '@/i18n';
import { useSearchParams } from '@/lib/router';
import { PageLayout } from '@/components/page-layout';
import { ErrorState, QueryState, type QueryView } from '@/components/page-states';
import { QrCode } from '@/components/qr-code';
import { isWeChatBrowser, MP_UNSUPPORTED_KEY } from '@/lib/open-page';
import { useJsConfig } from '../api/js-config';
import { configureWechat } from '../wechat-sdk';
import '../wechat.css';

/** The open tag's button: WeChat draws it from this template inside its own frame, so it carries its own style. */
const buttonTemplate = (label: string) =>
  `<style>.open{display:block;width:100%;padding:12px;border:0;border-radius:8px;background:#07c160;color:#fff;font-size:17px}</style><button class="open">${label.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}</button>`;

/**
 * A WeChat mini program (`mp` links, `/pages/wechat/mp?appId=&path=`). Inside WeChat the
 * open tag `wx-open-launch-weapp` opens it, once the server-signed JS-SDK configuration is
 * accepted; elsewhere the page explains, with a QR code of itself to scan with WeChat.
 */
export function MiniProgramPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const appId = params.get('appId') ?? '';
  const path = params.get('path') ?? '';
  const inWechat = isWeChatBrowser(navigator.userAgent);
  const pageUrl = window.location.href.split('#')[0]!;
  const config = useJsConfig(pageUrl, inWechat && appId !== '');
  const [sdk, setSdk] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    if (!config.data) return;
    let live = true;
    configureWechat(config.data).then(
      () => live && setSdk('ready'),
      () => live && setSdk('failed'),
    );
    return () => {
      live = false;
    };
  }, [config.data]);
  // Ready once the server's signature is in and the WeChat SDK has taken it; a retry reloads the page.
  const opener: QueryView<true> = {
    isPending: !config.isError && sdk === 'loading',
    isError: config.isError || sdk === 'failed',
    data: sdk === 'ready' ? true : undefined,
    refetch: async () => window.location.reload(),
  };

  return (
    <PageLayout title={t('route.wechat-mp')}>
      <div className="card wechat-card">
        {appId === '' ? <ErrorState title={t('res.param.error')} /> : null}
        {appId !== '' && !inWechat ? (
          <>
            <p className="wechat-lead">{t(MP_UNSUPPORTED_KEY)}</p>
            <div className="wechat-qr">
              <QrCode text={pageUrl} label={t('wechat.mp.qr')} />
            </div>
            <p className="wechat-lead">{t('wechat.mp.scan')}</p>
          </>
        ) : null}
        {appId !== '' && inWechat ? (
          <>
            <p className="wechat-lead">{t('wechat.mp.lead')}</p>
            <QueryState query={opener} rows={1} errorTitle={t('wechat.mp.failed')}>
              {() =>
                createElement(
                  'wx-open-launch-weapp',
                  { appid: appId, path: path || undefined, class: 'wechat-open-tag' },
                  createElement('script', { type: 'text/wxtag-template', dangerouslySetInnerHTML: { __html: buttonTemplate(t('wechat.mp.open')) } }),
                )
              }
            </QueryState>
          </>
        ) : null}
      </div>
    </PageLayout>
  );
}
