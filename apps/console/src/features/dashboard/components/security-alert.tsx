import type { DashboardSummary } from '@simshop/contract';
import { Alert, List } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateTime } from '@/components/date-time';

/**
 * Staff accounts someone keeps failing to sign in to: the member's known devices still get in,
 * others wait growing delays; the owner looks at the security events and warns the member.
 */
export function SecurityAlert({ alerts, canOpen }: { alerts: DashboardSummary['securityAlerts']; canOpen: boolean }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      data-testid="security-alert"
      title={t('dashboard.security.title', { count: alerts.length })}
      description={
        <>
          <List
            size="small"
            dataSource={alerts}
            renderItem={(a) => (
              <List.Item>
                {canOpen ? <Link to={`/audit?view=security&account=${encodeURIComponent(a.account)}`}>{a.account}</Link> : a.account}
                {' — '}
                {t('dashboard.security.line', { failures: a.failures, count: a.addresses })} <DateTime value={a.lastAt} />
              </List.Item>
            )}
          />
          {t('dashboard.security.hint')}
        </>
      }
    />
  );
}
