import { UploadOutlined } from '@ant-design/icons';
import { esimClassLabelKey, poolListRequest, formatMoney, type GenerateClassRow, type PoolRow } from '@simshop/contract';
import { App, Button, Flex, Progress, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CsvImportModal } from '@/components/csv-import-modal';
import { FilterBar } from '@/components/filter-bar';
import { FittedTableFrame, OneLine, useFittedColumns, type FittedColumn } from '@/components/fitted-columns';
import { ListTable } from '@/components/list-table';
import { PageHeader } from '@/components/page-header';
import { QueryError } from '@/components/query-error';
import { errorText } from '@/lib/form-errors';
import { localText } from '@/lib/format';
import { useCan } from '@/lib/staff-session';
import { useListRequest } from '@/lib/use-list-request';
import { useCloseClass } from '../api/class-close';
import { useClassList } from '../api/class-list';
import { useImportPool } from '../api/pool-import';
import { usePoolList } from '../api/pool-list';
import { ClassDialog, type ClassTarget } from '../components/class-dialog';

const LOW_LEVELS = [10, 50, 100];

/** A pool's level: free codes against every code it had; empty pools stand out. */
function Level({ row }: { row: PoolRow }) {
  const { t } = useTranslation();
  const percent = row.total === 0 ? 0 : Math.round((row.free / row.total) * 100);
  return (
    <Flex vertical>
      <Progress percent={percent} showInfo={false} size="small" status={row.free === 0 ? 'exception' : 'normal'} aria-label={t('inventory.level.label', { free: row.free, total: row.total })} />
      <Typography.Text style={{ fontSize: 12 }}>{t('inventory.level', { free: row.free, assigned: row.assigned, total: row.total })}</Typography.Text>
    </Flex>
  );
}

function PoolsTab({ onClass }: { onClass: (target: ClassTarget) => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const writable = can('inventory.write');
  const list = useListRequest(poolListRequest, { sortField: 'code', sortOrder: 'asc' });
  const query = usePoolList(list.request);
  const importPool = useImportPool();
  const [loading, setLoading] = useState<PoolRow | null>(null);
  const lang = i18n.language;
  const nameOf = (row: PoolRow) => `${localText(row.productName, lang)}${row.options.length ? ` · ${row.options.map((o) => localText(o, lang)).join(' / ')}` : ''}`;

  const columns: FittedColumn<PoolRow>[] = [
    { key: 'code', label: t('inventory.sku'), priority: 1, width: 170, title: t('inventory.sku'), dataIndex: 'skuCode', ...list.sortable('code'), render: (code: string) => <OneLine text={code}><Typography.Text code>{code}</Typography.Text></OneLine> },
    {
      title: t('inventory.product'),
      key: 'product',
      label: t('inventory.product'),
      priority: 1,
      width: 200,
      render: (_, row) => (
        <Flex vertical>
          <Link to={`/products/${row.productId}`}>{nameOf(row)}</Link>
          {!row.onSale ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('inventory.not-in-shop')}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    { title: t('inventory.free'), key: 'free', label: t('inventory.free'), priority: 1, width: 200, ...list.sortable('free'), render: (_, row) => <Level row={row} /> },
    { title: t('inventory.stock'), key: 'stock', label: t('inventory.stock'), priority: 2, width: 100, dataIndex: 'stock', render: (v: number | null) => v ?? '—' },
    {
      title: t('inventory.class'),
      key: 'class',
      label: t('inventory.class'),
      priority: 3,
      width: 200,
      render: (_, row) =>
        row.generateClass ? <Tag color={row.generateClass.open ? 'green' : 'default'} style={{ whiteSpace: 'normal' }}>{`${t(esimClassLabelKey(row.generateClass.class))} · ${t(row.generateClass.open ? 'inventory.open' : 'inventory.closed')}`}</Tag> : <Typography.Text type="secondary">—</Typography.Text>,
    },
    ...(writable
      ? [
          {
            title: t('console.actions'),
            key: 'actions',
            label: t('console.actions'),
            priority: 1,
            width: 300,
            render: (_: unknown, row: PoolRow) => (
              <Space wrap>
                <Button size="small" icon={<UploadOutlined />} onClick={() => setLoading(row)} aria-label={`${t('inventory.load')} ${row.skuCode}`}>
                  {t('inventory.load')}
                </Button>
                {!row.generateClass ? (
                  <Button size="small" onClick={() => onClass({ skuId: row.skuId, skuCode: row.skuCode, name: nameOf(row), currency: row.currency, unitPrice: row.wholesalePrice ?? row.price })}>
                    {t('inventory.class.open')}
                  </Button>
                ) : null}
              </Space>
            ),
          },
        ]
      : []),
  ];
  const fitted = useFittedColumns('inventory', columns);

  return (
    <>
      <FilterBar
        schema={poolListRequest}
        list={list}
        fields={[
          { name: 'q', label: 'inventory.search', width: 280 },
          // A few useful levels rather than any number the request allows.
          {
            key: 'freeBelow',
            control: (
              <Select
                allowClear
                placeholder={t('inventory.low')}
                value={list.request.freeBelow}
                onChange={(v) => list.setFilters({ freeBelow: v })}
                style={{ width: 200 }}
                aria-label={t('inventory.low')}
                options={LOW_LEVELS.map((n) => ({ value: n, label: t('inventory.low.below', { n }) }))}
              />
            ),
          },
        ]}
      />
      <FittedTableFrame fitted={fitted}>
        <ListTable<PoolRow> query={query} list={list} rowKey="skuId" scroll={fitted.scroll} tableLayout="fixed" columns={fitted.columns} />
      </FittedTableFrame>
      <CsvImportModal
        open={loading !== null}
        title={t('inventory.load.title', { code: loading?.skuCode ?? '' })}
        help={
          <>
            {t('inventory.load.help')}
            <br />
            <Typography.Text code>activation_code,dp_address,iccid,class</Typography.Text>
          </>
        }
        extra={loading ? <Typography.Text strong>{nameOf(loading)}</Typography.Text> : null}
        onImport={(csv) => importPool.mutateAsync({ skuId: loading!.skuId, csv })}
        onDone={(r) => {
          void message.success(t('inventory.loaded', { added: r.added, skipped: r.skipped, code: loading?.skuCode }));
          setLoading(null);
        }}
        onClose={() => setLoading(null)}
      />
    </>
  );
}

function ClassesTab({ onClass }: { onClass: (target: ClassTarget) => void }) {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const can = useCan();
  const writable = can('inventory.write');
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const query = useClassList({ ...page, sortOrder: 'asc' });
  const close = useCloseClass();
  const lang = i18n.language;
  const target = (row: GenerateClassRow): ClassTarget => ({ skuId: row.skuId, skuCode: row.skuCode, name: localText(row.name, lang), currency: row.currency, class: row.class, sort: row.sort, unitPrice: row.unitPrice });

  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <>
      <Typography.Paragraph type="secondary">{t('inventory.classes.help')}</Typography.Paragraph>
      <Table<GenerateClassRow>
        rowKey="skuId"
        loading={query.isFetching}
        dataSource={query.data?.items}
        pagination={{ current: page.page, pageSize: page.pageSize, total: query.data?.total ?? 0, onChange: (p, s) => setPage({ page: p, pageSize: s }) }}
        locale={{ emptyText: t('inventory.classes.empty') }}
        columns={[
          { title: t('inventory.class.sort'), dataIndex: 'sort', width: 80 },
          { title: t('inventory.sku'), dataIndex: 'skuCode', render: (code: string) => <Typography.Text code>{code}</Typography.Text> },
          { title: t('inventory.product'), key: 'name', render: (_, row) => localText(row.name, lang) },
          { title: t('inventory.class'), key: 'class', render: (_, row) => `${t(esimClassLabelKey(row.class))} (${row.class})` },
          { title: t('inventory.class.price'), key: 'price', render: (_, row) => formatMoney(row.unitPrice, row.currency) },
          { title: t('inventory.available'), dataIndex: 'available', render: (n: number) => <Typography.Text type={n === 0 ? 'danger' : undefined}>{n}</Typography.Text> },
          { title: t('inventory.state'), key: 'open', render: (_, row) => <Tag color={row.open ? 'green' : 'default'}>{t(row.open ? 'inventory.open' : 'inventory.closed')}</Tag> },
          ...(writable
            ? [
                {
                  title: t('console.actions'),
                  key: 'actions',
                  render: (_: unknown, row: GenerateClassRow) => (
                    <Space>
                      <Button size="small" onClick={() => onClass(target(row))}>
                        {row.open ? t('console.edit') : t('inventory.reopen')}
                      </Button>
                      {row.open ? (
                        <Button
                          size="small"
                          onClick={() =>
                            modal.confirm({
                              title: t('inventory.close.title', { code: row.skuCode }),
                              content: t('inventory.close.text'),
                              okText: t('inventory.close'),
                              cancelText: t('console.cancel'),
                              onOk: () => close.mutateAsync({ skuId: row.skuId }).then(() => void message.success(t('inventory.closed.done', { code: row.skuCode })), (e: unknown) => void message.error(errorText(e, t))),
                            })
                          }
                        >
                          {t('inventory.close')}
                        </Button>
                      ) : null}
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
    </>
  );
}

/** eSIM inventory: how full each pool is, loading codes, and what resellers may generate. */
export default function InventoryPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') === 'classes' ? 'classes' : 'pools';
  const [classTarget, setClassTarget] = useState<ClassTarget | null>(null);
  return (
    <>
      <PageHeader title={t('inventory.title')} subtitle={t('inventory.subtitle')} />
      <Tabs
        activeKey={tab}
        onChange={(key) => setSearch(key === 'classes' ? { tab: 'classes' } : {})}
        items={[
          { key: 'pools', label: t('inventory.tab.pools'), children: <PoolsTab onClass={setClassTarget} /> },
          { key: 'classes', label: t('inventory.tab.classes'), children: <ClassesTab onClass={setClassTarget} /> },
        ]}
      />
      <ClassDialog target={classTarget} onClose={() => setClassTarget(null)} />
    </>
  );
}
