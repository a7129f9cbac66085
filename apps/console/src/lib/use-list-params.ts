import type { TablePaginationConfig, TableProps } from 'antd';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A console list's state lives in the address: page, page size, sort and every filter, so a
 * filtered list can be bookmarked, shared, and linked to from the dashboard. `filters` are the
 * raw strings of the named parameters; the page turns them into its request.
 */
export function useListParams<K extends string>(filterNames: readonly K[], defaults: { sortField?: string; sortOrder?: 'asc' | 'desc'; pageSize?: number } = {}) {
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const pageSize = Number(search.get('pageSize')) || defaults.pageSize || 20;
  const sortField = search.get('sortField') ?? defaults.sortField;
  const sortOrder = (search.get('sortOrder') as 'asc' | 'desc' | null) ?? defaults.sortOrder ?? 'desc';
  const filters = {} as Record<K, string | undefined>;
  for (const name of filterNames) filters[name] = search.get(name) ?? undefined;

  /** Sets filters (undefined or '' clears one) and goes back to the first page. */
  const setFilters = useCallback(
    (patch: Partial<Record<K, string | number | undefined | null>>) => {
      setSearch((prev) => {
        const next = new URLSearchParams(prev);
        for (const [name, value] of Object.entries(patch)) {
          if (value === undefined || value === null || value === '') next.delete(name);
          else next.set(name, String(value));
        }
        next.delete('page');
        return next;
      });
    },
    [setSearch],
  );

  const resetFilters = useCallback(() => setSearch(new URLSearchParams()), [setSearch]);

  const onTableChange = useCallback<NonNullable<TableProps<unknown>['onChange']>>(
    (pagination: TablePaginationConfig, _filters, sorter) => {
      setSearch((prev) => {
        const next = new URLSearchParams(prev);
        next.set('page', String(pagination.current ?? 1));
        next.set('pageSize', String(pagination.pageSize ?? 20));
        const s = Array.isArray(sorter) ? sorter[0] : sorter;
        if (s?.order && s.field) {
          next.set('sortField', String(s.field));
          next.set('sortOrder', s.order === 'ascend' ? 'asc' : 'desc');
        } else {
          next.delete('sortField');
          next.delete('sortOrder');
        }
        return next;
      });
    },
    [setSearch],
  );

  const pagination = (total: number | undefined): TablePaginationConfig => ({ current: page, pageSize, total: total ?? 0, showSizeChanger: true, pageSizeOptions: [10, 20, 50, 100] });
  const sortOrderOf = (field: string) => (sortField === field ? (sortOrder === 'asc' ? ('ascend' as const) : ('descend' as const)) : null);

  /** A sortable column's props for a request field: sorted by it when the address says so. */
  const sortable = (field: string) => ({ sorter: true, sortOrder: sortOrderOf(field) });
  return { page, pageSize, sortField, sortOrder, filters, setFilters, resetFilters, onTableChange, pagination, sortable };
}
