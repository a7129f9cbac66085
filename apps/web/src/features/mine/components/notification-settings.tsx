import { List } from 'antd-mobile';
import { useId } from 'react';
import { LANGUAGES, type Language, type NotificationSettings as Settings } from '@simshop/contract';
import { QueryState } from '@/components/page-states';
import { ToggleSwitch } from '@/components/toggle-switch';
import { useTranslation } from '@/i18n';
import { useNotificationSettings, useSetNotificationSettings } from '../api/notification-settings';
import { DeviceAlertsRow } from './device-alerts';
import './notification-settings.css';

/**
 * Mine → Notifications: the language of the shop's mails and texts, and the optional ones
 * (chat answers, usage alerts) on or off. Orders, receipts and eSIM codes always come. Native
 * controls: a switch and a select work with the keyboard and screen readers as they are.
 */
export function NotificationSettings() {
  const { t } = useTranslation();
  const query = useNotificationSettings();
  return (
    <List className="card card--list notification-settings" header={t('notify.title')}>
      <QueryState query={query} rows={2}>
        {(settings) => <SettingsRows settings={settings} />}
      </QueryState>
    </List>
  );
}

function SettingsRows({ settings }: { settings: Settings }) {
  const { t } = useTranslation();
  const save = useSetNotificationSettings();
  const id = useId();
  const change = (patch: Partial<Settings>) => save.mutate(patch);
  const toggle = (key: 'chatAnswered' | 'usageAlerts', label: string) => (
    <List.Item
      key={key}
      description={t(`notify.${key}.hint`)}
      extra={<ToggleSwitch id={`${id}-${key}`} checked={settings[key]} disabled={save.isPending} onChange={(on) => change({ [key]: on })} />}
    >
      <label htmlFor={`${id}-${key}`}>{label}</label>
    </List.Item>
  );
  return (
    <>
      <List.Item
        description={t('notify.always')}
        extra={
          <select id={`${id}-language`} className="notify-language" value={settings.language} disabled={save.isPending} onChange={(e) => change({ language: e.target.value as Language })}>
            {LANGUAGES.map((lang) => (
              <option key={lang} value={lang}>
                {t(`language.${lang}`)}
              </option>
            ))}
          </select>
        }
      >
        <label htmlFor={`${id}-language`}>{t('notify.language')}</label>
      </List.Item>
      {toggle('chatAnswered', t('notify.chatAnswered'))}
      {toggle('usageAlerts', t('notify.usageAlerts'))}
      <DeviceAlertsRow usageAlerts={settings.usageAlerts} />
    </>
  );
}
