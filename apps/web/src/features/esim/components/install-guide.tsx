import { Button, List } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '@/i18n';
import { iosInstallUrl, lpaString } from '@simshop/contract';
import { CopyRow } from '@/components/copy-row';
import { installPlatform } from '@/components/esim-install';
import { OpenInBrowser } from '@/components/open-in-browser';
import { QrCode } from '@/components/qr-code';

type Way = 'ios' | 'android' | 'qr';
const WAYS: readonly Way[] = ['ios', 'android', 'qr'];

/**
 * The install guided per platform: on an iPhone the one-tap link, on Android the
 * steps with the codes to copy, and the QR code for installing on another phone. The tab the
 * phone needs opens first; the QR is drawn only on its tab (a showing is counted by the shop).
 */
export function InstallGuide({ dpAddress, activationCode, onQrShown }: { dpAddress: string; activationCode: string; onQrShown?: () => void }) {
  const { t } = useTranslation();
  const { os, inApp } = installPlatform();
  // Inside an app's browser an iPhone cannot use the one-tap link: the QR and the codes come first.
  const [way, setWay] = useState<Way>(os === 'ios' && !inApp ? 'ios' : os === 'android' ? 'android' : 'qr');
  const lpa = lpaString(dpAddress, activationCode);
  // Typed by hand on the phone when it cannot scan or tap: shown on the Android and QR tabs.
  const codes = (
    <List className="install-codes">
      <CopyRow label={t('esim.dp-address')} value={dpAddress} />
      <CopyRow label={t('esim.activation-code')} value={activationCode} />
    </List>
  );
  return (
    <div className="install-guide">
      {inApp ? <OpenInBrowser browser={inApp} /> : null}
      <div className="install-ways" role="tablist" aria-label={t('install.ways')}>
        {WAYS.map((w) => (
          <button key={w} type="button" role="tab" id={`install-tab-${w}`} aria-controls={`install-panel-${w}`} aria-selected={way === w} className={way === w ? 'install-way install-way--on' : 'install-way'} onClick={() => setWay(w)}>
            {t(`install.way.${w}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`install-panel-${way}`} aria-labelledby={`install-tab-${way}`} className="install-panel">
        {way === 'ios' ? (
          <>
            {inApp ? (
              <p className="install-in-app">{t('inapp.ios-button')}</p>
            ) : (
              <Button block color="primary" size="large" onClick={() => window.location.assign(iosInstallUrl(dpAddress, activationCode))}>
                {t('install.ios.button')}
              </Button>
            )}
            <ol className="install-steps-list">
              <li>{t('install.ios.step1')}</li>
              <li>{t('install.ios.step2')}</li>
              <li>{t('install.ios.step3')}</li>
            </ol>
          </>
        ) : null}
        {way === 'android' ? (
          <>
            <ol className="install-steps-list">
              <li>{t('install.android.step1')}</li>
              <li>{t('install.android.step2')}</li>
              <li>{t('install.android.step3')}</li>
              <li>{t('install.android.step4')}</li>
            </ol>
            {codes}
          </>
        ) : null}
        {way === 'qr' ? (
          <>
            <p className="muted">{t('install.qr.lead')}</p>
            <div className="install-qr">
              <QrCode text={lpa} label={lpa} {...(onQrShown ? { onShown: onQrShown } : {})} />
            </div>
            <p className="muted">{t('install.qr.manual')}</p>
            {codes}
          </>
        ) : null}
      </div>
      <p className="install-note">{t('install.note')}</p>
    </div>
  );
}
