import { Button } from 'antd-mobile';
import type { CSSProperties } from 'react';
import { useTranslation } from '@/i18n';
import { paths } from '@/config/paths';
import { isWeChatBrowser, openPage } from '@/lib/open-page';

/** Inside WeChat's browser only: the way to WeChat sign-in, keeping where to return. */
export function WechatSignIn({ redirect }: { redirect?: string | undefined }) {
  const { t } = useTranslation();
  if (typeof navigator === 'undefined' || !isWeChatBrowser(navigator.userAgent)) return null;
  return (
    <Button block color="success" className="wechat-entry" style={{ marginTop: 12, '--background-color': '#07c160', '--border-color': '#07c160' } as CSSProperties} onClick={() => openPage(paths['login-wechat'].getHref({ redirect }))}>
      {t('wechat.entry')}
    </Button>
  );
}
