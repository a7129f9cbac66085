import type { SavedFilterList } from '@simshop/contract';
import { useQuery } from '@tanstack/react-query';
import { endpointKey, endpointQuery, useEndpointMutation } from '@/lib/endpoint-query';

/** The signed-in member's saved views of one list. */
export const useSavedViews = (list: SavedFilterList) => useQuery(endpointQuery('adminSavedFilter', 'list', { list }));

const WRITE = { invalidates: [endpointKey('adminSavedFilter')] };
export const useCreateSavedView = () => useEndpointMutation('adminSavedFilter', 'create', WRITE);
export const useRenameSavedView = () => useEndpointMutation('adminSavedFilter', 'rename', WRITE);
export const useDeleteSavedView = () => useEndpointMutation('adminSavedFilter', 'delete', WRITE);
