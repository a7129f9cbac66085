import { ActionSheet, List } from 'antd-mobile';
import { GlobalOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { LANGUAGES } from '@simshop/contract';
import type { Language } from '@simshop/contract';
import { setLanguage, useLanguage, useTranslation } from '@/i18n';

/**
 * The language row of the mine page: the current language by its own name, and a sheet to
 * switch. The switch applies at once, is stored for the next visit and sets `<html lang>`.
 */
export function LanguageSelector() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [open, setOpen] = useState(false);
  return (
    <>
      <List.Item prefix={<GlobalOutline />} extra={t(`language.${language}`)} onClick={() => setOpen(true)} arrowIcon data-testid="language-selector">
        {t('mine.language')}
      </List.Item>
      <ActionSheet
        visible={open}
        extra={t('mine.language.title')}
        cancelText={t('common.cancel')}
        onClose={() => setOpen(false)}
        actions={LANGUAGES.map((lang: Language) => ({
          key: lang,
          text: t(`language.${lang}`),
          bold: lang === language,
          onClick: () => {
            setOpen(false);
            if (lang !== language) void setLanguage(lang);
          },
        }))}
      />
    </>
  );
}
