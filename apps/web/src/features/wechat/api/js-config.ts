import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@/lib/endpoint-query';

/** wechat.js_config: the server-signed JS-SDK configuration for this page's address (without its #fragment). */
export const jsConfigQueryOptions = (url: string) => queryOptions({ ...endpointQuery('wechat', 'js_config', { url }, { silent: true }), staleTime: Infinity });

export const useJsConfig = (url: string, enabled: boolean) => useQuery({ ...jsConfigQueryOptions(url), enabled });
