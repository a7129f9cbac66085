import type { AdminRequestOf } from '@simshop/contract';
import { useQuery } from '@tanstack/react-query';
import { endpointListQuery } from '@/lib/endpoint-query';

export const homeRevisionsQueryOptions = (input: AdminRequestOf<'adminContent', 'home_revisions'>) => endpointListQuery('adminContent', 'home_revisions', input);

export const useHomeRevisions = (input: AdminRequestOf<'adminContent', 'home_revisions'>, enabled = true) => useQuery({ ...homeRevisionsQueryOptions(input), enabled });
