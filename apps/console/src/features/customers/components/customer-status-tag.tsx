import type { CustomerStatus } from '@simshop/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<CustomerStatus, string> = { active: 'green', blacklisted: 'red', rejected: 'orange', invalid: 'default', frozen: 'blue' };

export function CustomerStatusTag({ status }: { status: CustomerStatus }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[status]}>{t(`customers.status.${status}`)}</Tag>;
}
