import type { UseQueryResult } from '@tanstack/react-query';
import { Empty, Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { useListParams } from '@/lib/use-list-params';
import { FilterBar, type FilterDecl } from './filter-bar';
import { QueryError } from './query-error';

type ListParams = Pick<ReturnType<typeof useListParams>, 'pagination' | 'onTableChange' | 'filters' | 'setFilters'>;

/**
 * A console list: its filter bar (from the list request's schema), the server's page of rows with
 * paging and sorting kept in the address, the loading state, an error with a retry (the filters
 * stay usable), and an empty state that says whether the filters hide everything or there is
 * nothing yet.
 */
export function ListTable<T extends object>({ query, list, filters, ...table }: { query: UseQueryResult<{ items: T[]; total: number }>; list: ListParams; filters?: { schema: z.ZodObject; fields: readonly FilterDecl[] } } & Omit<TableProps<T>, 'dataSource' | 'pagination' | 'onChange' | 'loading'>) {
  return (
    <>
      {filters ? <FilterBar schema={filters.schema} fields={filters.fields} list={list} /> : null}
      <Rows query={query} list={list} table={table} />
    </>
  );
}

function Rows<T extends object>({ query, list, table }: { query: UseQueryResult<{ items: T[]; total: number }>; list: ListParams; table: Omit<TableProps<T>, 'dataSource' | 'pagination' | 'onChange' | 'loading'> }) {
  const { t } = useTranslation();
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  const filtered = Object.values(list.filters).some((v) => v !== undefined && v !== '');
  return (
    <Table<T>
      rowKey="id"
      {...table}
      loading={query.isFetching}
      dataSource={query.data?.items}
      pagination={list.pagination(query.data?.total)}
      onChange={list.onTableChange as TableProps<T>['onChange']}
      locale={{ emptyText: query.isPending ? ' ' : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(filtered ? 'console.empty-filtered' : 'console.empty')} /> }}
    />
  );
}
