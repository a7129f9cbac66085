import { App, Card, Flex, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/query-error';
import { errorText } from '@/lib/form-errors';
import { useCan, useMe } from '@/lib/staff-session';
import { useOpsAlertSettings, useSaveOpsAlertSettings } from '../api/ops-alerts';

/**
 * "Mail me when something fails": the member's own switch for the shop's failure alerts (jobs
 * that gave up, paid eSIMs not issued in time). Shown to platform staff who see the jobs page;
 * the mails are written in the console's language at the time of saving. The switch is a
 * labelled button (Space or Enter toggles it).
 */
export function OpsAlertsCard() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const me = useMe().data;
  const can = useCan();
  const allowed = me !== undefined && me.merchantId === null && can('jobs.read');
  const query = useOpsAlertSettings(allowed);
  const save = useSaveOpsAlertSettings();
  if (!allowed) return null;
  const language = i18n.language === 'zh-Hans' ? 'zh-Hans' : 'en';
  const settings = query.data;
  return (
    <Card title={t('auth.alerts.title')}>
      {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      <Typography.Paragraph id="ops-alerts-help">{t('auth.alerts.help')}</Typography.Paragraph>
      <Flex gap={12} align="center">
        <Switch
          id="ops-alerts-switch"
          aria-describedby="ops-alerts-help"
          checked={settings?.opsAlerts ?? false}
          disabled={!settings}
          loading={query.isPending || save.isPending}
          onChange={(checked) =>
            save.mutate({ opsAlerts: checked, language }, { onSuccess: (saved) => void message.success(t(saved.opsAlerts ? 'auth.alerts.saved-on' : 'auth.alerts.saved-off')), onError: (e) => void message.error(errorText(e, t)) })
          }
        />
        <label htmlFor="ops-alerts-switch">{t('auth.alerts.switch')}</label>
      </Flex>
      {settings?.opsAlerts && settings.language !== null && settings.language !== language ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {t('auth.alerts.other-language')}
        </Typography.Paragraph>
      ) : null}
    </Card>
  );
}
