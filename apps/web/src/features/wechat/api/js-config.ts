import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** The server-signed JS-SDK configuration for this page's address (without its #fragment). */
export const jsConfigQueryOptions = (url: string) =>
  queryOptions({
    queryKey: ['wechat', 'js_config', url],
    queryFn: ({ signal }) => call('wechat', 'js_config', { url }, { signal, silent: true }),
    staleTime: Infinity,
  });

export const useJsConfig = (url: string, enabled: boolean) => useQuery({ ...jsConfigQueryOptions(url), enabled });
