import { useQuery } from '@tanstack/react-query';
import { userEndpoint } from '@/features/accounts/api/user-endpoint';
import { endpointKey, endpointQuery, useEndpointMutation } from '@/lib/endpoint-query';

/** user.notifications (resellerUser.notifications for a reseller): the language of the shop's messages and the optional ones on. */
export const notificationSettingsQuery = () => endpointQuery(userEndpoint(), 'notifications', {});
export const useNotificationSettings = () => useQuery(notificationSettingsQuery());

/** user.set_notifications: the answer is the settings now, written into the read's cache. */
export const useSetNotificationSettings = () => {
  const endpoint = userEndpoint();
  return useEndpointMutation(endpoint, 'set_notifications', {
    invalidates: [],
    written: (client, result) => client.setQueryData(endpointKey(endpoint, 'notifications', {}), result),
  });
};
