import { Button, Dialog, List, Radio, Stepper, Tag } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { esimClassLabelKey, GENERATE_MAX, type Currency } from '@simshop/contract';
import { EmptyState, ErrorState, LoadingState } from '@/components/page-states';
import { BALANCE_QUERY_KEY, ResellerBalances, useBalances } from '@/components/reseller-balances';
import { paths } from '@/config/paths';
import { useLanguage } from '@/i18n';
import { call } from '@/lib/api-client';
import { money } from '@/lib/money';
import { openPage } from '@/lib/open-page';
import { toast } from '@/lib/toast';
import { BalanceHistory } from './balance-history';
import { TopupSheet } from './topup-sheet';

export const CLASSES_QUERY_KEY = ['reseller-esim', 'classes'] as const;

/** The generated batch shown under the form: kept in the address, so it survives the way back from an eSIM. */
function BatchResult({ batchNo, onShowBatch }: { batchNo: string; onShowBatch: (batchNo: string) => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const batch = useQuery({ queryKey: ['reseller-esim', 'batch', batchNo, lang], queryFn: ({ signal }) => call('resellerNumber', 'batches', { batchNo, page: 1, size: 1, i18n: lang }, { signal }) });
  const items = useQuery({ queryKey: ['reseller-esim', 'batch-items', batchNo, lang], queryFn: ({ signal }) => call('resellerNumber', 'list', { batchNo, page: 1, size: 100, i18n: lang }, { signal }) });
  const head = batch.data?.items[0];
  return (
    <section className="card generate-result" aria-live="polite">
      <h2 className="card-title">{t('generate.result', { batchNo })}</h2>
      {head ? <p className="muted">{t('generate.result.summary', { count: head.quantity, amount: money(head.amount, head.currency) })}</p> : null}
      {items.isPending ? (
        <LoadingState rows={2} />
      ) : items.isError ? (
        <ErrorState onRetry={() => void items.refetch()} />
      ) : items.data.items.length === 0 ? (
        <EmptyState title={t('esim-manage.list.empty')} />
      ) : (
        <List className="generate-result-list">
          {items.data.items.map((e) => (
            <List.Item key={e.id} description={e.iccid ?? e.dpAddress} onClick={() => openPage(paths['esim-detail'].getHref({ id: String(e.id) }))} extra={<Tag>{t(esimClassLabelKey(e.class))}</Tag>}>
              <span className="mono">{e.activationCode}</span>
            </List.Item>
          ))}
        </List>
      )}
      <Button block fill="outline" shape="rounded" onClick={() => onShowBatch(batchNo)}>
        {t('generate.result.view-all')}
      </Button>
    </section>
  );
}

/**
 * The generate tab (SPEC §2 esim/index): balances with top-up, a class with its wholesale
 * price and what is left, a quantity, the total, and Generate after a confirmation. The new
 * batch is listed below, each eSIM opening its detail page.
 */
export function GenerateTab({ batchNo, onGenerated, onShowBatch }: { batchNo: string | null; onGenerated: (batchNo: string) => void; onShowBatch: (batchNo: string) => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const queryClient = useQueryClient();
  const classes = useQuery({ queryKey: [...CLASSES_QUERY_KEY, lang], queryFn: ({ signal }) => call('resellerNumber', 'classes', { i18n: lang }, { signal }) });
  const balances = useBalances();
  const [topup, setTopup] = useState<Currency | null>(null);
  const [skuId, setSkuId] = useState<number | null>(null);
  const [quantity, setQuantity] = useState(1);
  const [busy, setBusy] = useState(false);

  const items = classes.data?.items ?? [];
  const chosen = items.find((c) => c.skuId === skuId) ?? items.find((c) => c.available > 0) ?? items[0];
  const max = chosen ? Math.max(1, Math.min(GENERATE_MAX, chosen.available)) : 1;
  const qty = Math.min(quantity, max);
  const total = chosen ? chosen.unitPrice * qty : 0;
  const balance = chosen ? balances.data?.items.find((b) => b.currency === chosen.currency) : undefined;
  const short = !!chosen && !!balances.data && (!balance || balance.locked || balance.amount < total);

  const generate = async () => {
    if (!chosen) return;
    const name = chosen.name || t(esimClassLabelKey(chosen.class));
    const confirmed = await Dialog.confirm({
      title: t('generate.confirm.title'),
      content: t('generate.confirm', { quantity: qty, name, total: money(total, chosen.currency), currency: chosen.currency }),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    setBusy(true);
    try {
      const res = await call('resellerNumber', 'generate', { skuId: chosen.skuId, quantity: qty, i18n: lang });
      // The answer already holds the batch and its eSIMs: the result shows them without asking again.
      queryClient.setQueryData(['reseller-esim', 'batch', res.batch.batchNo, lang], { items: [res.batch], total: 1 });
      queryClient.setQueryData(['reseller-esim', 'batch-items', res.batch.batchNo, lang], { items: res.items, total: res.items.length, page: 1, size: 100 });
      onGenerated(res.batch.batchNo);
      toast.success(t('generate.done', { count: res.items.length }));
    } catch {
      // The toast says why (balance not found, locked or insufficient; not enough left).
    } finally {
      setBusy(false);
      // Whatever happened, show the balance and the pool as the server now has them.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: BALANCE_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: CLASSES_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ['reseller-esim', 'list'] }),
      ]);
    }
  };

  return (
    <div className="generate-tab">
      <ResellerBalances
        className="balance-card"
        action={(b) => (
          <Button size="small" color="primary" fill="outline" shape="rounded" className="topup-button" onClick={() => setTopup(b.currency)}>
            {t('balance.topup')}
          </Button>
        )}
      />
      <TopupSheet currency={topup} onClose={() => setTopup(null)} />

      {classes.isPending ? (
        <LoadingState />
      ) : classes.isError ? (
        <ErrorState onRetry={() => void classes.refetch()} />
      ) : items.length === 0 || !chosen ? (
        <EmptyState title={t('generate.classes.empty')} />
      ) : (
        <section className="card generate-card">
          <h2 className="card-title">{t('generate.class')}</h2>
          <Radio.Group value={chosen.skuId} onChange={(v) => setSkuId(Number(v))}>
            <List className="class-list">
              {items.map((c) => (
                <List.Item
                  key={c.skuId}
                  className="class-option"
                  data-sku={c.skuId}
                  prefix={<Radio value={c.skuId} disabled={c.available === 0} aria-label={c.name} />}
                  // The class name only when the product's name does not already say it.
                  description={c.name === t(esimClassLabelKey(c.class)) ? c.currency : `${t(esimClassLabelKey(c.class))} · ${c.currency}`}
                  extra={
                    <span className="class-price">
                      <strong>{t('generate.unit-price', { price: money(c.unitPrice, c.currency) })}</strong>
                      <span className={c.available === 0 ? 'class-left class-left--none' : 'class-left'}>{c.available === 0 ? t('generate.sold-out') : t('generate.available', { count: c.available })}</span>
                    </span>
                  }
                  onClick={() => c.available > 0 && setSkuId(c.skuId)}
                >
                  {c.name}
                </List.Item>
              ))}
            </List>
          </Radio.Group>

          <div className="field field--inline generate-quantity">
            <span className="field-label">{t('generate.quantity')}</span>
            <Stepper min={1} max={max} value={qty} onChange={(v) => setQuantity(v)} disabled={chosen.available === 0} aria-label={t('generate.quantity')} />
          </div>
          <div className="generate-total">
            <span>{t('generate.total')}</span>
            <strong className="generate-total-amount">{money(total, chosen.currency)}</strong>
          </div>
          {balance && !short ? <p className="muted">{t('generate.balance-after', { amount: money(balance.amount - total, chosen.currency) })}</p> : null}
          {short ? (
            <div className="generate-short" role="note">
              <span>{t('generate.short', { currency: chosen.currency })}</span>
              <Button size="small" color="primary" fill="outline" shape="rounded" onClick={() => setTopup(chosen.currency)}>
                {t('balance.topup')}
              </Button>
            </div>
          ) : null}
          <Button block color="primary" shape="rounded" className="generate-submit" loading={busy} disabled={chosen.available === 0} onClick={() => void generate()}>
            {t('generate.submit')}
          </Button>
        </section>
      )}

      {batchNo ? <BatchResult batchNo={batchNo} onShowBatch={onShowBatch} /> : null}
      <BalanceHistory />
    </div>
  );
}
