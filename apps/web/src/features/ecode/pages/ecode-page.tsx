import { Badge, Button, Dialog, InfiniteScroll, Input, PullToRefresh, SearchBar, Tabs, Tag } from 'antd-mobile';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EcodeStatus, ecodeStatusLabelKey, type EcodeItem, type EcodeStatus as Status } from '@simshop/contract';
import { ExportButton } from '@/components/export-button';
import { PageLayout } from '@/components/page-layout';
import { EmptyState, ErrorState, LoadingState } from '@/components/page-states';
import { paths } from '@/config/paths';
import { useLanguage } from '@/i18n';
import { ApiError, call } from '@/lib/api-client';
import { openPage } from '@/lib/open-page';
import { toast } from '@/lib/toast';
import '../ecode.css';
import { QPE_PAGES } from '../qpe-routes';

type Tab = 'all' | Status;
const TABS: readonly Tab[] = ['all', ...Object.values(EcodeStatus)];
const PAGE_SIZE = 20;
const STATUS_COLOR: Record<Status, string> = { unused: 'primary', sold: 'warning', customized: 'success', invalid: 'default', deleted: 'default' };

const when = (ms: number | null, lang: string) => (ms ? new Date(ms).toLocaleString(lang) : '—');

/** My ECodes (SPEC §2 ecode/index, resellers only): status tabs with counts, search, sell, delete, export. */
export function EcodePage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const tab = (TABS.includes(params.get('tab') as Tab) ? params.get('tab') : 'all') as Tab;
  const status = tab === 'all' ? undefined : tab;
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<EcodeItem[] | null>(null);

  const list = useInfiniteQuery({
    queryKey: ['ecodes', 'list', tab, lang],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => call('ecodeManage', 'list', { page: pageParam, size: PAGE_SIZE, i18n: lang, ...(status ? { status } : {}) }, { signal }),
    getNextPageParam: (last) => (last.page * last.size < last.total ? last.page + 1 : undefined),
  });
  const first = list.data?.pages[0];
  const counts = first?.counts;
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const total = first?.total ?? 0;

  const search = async () => {
    const code = query.trim();
    if (!code) return setFound(null);
    try {
      setFound((await call('ecodeManage', 'search', { code, i18n: lang }, { silent: true })).items);
    } catch (err) {
      if (err instanceof ApiError && err.i18n === 'res.search.empty') setFound([]);
      else toast.error(t(err instanceof ApiError && err.i18n ? err.i18n : 'error.unknown'));
    }
  };

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['ecodes'] });
    if (found) await search();
  };

  const sell = async (item: EcodeItem) => {
    let note = '';
    const ok = await Dialog.confirm({
      title: t('ecode.sell'),
      content: (
        <div className="ecode-dialog">
          <p>{t('ecode.sell.confirm', { code: item.code })}</p>
          <Input name="note" placeholder={t('ecode.sell.note')} maxLength={100} onChange={(v) => (note = v)} />
        </div>
      ),
      confirmText: t('ecode.sell'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    await call('ecodeManage', 'mark_sold', { code: item.code, note, i18n: lang });
    toast.success(t('ecode.sell.done'));
    await refresh();
  };

  const remove = async (item: EcodeItem) => {
    const ok = await Dialog.confirm({ content: t('ecode.delete.confirm', { code: item.code }), confirmText: t('ecode.delete'), cancelText: t('common.cancel') });
    if (!ok) return;
    await call('ecodeManage', 'delete', { code: item.code, i18n: lang });
    toast.success(t('ecode.delete.done'));
    await refresh();
  };

  const copy = async (code: string) => {
    try {
      await navigator.clipboard.writeText(code);
      toast.clipboard(t('common.success.copy'), true);
    } catch {
      toast.clipboard(t('common.fail.copy'), false);
    }
  };

  const buy = async () => {
    const products = await call('product', 'list', { kind: 'ecode', page: 1, size: 1, i18n: lang });
    const product = products.items[0];
    openPage(product ? paths.goods.getHref({ id: String(product.id) }) : paths.home.path);
  };

  const card = (item: EcodeItem) => (
    <li key={item.code} className="card ecode-card" data-code={item.code}>
      <div className="ecode-card-head">
        <span className="mono ecode-code">{item.code}</span>
        <Tag color={STATUS_COLOR[item.status]}>{t(ecodeStatusLabelKey(item.status))}</Tag>
      </div>
      <div className="muted ecode-meta">
        {item.productName}
        {item.orderNo ? ` · ${t('ecode.order')} ${item.orderNo}` : ''}
      </div>
      <div className="muted ecode-meta">
        {t('ecode.created')} {when(item.createdAt, lang)}
        {item.soldAt ? ` · ${t('ecode.sold-at')} ${when(item.soldAt, lang)}` : ''}
        {item.customizedAt ? ` · ${t('ecode.customized-at')} ${when(item.customizedAt, lang)}` : ''}
      </div>
      {item.buyerNote ? <div className="muted ecode-meta">{t('ecode.note')}: {item.buyerNote}</div> : null}
      {item.imei ? <div className="muted ecode-meta">{t('ecode.imei')}: {item.imei}</div> : null}
      <div className="ecode-actions">
        <Button size="mini" onClick={() => void copy(item.code)}>{t('ecode.copy')}</Button>
        {item.status === 'unused' ? <Button size="mini" color="primary" fill="outline" onClick={() => void sell(item).catch(() => undefined)}>{t('ecode.sell')}</Button> : null}
        {item.status === 'unused' || item.status === 'sold' ? (
          <>
            <Button size="mini" onClick={() => openPage(paths[QPE_PAGES.qpe.customize].getHref({ ecode: item.code }))}>{t('ecode.customise')}</Button>
            <Button size="mini" color="danger" fill="outline" onClick={() => void remove(item).catch(() => undefined)}>{t('ecode.delete')}</Button>
          </>
        ) : null}
        {item.status === 'customized' ? (
          <Button size="mini" onClick={() => openPage(paths[QPE_PAGES[item.variant ?? 'qpe'].fetch].getHref({ ecode: item.code }))}>{t('ecode.get-esim')}</Button>
        ) : null}
      </div>
    </li>
  );

  const body = () => {
    if (found) {
      return (
        <>
          {found.length === 0 ? <EmptyState title={t('res.search.empty')} /> : <ul className="ecode-list search-results">{found.map(card)}</ul>}
          <Button block fill="none" onClick={() => { setQuery(''); setFound(null); }}>{t('ecode.search.back')}</Button>
        </>
      );
    }
    if (list.isPending) return <LoadingState />;
    if (list.isError) return <ErrorState onRetry={() => void list.refetch()} />;
    if (items.length === 0) {
      return (
        <EmptyState title={t('ecode.empty')} description={t('ecode.empty.desc')}>
          <Button color="primary" onClick={() => void buy().catch(() => undefined)}>{t('ecode.buy')}</Button>
        </EmptyState>
      );
    }
    return (
      <>
        <ul className="ecode-list">{items.map(card)}</ul>
        <InfiniteScroll loadMore={async () => void (await list.fetchNextPage())} hasMore={!!list.hasNextPage} />
      </>
    );
  };

  const tabCount = (k: Tab) => (counts ? (k === 'all' ? Object.entries(counts).reduce((n, [s, c]) => (s === 'deleted' ? n : n + c), 0) : counts[k]) : null);

  return (
    <PageLayout title={t('route.ecode')} className="page--ecode" right={<ExportButton total={total} run={({ quantity, format }) => call('ecodeManage', 'export', { quantity, format, i18n: lang, ...(status ? { status } : {}) })} />}>
      <Tabs activeKey={tab} onChange={(key) => { setFound(null); setParams({ tab: key }, { replace: true }); }} className="ecode-tabs">
        {TABS.map((k) => {
          const n = tabCount(k);
          return (
            <Tabs.Tab
              key={k}
              title={
                <span className="ecode-tab" data-tab={k}>
                  {k === 'all' ? t('ecode.tab.all') : t(ecodeStatusLabelKey(k))}
                  {n !== null ? <Badge content={String(n)} className="ecode-tab-count" color={n > 0 ? undefined : '#bbb'} /> : null}
                </span>
              }
            />
          );
        })}
      </Tabs>
      <form
        className="ecode-search"
        onSubmit={(e) => {
          e.preventDefault();
          void search();
        }}
      >
        <SearchBar placeholder={t('ecode.search.placeholder')} value={query} onChange={setQuery} onSearch={() => void search()} onClear={() => setFound(null)} />
      </form>
      <PullToRefresh onRefresh={refresh}>
        <main className="page-body">{body()}</main>
      </PullToRefresh>
    </PageLayout>
  );
}
