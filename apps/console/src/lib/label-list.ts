import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from './endpoint-query';

/** The shop's labels (the labels page, the product editor's picker). */
export const labelListQueryOptions = () => endpointQuery('adminLabel', 'list', {});

export const useLabelList = () => useQuery(labelListQueryOptions());
