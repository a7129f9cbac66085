import { Button, NoticeBar } from 'antd-mobile';
import { useTranslation } from '@/i18n';
import { iosInstallUrl, lpaString } from '@simshop/contract';
import { isWeChatBrowser } from '@/lib/open-page';
import { QrCode } from './qr-code';

/** The phone's platform decides how the eSIM is offered (DESIGN §4). */
export function installPlatform(): 'ios' | 'android' | 'wechat' | 'other' {
  const ua = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  if (isWeChatBrowser(ua)) return 'wechat';
  if (/iPhone|iPad|iPod/i.test(ua)) return 'ios';
  if (/Android/i.test(ua)) return 'android';
  return 'other';
}

/**
 * How to install an eSIM: the QR code of its LPA string, the iOS one-tap link and the Android
 * steps. Shared by the eSIM detail page and the QPE result pages.
 */
export function EsimInstall({ dpAddress, activationCode, onQrShown }: { dpAddress: string; activationCode: string; onQrShown?: () => void }) {
  const { t } = useTranslation();
  const os = installPlatform();
  const lpa = lpaString(dpAddress, activationCode);
  return (
    <section className="card esim-install">
      <h2 className="card-title">{t('esim.install')}</h2>
      {os === 'wechat' ? <NoticeBar color="alert" content={t('esim.install.wechat')} wrap /> : null}
      <QrCode text={lpa} label={lpa} {...(onQrShown ? { onShown: onQrShown } : {})} />
      <p className="muted">{t('esim.install.lead')}</p>
      {os === 'ios' ? (
        <Button block color="primary" onClick={() => window.location.assign(iosInstallUrl(dpAddress, activationCode))}>
          {t('esim.install.ios')} <span className="muted">({t('esim.install.ios.hint')})</span>
        </Button>
      ) : null}
      {os === 'android' || os === 'other' ? <p className="install-steps">{t('esim.install.android')}</p> : null}
    </section>
  );
}
