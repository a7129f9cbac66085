import { CalculatorOutline, RightOutline } from 'antd-mobile-icons';
import { useTranslation } from '@/i18n';
import { paths } from '@/config/paths';
import { openPage } from '@/lib/open-page';
import './tool-icon.css';
import './tools-entry.css';

/** Home's small way in to the tools page. */
export function ToolsEntry() {
  const { t } = useTranslation();
  return (
    <button type="button" className="card tools-entry" onClick={() => openPage(paths.tools.path)}>
      <span className="tool-icon" aria-hidden>
        <CalculatorOutline />
      </span>
      <span className="tools-entry-text">
        <span className="tools-entry-title">{t('tools.home-entry')}</span>
        <span className="tools-entry-hint">{t('tools.home-entry.hint')}</span>
      </span>
      <RightOutline aria-hidden className="tools-entry-arrow" />
    </button>
  );
}
