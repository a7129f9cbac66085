import { Button, Input, List, Tag } from 'antd-mobile';
import { ChipChoices } from '@/components/chip-choices';
import { useState } from 'react';
import { activationStatusLabelKey, esimClassLabelKey, esimRecordStatusLabelKey, type EsimClass, type ResellerEsim } from '@simshop/contract';
import { ExportButton } from '@/components/export-button';
import { EmptyState, QueryState } from '@/components/page-states';
import { paths } from '@/config/paths';
import { useLanguage, useTranslation } from '@/i18n';
import { useExportResellerEsims } from '../api/export-reseller-esims';
import { useEsimClasses } from '../api/list-classes';
import { useResellerEsimList } from '../api/list-reseller-esims';
import { useResellerEsimSearch } from '../api/search-reseller-esims';
import { ListRow } from '@/components/list-row';

const PAGE_SIZE = 20;

function EsimRows({ items }: { items: readonly ResellerEsim[] }) {
  const { t } = useTranslation();
  return (
    <List className="card card--list reseller-esim-list">
      {items.map((e) => (
        <ListRow
          key={e.id}
          data-esim={e.id}
          to={paths['esim-detail'].getHref({ id: String(e.id) })}
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
        </ListRow>
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
  // What was searched for, once submitted; null shows the list.
  const [searched, setSearched] = useState<string | null>(null);
  const found = useResellerEsimSearch(searched, lang);
  const exportEsims = useExportResellerEsims();
  const [page, setPage] = useState(1);
  const [cls, setCls] = useState<EsimClass | null>(null);
  const filter = { ...(batchNo ? { batchNo } : {}), ...(cls !== null ? { class: cls } : {}) };

  const classes = useEsimClasses(lang);
  const list = useResellerEsimList({ page, size: PAGE_SIZE, i18n: lang, ...filter });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;

  // "No search results" is an answer, shown in place (api/search-reseller-esims).
  const search = () => {
    const q = query.trim();
    setSearched(q || null);
    if (q && q === searched) void found.refetch();
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
          search();
        }}
      >
        <Input name="query" placeholder={t('esim-manage.search.placeholder')} value={query} onChange={setQuery} clearable onClear={() => setSearched(null)} />
        <Button block color="primary" type="submit" shape="rounded" loading={found.isFetching}>
          {t('esim-manage.search.submit')}
        </Button>
      </form>

      {searched !== null ? (
        <>
          <div className="card reseller-list-head">
            <span className="muted">{t('esim-manage.search.found', { count: found.data?.items.length ?? 0 })}</span>
            <Button
              size="small"
              shape="rounded"
              onClick={() => {
                setSearched(null);
                setQuery('');
              }}
            >
              {t('esim-manage.search.clear')}
            </Button>
          </div>
          <QueryState query={found} isEmpty={(r) => r === null || r.items.length === 0} empty={<EmptyState title={t('res.search.empty')} />}>
            {(r) => <EsimRows items={r?.items ?? []} />}
          </QueryState>
        </>
      ) : (
        <>
          <div className="card reseller-filters">
            <ChipChoices
              label={t('generate.class')}
              className="class-filter"
              options={classOptions}
              value={cls === null ? 'all' : String(cls)}
              onChange={(next) => {
                setCls(next === 'all' ? null : (Number(next) as EsimClass));
                setPage(1);
              }}
            />
            {batchNo ? (
              // A button (antd-mobile's Tag is a span a keyboard cannot reach) that drops the batch filter.
              <button
                type="button"
                className="batch-filter-button"
                onClick={() => {
                  onBatchChange(null);
                  setPage(1);
                }}
              >
                <Tag className="batch-filter" color="primary" fill="outline" round>
                  {t('esim-manage.filter.batch', { batchNo })} <span aria-hidden="true">✕</span>
                </Tag>
              </button>
            ) : null}
            <div className="reseller-list-head">
              <span className="muted reseller-list-total">{t('esim-manage.list.total', { count: list.data?.total ?? 0 })}</span>
              <ExportButton total={list.data?.total ?? 0} run={({ quantity, format }) => exportEsims.mutateAsync({ quantity, format, i18n: lang, ...filter })} />
            </div>
          </div>
          <QueryState query={list} isEmpty={(d) => d.items.length === 0} empty={<EmptyState title={t('esim-manage.list.empty')} />}>
            {(d) => (
              <>
                <EsimRows items={d.items} />
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
          </QueryState>
        </>
      )}
    </div>
  );
}
