import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { List } from 'antd-mobile';
import { useId } from 'react';
import { QueryState } from '@/components/page-states';
import { ToggleSwitch } from '@/components/toggle-switch';
import { useTranslation } from '@/i18n';
import { deviceAlertsKey, deviceAlertsQuery, turnDeviceAlertsOff, turnDeviceAlertsOn, type DeviceAlerts } from '../api/web-push';

/**
 * "Alerts on this device": data and expiry alerts as the phone's or computer's own
 * notifications (Web Push), where the browser can show them. A native checkbox drawn as a switch,
 * with its state said in words (not supported, blocked, on, off) in its description.
 */
export function DeviceAlertsRow({ usageAlerts }: { usageAlerts: boolean }) {
  const query = useQuery(deviceAlertsQuery());
  return (
    <QueryState query={query} rows={1}>
      {(device) => <DeviceSwitch device={device} usageAlerts={usageAlerts} />}
    </QueryState>
  );
}

function DeviceSwitch({ device, usageAlerts }: { device: DeviceAlerts; usageAlerts: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const client = useQueryClient();
  const toggle = useMutation({
    mutationFn: async (on: boolean): Promise<void> => {
      if (on) await turnDeviceAlertsOn(device.publicKey ?? '');
      else await turnDeviceAlertsOff();
    },
    onSettled: () => client.invalidateQueries({ queryKey: deviceAlertsKey }),
  });
  const usable = device.state === 'on' || device.state === 'off';
  const hint = !usageAlerts && usable ? t('notify.device.needsAlerts') : t(`notify.device.${device.state}`);
  return (
    <List.Item
      description={
        <span id={`${id}-hint`}>
          {hint}
          {toggle.isError ? (
            <span className="notify-error" role="alert">
              {' '}
              {t('notify.device.failed')}
            </span>
          ) : null}
        </span>
      }
      extra={
        <ToggleSwitch
          id={`${id}-device`}
          aria-describedby={`${id}-hint`}
          checked={device.state === 'on'}
          disabled={!usable || !usageAlerts || toggle.isPending}
          onChange={(on) => toggle.mutate(on)}
        />
      }
    >
      <label htmlFor={`${id}-device`}>{t('notify.device')}</label>
    </List.Item>
  );
}
