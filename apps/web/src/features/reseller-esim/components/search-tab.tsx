import { Button, Input, List, Selector, Tag } from 'antd-mobile';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { activationStatusLabelKey, esimClassLabelKey, esimRecordStatusLabelKey, type EsimClass, type ResellerEsim } from '@simshop/contract';
import { ExportButton } from '@/components/export-button';
import { EmptyState, ErrorState, LoadingState } from '@/components/page-states';
import { paths } from '@/config/paths';
import { useLanguage } from '@/i18n';
import { ApiError, call } from '@/lib/api-client';
import { openPage } from '@/lib/open-page';
import { toast } from '@/lib/toast';
import { CLASSES_QUERY_KEY } from './generate-tab';

const PAGE_SIZE = 20;

function EsimRows({ items }: { items: readonly ResellerEsim[] }) {
  const { t } = useTranslation();
  return (
    <List className="card card--list reseller-esim-list">
      {items.map((e) => (
        <List.Item
          key={e.id}
          data-esim={e.id}
          onClick={() => openPage(paths['esim-detail'].getHref({ id: String(e.id) }))}
          description={
            <span className="reseller-esim-meta">
              <span>
                {t(esimClassLabelKey(e.class))} · {t(esimRecordStatusLabelKey(e.status))}
              </span>
              <span className="mono">{e.iccid ?? e.dpAddress}</span>
              {e.batchNo ? <span>{e.batchNo}</span> : null}
            </span>
          }
          extra={<Tag color={e.activationStatus === 3 || e.activationStatus === 5 ? 'success' : 'default'}>{t(activationStatusLabelKey(e.activationStatus))}</Tag>}
        >
          <span className="mono">{e.activationCode}</span>
        </List.Item>
      ))}
    </List>
  );
}

/**
 * The search tab (SPEC §2 esim/index): the generated eSIMs page by page, by class and batch,
 * exported with the same filter; or, after a search, the caller's own eSIMs matching an ICCID,
 * activation code or EID.
 */
export function SearchTab({ batchNo, onBatchChange }: { batchNo: string | null; onBatchChange: (batchNo: string | null) => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<ResellerEsim[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [page, setPage] = useState(1);
  const [cls, setCls] = useState<EsimClass | null>(null);
  const filter = { ...(batchNo ? { batchNo } : {}), ...(cls !== null ? { class: cls } : {}) };

  const classes = useQuery({ queryKey: [...CLASSES_QUERY_KEY, lang], queryFn: ({ signal }) => call('resellerNumber', 'classes', { i18n: lang }, { signal }) });
  const list = useQuery({
    queryKey: ['reseller-esim', 'list', lang, page, cls, batchNo],
    queryFn: ({ signal }) => call('resellerNumber', 'list', { page, size: PAGE_SIZE, i18n: lang, ...filter }, { signal }),
    placeholderData: keepPreviousData,
  });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;

  const search = async () => {
    const q = query.trim();
    if (!q) return setFound(null);
    setSearching(true);
    try {
      setFound((await call('resellerNumber', 'search', { query: q, i18n: lang }, { silent: true })).items);
    } catch (err) {
      // "No search results" is an answer, shown in place; anything else is a failure toast.
      if (err instanceof ApiError && err.i18n === 'res.search.empty') setFound([]);
      else toast.error(t(err instanceof ApiError && err.i18n ? err.i18n : 'error.unknown'));
    } finally {
      setSearching(false);
    }
  };

  const classOptions = [
    { label: t('esim-manage.filter.all-classes'), value: 'all' },
    ...[...new Set((classes.data?.items ?? []).map((c) => c.class))].map((c) => ({ label: t(esimClassLabelKey(c)), value: String(c) })),
  ];

  return (
    <div className="search-tab">
      <form
        className="card form reseller-search-form"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          void search();
        }}
      >
        <Input name="query" placeholder={t('esim-manage.search.placeholder')} value={query} onChange={setQuery} clearable onClear={() => setFound(null)} />
        <Button block color="primary" type="submit" shape="rounded" loading={searching}>
          {t('esim-manage.search.submit')}
        </Button>
      </form>

      {found !== null ? (
        <>
          <div className="card reseller-list-head">
            <span className="muted">{t('esim-manage.search.found', { count: found.length })}</span>
            <Button
              size="small"
              shape="rounded"
              onClick={() => {
                setFound(null);
                setQuery('');
              }}
            >
              {t('esim-manage.search.clear')}
            </Button>
          </div>
          {found.length === 0 ? <EmptyState title={t('res.search.empty')} /> : <EsimRows items={found} />}
        </>
      ) : (
        <>
          <div className="card reseller-filters">
            <Selector
              className="class-filter"
              options={classOptions}
              value={[cls === null ? 'all' : String(cls)]}
              onChange={(v) => {
                const next = v[0];
                setCls(!next || next === 'all' ? null : (Number(next) as EsimClass));
                setPage(1);
              }}
            />
            {batchNo ? (
              <Tag
                className="batch-filter"
                color="primary"
                fill="outline"
                round
                onClick={() => {
                  onBatchChange(null);
                  setPage(1);
                }}
              >
                {t('esim-manage.filter.batch', { batchNo })} ✕
              </Tag>
            ) : null}
            <div className="reseller-list-head">
              <span className="muted reseller-list-total">{t('esim-manage.list.total', { count: list.data?.total ?? 0 })}</span>
              <ExportButton total={list.data?.total ?? 0} run={({ quantity, format }) => call('resellerNumber', 'export', { quantity, format, i18n: lang, ...filter })} />
            </div>
          </div>
          {list.isPending ? (
            <LoadingState />
          ) : list.isError ? (
            <ErrorState onRetry={() => void list.refetch()} />
          ) : list.data.items.length === 0 ? (
            <EmptyState title={t('esim-manage.list.empty')} />
          ) : (
            <>
              <EsimRows items={list.data.items} />
              {pages > 1 ? (
                <nav className="page-actions pager" aria-label={t('esim-manage.page', { page, pages })}>
                  <Button size="small" shape="rounded" disabled={page <= 1 || list.isFetching} onClick={() => setPage((p) => Math.max(1, p - 1))}>
                    {t('esim-manage.prev')}
                  </Button>
                  <span className="muted">{t('esim-manage.page', { page, pages })}</span>
                  <Button size="small" shape="rounded" disabled={page >= pages || list.isFetching} onClick={() => setPage((p) => Math.min(pages, p + 1))}>
                    {t('esim-manage.next')}
                  </Button>
                </nav>
              ) : null}
            </>
          )}
        </>
      )}
    </div>
  );
}
