import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';

/** The shop's labels (the labels page, the product editor's picker). */
export const labelListQueryOptions = () => queryOptions({ queryKey: ['adminLabel', 'list', {}], queryFn: ({ signal }) => adminCall('adminLabel', 'list', {}, { signal }) });

export const useLabelList = () => useQuery(labelListQueryOptions());
