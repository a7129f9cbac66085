import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { adminProductListRequest, PRODUCT_CSV_COLUMNS, type AdminProductRow, type EditableKind } from '@simshop/contract';
import { App, Button, Flex, Image, Select, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CsvImportModal } from '@/components/csv-import-modal';
import { ListTable } from '@/components/list-table';
import { ProductBulkBar } from '../components/product-bulk-bar';
import { PageHeader } from '@/components/page-header';
import { SavedViews } from '@/components/saved-views/saved-views';
import { errorText } from '@/lib/form-errors';
import { formatMoney, localText } from '@/lib/format';
import { useCan } from '@/lib/staff-session';
import { useMerchantOptions } from '@/lib/merchant-choices';
import { MerchantFilter } from '@/components/merchant-select';
import { useListRequest } from '@/lib/use-list-request';
import { FilterBar, type FilterDecl } from '@/components/filter-bar';
import { FittedTableFrame, OneLine, useFittedColumns, WrappingDateTime, type FittedColumn } from '@/components/fitted-columns';
import { useSetOnSale } from '../api/product-set-on-sale';
import { useImportProducts } from '../api/product-import';
import { useProductList } from '../api/product-list';
import { useImportStock } from '../api/stock-import';
import { LabelTag } from '@/components/label-tag';
import { imageSrc } from '../components/images-field';

function priceRange(row: AdminProductRow): string {
  if (row.priceMin === null || row.priceMax === null) return '—';
  const low = formatMoney(row.priceMin, row.currency);
  return row.priceMin === row.priceMax ? low : `${low} – ${formatMoney(row.priceMax, row.currency)}`;
}

export default function ProductsPage() {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const can = useCan();
  const navigate = useNavigate();
  const writable = can('catalogue.write');
  const list = useListRequest(adminProductListRequest, { sortField: 'sort', sortOrder: 'asc' });
  // Platform staff see every merchant's products and may filter by one; a merchant's staff only ever get their own.
  const { platformStaff } = useMerchantOptions();
  const f = list.filters;
  const query = useProductList({ ...list.request, merchantId: platformStaff ? list.request.merchantId : undefined });
  const setOnSale = useSetOnSale();
  const importProducts = useImportProducts();
  const importStock = useImportStock();
  const [importing, setImporting] = useState<'products' | 'stock' | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  // Names of ticked products, also of those on other pages, for the bulk report.
  const [names, setNames] = useState<ReadonlyMap<number, string>>(new Map());
  const lang = i18n.language;

  const toggle = (row: AdminProductRow, onSale: boolean) =>
    setOnSale.mutate(
      { id: row.id, version: row.version, onSale },
      {
        onSuccess: () => void message.success(t(onSale ? 'catalogue.now-on-sale' : 'catalogue.now-off-sale', { name: localText(row.name, lang) })),
        onError: (e) => void message.error(errorText(e, t)),
      },
    );

  const filters: FilterDecl[] = [
    { name: 'q', label: 'catalogue.search', width: 280 },
    { name: 'kind', label: 'catalogue.kind', optionLabels: 'catalogue.kind.', width: 150 },
    { name: 'onSale', label: 'catalogue.on-sale', optionLabels: { true: 'catalogue.on-sale.yes', false: 'catalogue.on-sale.no' }, width: 150 },
    // The labels come with the list's answer: the request says only an id.
    {
      key: 'labelId',
      control: (
        <Select
          allowClear
          showSearch
          placeholder={t('catalogue.labels')}
          value={Number(f.labelId) > 0 ? Number(f.labelId) : undefined}
          onChange={(labelId?: number) => list.setFilters({ labelId: labelId === undefined ? undefined : String(labelId) })}
          optionFilterProp="label"
          style={{ width: 180 }}
          aria-label={t('catalogue.labels')}
          options={(query.data?.labels ?? []).map((l) => ({ value: l.id, label: localText(l.text, lang) }))}
        />
      ),
    },
    { key: 'merchantId', control: <MerchantFilter value={f.merchantId} onChange={(merchantId) => list.setFilters({ merchantId })} /> },
    { key: 'reset', control: Object.values(f).some(Boolean) ? <Button onClick={list.resetFilters}>{t('console.reset')}</Button> : null },
  ];

  const columns: FittedColumn<AdminProductRow>[] = [
    {
      key: 'name',
      label: t('catalogue.product'),
      priority: 1,
      title: t('catalogue.product'),
      width: 250,
      render: (_, row) => (
        <Flex gap={12} align="center">
          {row.image ? <Image src={imageSrc(row.image)} width={44} height={44} preview={false} style={{ objectFit: 'contain', borderRadius: 6, background: '#fafafa' }} alt="" /> : <div style={{ width: 44, height: 44, flex: 'none', borderRadius: 6, background: '#f5f5f5' }} />}
          <div style={{ minWidth: 0, flex: 1 }}>
            <OneLine text={localText(row.name, lang)}>
              <Link to={`/products/${row.id}`}>{localText(row.name, lang)}</Link>
            </OneLine>
            <OneLine text={row.key} secondary />
          </div>
        </Flex>
      ),
    },
    ...(platformStaff ? [{ key: 'merchant', label: t('merchants.merchant'), priority: 4, title: t('merchants.merchant'), width: 140, render: (_: unknown, row: AdminProductRow) => <OneLine text={localText(row.merchant.name, lang)} /> }] : []),
    {
      key: 'kind',
      label: t('catalogue.kind'),
      priority: 3,
      title: t('catalogue.kind'),
      dataIndex: 'kind',
      width: 160,
      render: (k: EditableKind, row) => (
        <Flex vertical align="flex-start" gap={2}>
          <Tag style={{ whiteSpace: 'normal', maxWidth: '100%' }}>
            {t(`catalogue.kind.${k}`)}
            {k === 'esim' ? ` · ${t(`catalogue.esim-source.${row.esimSource}`)}` : ''}
          </Tag>
          {row.coverageCount > 0 ? <OneLine secondary text={t('catalogue.coverage.count', { count: row.coverageCount })} /> : null}
          {row.addonFamily ? <OneLine secondary text={t('catalogue.addon-family.short', { family: row.addonFamily })} /> : null}
        </Flex>
      ),
    },
    {
      key: 'price',
      label: t('catalogue.price'),
      priority: 1,
      title: t('catalogue.price'),
      width: 160,
      ...list.sortable('price'),
      render: (_, row) => (
        <>
          <OneLine text={priceRange(row)} />
          <OneLine secondary text={t('catalogue.sku-count', { count: row.skuCount })} />
        </>
      ),
    },
    {
      key: 'stock',
      label: t('catalogue.stock'),
      priority: 2,
      title: t('catalogue.stock'),
      width: 100,
      onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
      render: (_, row) =>
        row.stock === null ? <Typography.Text type="secondary">{t('catalogue.skus.uncounted')}</Typography.Text> : <Typography.Text type={row.stock === 0 ? 'danger' : undefined}>{row.stock}</Typography.Text>,
    },
    {
      key: 'onSale',
      label: t('catalogue.on-sale'),
      priority: 1,
      title: t('catalogue.on-sale'),
      width: 120,
      render: (_, row) => (
        <Flex gap={6} align="center" wrap>
          <Switch size="small" checked={row.onSale} disabled={!writable} loading={setOnSale.isPending && setOnSale.variables?.id === row.id} onChange={(on) => toggle(row, on)} aria-label={`${t('catalogue.on-sale')} ${localText(row.name, lang)}`} />
          {row.soldOut ? <Tag color="orange">{t('catalogue.sold-out')}</Tag> : null}
        </Flex>
      ),
    },
    { key: 'labels', label: t('catalogue.labels'), priority: 3, title: t('catalogue.labels'), width: 160, render: (_, row) => <Flex wrap gap={4}>{row.labels.map((l) => <LabelTag key={l.id} label={l} lang={lang} />)}</Flex> },
    { key: 'sort', label: t('catalogue.sort'), priority: 5, title: t('catalogue.sort'), dataIndex: 'sort', width: 80, ...list.sortable('sort') },
    { key: 'updatedAt', label: t('catalogue.updated'), priority: 4, title: t('catalogue.updated'), dataIndex: 'updatedAt', width: 130, ...list.sortable('updatedAt'), render: (v: number) => <WrappingDateTime value={v} /> },
  ];
  const fitted = useFittedColumns('products', columns, { selection: writable });

  return (
    <>
      <PageHeader
        title={t('catalogue.title')}
        subtitle={t('catalogue.subtitle')}
        extra={
          writable ? (
            <>
              {/* Imports address the whole catalogue by key: platform staff only. */}
              {platformStaff ? (
                <>
                  <Button icon={<UploadOutlined />} onClick={() => setImporting('stock')}>
                    {t('catalogue.import-stock')}
                  </Button>
                  <Button icon={<UploadOutlined />} onClick={() => setImporting('products')}>
                    {t('catalogue.import-products')}
                  </Button>
                </>
              ) : null}
              <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/products/new')}>
                {t('catalogue.new')}
              </Button>
            </>
          ) : null
        }
      />
      <SavedViews list="products" state={list} />
      <FilterBar schema={adminProductListRequest} fields={filters} list={list} />
      <FittedTableFrame
        fitted={fitted}
        bar={writable ? <ProductBulkBar ids={selected} names={names} labels={query.data?.labels ?? []} onClear={() => setSelected([])} /> : null}
      >
        <ListTable<AdminProductRow>
          query={query}
          list={list}
          scroll={fitted.scroll}
          tableLayout="fixed"
          columns={fitted.columns}
          rowSelection={
            writable
              ? {
                  selectedRowKeys: selected,
                  preserveSelectedRowKeys: true,
                  onChange: (keys, rows) => {
                    setSelected(keys.map(Number));
                    setNames((known) => new Map([...known, ...rows.filter(Boolean).map((r) => [r.id, localText(r.name, lang)] as const)]));
                  },
                  getTitleCheckboxProps: () => ({ 'aria-label': t('bulk.select-page') }),
                  columnTitle: fitted.selectionTitle,
                  getCheckboxProps: (row) => ({ 'aria-label': t('bulk.select-one', { name: localText(row.name, lang) }) }),
                }
              : undefined
          }
        />
      </FittedTableFrame>
      <CsvImportModal
        open={importing === 'products'}
        title={t('catalogue.import-products')}
        help={
          <>
            {t('catalogue.import-products.help')} {t('catalogue.import-products.plan-help')}
            <br />
            {t('catalogue.import-products.columns')}
            {/* The contract's column list: the server's row schema has exactly these. */}
            <br />
            <Typography.Text copyable code style={{ wordBreak: 'break-all' }}>
              {PRODUCT_CSV_COLUMNS.join(',')}
            </Typography.Text>
          </>
        }
        onImport={(csv) => importProducts.mutateAsync({ csv })}
        onDone={(r) => {
          setImporting(null);
          modal.success({ title: t('catalogue.imported'), content: t('catalogue.imported.text', r) });
        }}
        onClose={() => setImporting(null)}
      />
      <CsvImportModal
        open={importing === 'stock'}
        title={t('catalogue.import-stock')}
        help={
          <>
            {t('catalogue.import-stock.help')}
            <br />
            <Typography.Text code>sku,stock</Typography.Text>
          </>
        }
        onImport={(csv) => importStock.mutateAsync({ csv })}
        onDone={(r) => {
          setImporting(null);
          void message.success(t('catalogue.stock-imported', { count: r.updated }));
        }}
        onClose={() => setImporting(null)}
      />
    </>
  );
}
