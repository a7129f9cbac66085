import { queryOptions } from '@tanstack/react-query';
import type { PushSubscriptionJson } from '@simshop/contract';
import { call } from '@/lib/api-client';

/**
 * push.key, push.status, push.subscribe, push.unsubscribe: alerts on this device. What the
 * browser holds (its permission, its PushSubscription through the service worker) and what the
 * shop keeps for the signed-in customer are read together, as one state for the switch.
 */
export type DeviceAlertsState = 'unsupported' | 'blocked' | 'on' | 'off';

export interface DeviceAlerts {
  state: DeviceAlertsState;
  /** The shop's VAPID key, for subscribing; null when the shop or the browser has no Web Push. */
  publicKey: string | null;
}

/** The service worker exists in built shops only (the dev server has none to push to). */
const pushSupported = () => import.meta.env.PROD && typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof window !== 'undefined' && 'PushManager' in window && 'Notification' in window;

const workerSubscription = async () => (await navigator.serviceWorker.ready).pushManager.getSubscription();

export const deviceAlertsKey = ['push', 'device'] as const;

export const deviceAlertsQuery = () =>
  queryOptions({
    queryKey: deviceAlertsKey,
    queryFn: async ({ signal }): Promise<DeviceAlerts> => {
      if (!pushSupported()) return { state: 'unsupported', publicKey: null };
      const { publicKey } = await call('push', 'key', {}, { signal });
      if (!publicKey) return { state: 'unsupported', publicKey: null };
      if (Notification.permission === 'denied') return { state: 'blocked', publicKey };
      const subscription = Notification.permission === 'granted' ? await workerSubscription() : null;
      if (!subscription) return { state: 'off', publicKey };
      const { subscribed } = await call('push', 'status', { endpoint: subscription.endpoint }, { signal });
      return { state: subscribed ? 'on' : 'off', publicKey };
    },
  });

const keyBytes = (base64url: string) => Uint8Array.from(atob(base64url.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

/**
 * Asks the browser's permission (the click is the gesture it needs), subscribes through the
 * service worker with the shop's key and hands the subscription to the shop. False: the
 * customer did not allow notifications.
 */
export async function turnDeviceAlertsOn(publicKey: string): Promise<boolean> {
  if ((await Notification.requestPermission()) !== 'granted') return false;
  const registration = await navigator.serviceWorker.ready;
  const subscription = (await registration.pushManager.getSubscription()) ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  await call('push', 'subscribe', subscription.toJSON() as PushSubscriptionJson);
  return true;
}

/** The shop forgets this browser, and the browser drops its subscription. */
export async function turnDeviceAlertsOff(): Promise<void> {
  const subscription = await workerSubscription();
  if (!subscription) return;
  await call('push', 'unsubscribe', { endpoint: subscription.endpoint });
  await subscription.unsubscribe();
}
