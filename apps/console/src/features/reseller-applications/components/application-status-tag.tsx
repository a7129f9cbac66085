import type { ResellerApplicationStatus } from '@simshop/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<ResellerApplicationStatus, string> = { pending: 'gold', approved: 'green', rejected: 'red' };

export function ApplicationStatusTag({ status }: { status: ResellerApplicationStatus }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[status]}>{t(`reseller-applications.status.${status}`)}</Tag>;
}
