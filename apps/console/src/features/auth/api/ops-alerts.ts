import type { AdminResponseOf } from '@simshop/contract';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { endpointQuery, useEndpointMutation } from '@/lib/endpoint-query';

/** The signed-in member's failure alerts (mailed when jobs give up or paid eSIMs are delayed). */
export const opsAlertSettingsQueryOptions = () => endpointQuery('adminOpsAlerts', 'settings', {});

/** Read only for members who may have them (platform staff who see the jobs page). */
export const useOpsAlertSettings = (enabled: boolean) => useQuery({ ...opsAlertSettingsQueryOptions(), enabled });

/** Saving answers with the settings as they now read. */
export const useSaveOpsAlertSettings = () =>
  useEndpointMutation('adminOpsAlerts', 'save_settings', {
    invalidates: [],
    written: (client: QueryClient, settings: AdminResponseOf<'adminOpsAlerts', 'settings'>) => client.setQueryData(opsAlertSettingsQueryOptions().queryKey, settings),
  });
