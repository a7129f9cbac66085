import { NoticeBar } from 'antd-mobile';
import type { CSSProperties } from 'react';
import { useLanguage, useTranslation } from '@/i18n';
import { formatDate } from '@/lib/format-date';

// Dark text on a pale blue: the theme's notice text colour is the brand yellow, unreadable here.
const NOTE_STYLE = { '--background-color': '#e6f0ff', '--border-color': '#b7d0f5', '--text-color': '#1f1f1f' } as CSSProperties;

/** Says plainly that the page shows the copy saved on the phone, and from when. */
export function OfflineNote({ savedAt }: { savedAt: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const time = formatDate(savedAt, lang, 'mediumDateTime');
  return <NoticeBar className="offline-note" color="info" wrap style={NOTE_STYLE} content={<span role="status">{t('esim.offline.note', { time })}</span>} />;
}
