import { GlobalOutline } from 'antd-mobile-icons';
import { LANGUAGES } from '@simshop/contract';
import { ChoiceSheet } from '@/components/choice-sheet';
import { setLanguage, useLanguage, useTranslation } from '@/i18n';

/**
 * The language row of the mine page: the current language by its own name, and a sheet to
 * switch. The switch applies at once, is stored for the next visit and sets `<html lang>`.
 */
export function LanguageSelector() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <ChoiceSheet
      icon={<GlobalOutline />}
      label={t('mine.language')}
      title={t('mine.language.title')}
      value={language}
      options={LANGUAGES.map((lang) => ({ value: lang, text: t(`language.${lang}`) }))}
      onChoose={(lang) => void setLanguage(lang)}
      testId="language-selector"
    />
  );
}
