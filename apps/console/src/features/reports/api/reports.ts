import type { AdminRequestOf, AdminResponseOf, ReportName } from '@simshop/contract';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { endpointQuery, useEndpointMutation } from '@/lib/endpoint-query';

/** What any report answers: its rows, and for the eSIM report its totals beside them. */
export type ReportAnswer = AdminResponseOf<'adminReports', 'sales'> | AdminResponseOf<'adminReports', 'esim_installs'> | { rows: Array<Record<string, unknown>> };

export interface ReportBody {
  from: string;
  to: string;
  timeZone: string;
  currency?: 'USD' | 'CNY' | undefined;
  bucket?: 'day' | 'week' | 'month' | undefined;
}

/**
 * One report's rows for a period (each report is its own action; the body carries only what that
 * action takes). The shown rows stay while another period or currency of the same report loads;
 * another report's rows never stand in (their shape differs).
 */
export function useReport(name: ReportName, body: ReportBody): UseQueryResult<ReportAnswer> {
  // Every action takes this body or a part of it (the page sends each only what it takes).
  const query = endpointQuery('adminReports', name as 'sales', body as AdminRequestOf<'adminReports', 'sales'>);
  return useQuery({ ...query, placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === name ? previous : undefined) }) as UseQueryResult<ReportAnswer>;
}

export const useExportReport = () => useEndpointMutation('adminReports', 'export', { invalidates: [] });
