import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import type { ReactNode } from 'react';
import { useLanguage } from '@/i18n';
import { queryClient } from '@/lib/query-client';

/** Server state and the component library's own texts (date pickers, empty states) per language. */
export function AppProviders({ children }: { children: ReactNode }) {
  const language = useLanguage();
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={language === 'zh-Hans' ? zhCN : enUS}>{children}</ConfigProvider>
    </QueryClientProvider>
  );
}
