import { useQuery } from '@tanstack/react-query';
import { endpointKey, endpointQuery, useEndpointMutation } from '@/lib/endpoint-query';

/** apiKey.list: the reseller's keys, revoked ones too; every key write refreshes it. */
export const apiKeysQuery = () => endpointQuery('apiKey', 'list', {}, { silent: true });
export const useApiKeys = () => useQuery(apiKeysQuery());

const keys = { invalidates: [endpointKey('apiKey')], silent: true } as const;
/** apiKey.create / rotate: the answer carries the secret, shown once by the page. */
export const useCreateApiKey = () => useEndpointMutation('apiKey', 'create', keys);
export const useRotateApiKey = () => useEndpointMutation('apiKey', 'rotate', keys);
export const useRevokeApiKey = () => useEndpointMutation('apiKey', 'revoke', keys);

/** apiKey.spend_limits: the daily spend limits of the API's orders, one per currency, with today's spending. */
export const useApiSpendLimits = () => useQuery(endpointQuery('apiKey', 'spend_limits', {}, { silent: true }));
export const useSetApiSpendLimit = () => useEndpointMutation('apiKey', 'set_spend_limit', keys);
