import { Badge, Button, Dialog, InfiniteScroll, Input, SearchBar, Tabs, Tag } from 'antd-mobile';
import { PullToRefresh } from '@/components/pull-to-refresh';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from '@/lib/router';
import { EcodeStatus, ecodeStatusLabelKey, type EcodeItem, type EcodeStatus as Status } from '@simshop/contract';
import { ExportButton } from '@/components/export-button';
import { PageLayout } from '@/components/page-layout';
import { EmptyState, QueryState } from '@/components/page-states';
import { paths } from '@/config/paths';
import { useLanguage, useTranslation } from '@/i18n';
import { endpointKey } from '@/lib/endpoint-query';
import { openPage } from '@/lib/open-page';
import { toast } from '@/lib/toast';
import { useDeleteEcode } from '../api/delete-ecode';
import { ecodeProductQuery } from '../api/ecode-product';
import { useExportEcodes } from '../api/export-ecodes';
import { useEcodeList } from '../api/list-ecodes';
import { useMarkEcodeSold } from '../api/mark-ecode-sold';
import { useEcodeSearch } from '../api/search-ecodes';
import '../ecode.css';
import { QPE_PAGES } from '../qpe-routes';
import { formatDate } from '@/lib/format-date';

type Tab = 'all' | Status;
const TABS: readonly Tab[] = ['all', ...Object.values(EcodeStatus)];
const STATUS_COLOR: Record<Status, string> = { unused: 'primary', sold: 'warning', customized: 'success', invalid: 'default', deleted: 'default' };

const when = (ms: number | null, lang: string) => (ms ? formatDate(ms, lang, 'dateTime') : '—');

/** My ECodes (SPEC §2 ecode/index, resellers only): status tabs with counts, search, sell, delete, export. */
export function EcodePage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const tab = (TABS.includes(params.get('tab') as Tab) ? params.get('tab') : 'all') as Tab;
  const status = tab === 'all' ? undefined : tab;
  const [query, setQuery] = useState('');
  // The code searched for, once submitted; null shows the tab's list.
  const [searched, setSearched] = useState<string | null>(null);
  const found = useEcodeSearch(searched, lang);
  const markSold = useMarkEcodeSold();
  const deleteEcode = useDeleteEcode();
  const exportEcodes = useExportEcodes();

  const list = useEcodeList(status, lang);
  const first = list.data?.pages[0];
  const counts = first?.counts;
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const total = first?.total ?? 0;

  const search = () => {
    const code = query.trim();
    setSearched(code || null);
    // The same code again asks the server again (someone may have sold it meanwhile).
    if (code && code === searched) void found.refetch();
  };

  /** A pull reads the list, its counts and the search again. */
  const refresh = () => queryClient.invalidateQueries({ queryKey: endpointKey('ecodeManage') });

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
    await markSold.mutateAsync({ code: item.code, note, i18n: lang });
    toast.success(t('ecode.sell.done'));
  };

  const remove = async (item: EcodeItem) => {
    const ok = await Dialog.confirm({ content: t('ecode.delete.confirm', { code: item.code }), confirmText: t('ecode.delete'), cancelText: t('common.cancel') });
    if (!ok) return;
    await deleteEcode.mutateAsync({ code: item.code, i18n: lang });
    toast.success(t('ecode.delete.done'));
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
    const products = await queryClient.fetchQuery(ecodeProductQuery(lang));
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
    if (searched !== null) {
      return (
        <>
          <QueryState query={found} isEmpty={(r) => r === null || r.items.length === 0} empty={<EmptyState title={t('res.search.empty')} />}>
            {(r) => <ul className="ecode-list search-results">{r?.items.map(card)}</ul>}
          </QueryState>
          <Button block fill="none" onClick={() => { setQuery(''); setSearched(null); }}>{t('ecode.search.back')}</Button>
        </>
      );
    }
    return (
      <QueryState
        query={list}
        isEmpty={() => items.length === 0}
        empty={
          <EmptyState title={t('ecode.empty')} description={t('ecode.empty.desc')}>
            <Button color="primary" onClick={() => void buy().catch(() => undefined)}>{t('ecode.buy')}</Button>
          </EmptyState>
        }
      >
        {() => (
          <>
            <ul className="ecode-list">{items.map(card)}</ul>
            <InfiniteScroll loadMore={async () => void (await list.fetchNextPage())} hasMore={!!list.hasNextPage} />
          </>
        )}
      </QueryState>
    );
  };

  const tabCount = (k: Tab) => (counts ? (k === 'all' ? Object.entries(counts).reduce((n, [s, c]) => (s === 'deleted' ? n : n + c), 0) : counts[k]) : null);

  return (
    <PageLayout title={t('route.ecode')} className="page--ecode" right={<ExportButton total={total} run={({ quantity, format }) => exportEcodes.mutateAsync({ quantity, format, i18n: lang, ...(status ? { status } : {}) })} />}>
      <Tabs activeKey={tab} onChange={(key) => { setSearched(null); setParams({ tab: key }, { replace: true }); }} className="ecode-tabs">
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
          search();
        }}
      >
        <SearchBar placeholder={t('ecode.search.placeholder')} value={query} onChange={setQuery} onSearch={search} onClear={() => setSearched(null)} />
      </form>
      <PullToRefresh onRefresh={refresh}>
        <main className="page-body">{body()}</main>
      </PullToRefresh>
    </PageLayout>
  );
}
