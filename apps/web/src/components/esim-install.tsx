import { Button } from 'antd-mobile';
import { useTranslation } from '@/i18n';
import { iosInstallUrl, lpaString } from '@simshop/contract';
import { currentUserAgent, detectInAppBrowser, phoneOs, type InAppBrowser, type PhoneOs } from '@/lib/in-app-browser';
import { OpenInBrowser } from './open-in-browser';
import { QrCode } from './qr-code';

/**
 * The phone's platform decides how the eSIM is offered (DESIGN §4), and an app's own browser
 * (WeChat, Instagram…) that it be opened in Safari or Chrome first: the iPhone's one-tap link does
 * nothing there.
 */
export function installPlatform(): { os: PhoneOs; inApp: InAppBrowser | null } {
  const ua = currentUserAgent();
  return { os: phoneOs(ua), inApp: detectInAppBrowser(ua) };
}

/**
 * How to install an eSIM: the QR code of its LPA string, the iOS one-tap link and the Android
 * steps. Shared by the eSIM detail page and the QPE result pages.
 */
export function EsimInstall({ dpAddress, activationCode, onQrShown }: { dpAddress: string; activationCode: string; onQrShown?: () => void }) {
  const { t } = useTranslation();
  const { os, inApp } = installPlatform();
  const lpa = lpaString(dpAddress, activationCode);
  return (
    <section className="card esim-install">
      <h2 className="card-title">{t('esim.install')}</h2>
      {inApp ? <OpenInBrowser browser={inApp} /> : null}
      <QrCode text={lpa} label={lpa} {...(onQrShown ? { onShown: onQrShown } : {})} />
      <p className="muted">{t('esim.install.lead')}</p>
      {os === 'ios' && !inApp ? (
        <Button block color="primary" onClick={() => window.location.assign(iosInstallUrl(dpAddress, activationCode))}>
          {t('esim.install.ios')} <span className="muted">({t('esim.install.ios.hint')})</span>
        </Button>
      ) : null}
      {os !== 'ios' ? <p className="install-steps">{t('esim.install.android')}</p> : null}
    </section>
  );
}
