import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import 'dayjs/locale/zh-cn';
import dayjs from 'dayjs';
import { useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '@/i18n';
import { prefersReducedMotion, watchReducedMotion } from '@/lib/motion';
import { queryClient } from '@/lib/query-client';

// antd's default greys for secondary and placeholder text fall below WCAG's 4.5:1 on white, and so
// do its link blue (from colorInfo, not colorPrimary), its error red (danger buttons, form errors)
// and the text of coloured tags (each palette's 7th shade on its 1st): darker shades here.
const THEME = {
  token: {
    colorPrimary: '#1f5fbf',
    colorLink: '#1f5fbf',
    colorError: '#cf1322',
    borderRadius: 6,
    colorTextSecondary: '#595959',
    colorTextTertiary: '#5f5f5f',
    colorTextDescription: '#595959',
    colorTextPlaceholder: '#6e6e6e',
    colorTextDisabled: '#707070',
  },
  // Palette shades are not taken from `token`; a component's own tokens do override them.
  components: { Tag: { green7: '#237804', gold7: '#874d00', orange7: '#ad4e00', volcano7: '#ad2102', cyan7: '#006d75', lime7: '#3f6600', yellow7: '#876800' } },
};

function LocalisedAntd({ children }: { children: ReactNode }) {
  const { i18n: current } = useTranslation();
  const zh = current.language === 'zh-Hans';
  // antd's own switch for its motion (menus growing, dialogs zooming, rows fading): off while the
  // staff member's system asks for less motion, as WCAG 2.3.3 asks; antd does not look by itself.
  const still = useSyncExternalStore(watchReducedMotion, prefersReducedMotion);
  const theme = useMemo(() => (still ? { ...THEME, token: { ...THEME.token, motion: false } } : THEME), [still]);
  useEffect(() => {
    dayjs.locale(zh ? 'zh-cn' : 'en');
    document.documentElement.lang = current.language;
    document.title = current.t('console.title');
  }, [zh, current]);
  return (
    <ConfigProvider locale={zh ? zhCN : enUS} theme={theme}>
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <LocalisedAntd>{children}</LocalisedAntd>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
