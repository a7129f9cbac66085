import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';

export function DateTime({ value }: { value: number | null | undefined }) {
  const { i18n } = useTranslation();
  return <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(value, i18n.language)}</span>;
}
