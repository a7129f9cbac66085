import { Button, Dialog, List, Tag } from 'antd-mobile';
import { QuantityStepper } from '@/components/quantity-stepper';
import { useId, useState } from 'react';
import { RadioInput } from '@/components/tick';
import { esimClassLabelKey, GENERATE_MAX, type Currency } from '@simshop/contract';
import { EmptyState, QueryState } from '@/components/page-states';
import { ResellerBalances } from '@/components/reseller-balances';
import { useBalances } from '@/features/balance/api/get-balance';
import { paths } from '@/config/paths';
import { useLanguage, useTranslation } from '@/i18n';
import { money } from '@/lib/money';
import { toast } from '@/lib/toast';
import { batchItemsBody, useBatch } from '../api/get-batch';
import { useGenerateEsims } from '../api/generate-esims';
import { useEsimClasses } from '../api/list-classes';
import { useResellerEsimList } from '../api/list-reseller-esims';
import { BalanceHistory } from './balance-history';
import { TopupSheet } from './topup-sheet';
import { ListRow } from '@/components/list-row';

/** The generated batch shown under the form: kept in the address, so it survives the way back from an eSIM. */
function BatchResult({ batchNo, onShowBatch }: { batchNo: string; onShowBatch: (batchNo: string) => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const batch = useBatch(batchNo, lang);
  const items = useResellerEsimList(batchItemsBody(batchNo, lang));
  const head = batch.data?.items[0];
  return (
    <section className="card generate-result" aria-live="polite">
      <h2 className="card-title">{t('generate.result', { batchNo })}</h2>
      {head ? <p className="muted">{t('generate.result.summary', { count: head.quantity, amount: money(head.amount, head.currency) })}</p> : null}
      <QueryState query={items} rows={2} isEmpty={(d) => d.items.length === 0} empty={<EmptyState title={t('esim-manage.list.empty')} />}>
        {(d) => (
          <List className="generate-result-list">
            {d.items.map((e) => (
              <ListRow key={e.id} description={e.iccid ?? e.dpAddress} to={paths['esim-detail'].getHref({ id: String(e.id) })} extra={<Tag>{t(esimClassLabelKey(e.class))}</Tag>}>
                <span className="mono">{e.activationCode}</span>
              </ListRow>
            ))}
          </List>
        )}
      </QueryState>
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
  const classes = useEsimClasses(lang);
  const generateEsims = useGenerateEsims();
  const balances = useBalances();
  const [topup, setTopup] = useState<Currency | null>(null);
  const [skuId, setSkuId] = useState<number | null>(null);
  const choiceName = useId();
  const [quantity, setQuantity] = useState(1);

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
    try {
      const res = await generateEsims.mutateAsync({ skuId: chosen.skuId, quantity: qty, i18n: lang });
      onGenerated(res.batch.batchNo);
      toast.success(t('generate.done', { count: res.items.length }));
    } catch {
      // The toast says why (balance not found, locked or insufficient; not enough left).
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

      <QueryState query={classes} isEmpty={() => !chosen} empty={<EmptyState title={t('generate.classes.empty')} />}>
        {() => chosen ? (
          <section className="card generate-card">
            <h2 className="card-title" id={`${choiceName}-title`}>{t('generate.class')}</h2>
            {/* Each row is the label of its radio button: a tap anywhere on it chooses, Tab and the arrow keys too. */}
            <div role="radiogroup" aria-labelledby={`${choiceName}-title`}>
              <List className="class-list">
                {items.map((c) => (
                  <label key={c.skuId} className="class-option-label">
                    <List.Item
                      className="class-option"
                      data-sku={c.skuId}
                      prefix={<RadioInput name={choiceName} checked={c.skuId === chosen.skuId} disabled={c.available === 0} onChange={() => setSkuId(c.skuId)} />}
                      // The class name only when the product's name does not already say it.
                      description={c.name === t(esimClassLabelKey(c.class)) ? c.currency : `${t(esimClassLabelKey(c.class))} · ${c.currency}`}
                      extra={
                        <span className="class-price">
                          <strong>{t('generate.unit-price', { price: money(c.unitPrice, c.currency) })}</strong>
                          <span className={c.available === 0 ? 'class-left class-left--none' : 'class-left'}>{c.available === 0 ? t('generate.sold-out') : t('generate.available', { count: c.available })}</span>
                        </span>
                      }
                    >
                      {c.name}
                    </List.Item>
                  </label>
                ))}
              </List>
            </div>

            <div className="field field--inline generate-quantity">
              <span className="field-label">{t('generate.quantity')}</span>
              <QuantityStepper min={1} max={max} value={qty} onChange={(v) => setQuantity(v)} disabled={chosen.available === 0} label={t('generate.quantity')} />
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
            <Button block color="primary" shape="rounded" className="generate-submit" loading={generateEsims.isPending} disabled={chosen.available === 0} onClick={() => void generate()}>
              {t('generate.submit')}
            </Button>
          </section>
        ) : null}
      </QueryState>

      {batchNo ? <BatchResult batchNo={batchNo} onShowBatch={onShowBatch} /> : null}
      <BalanceHistory />
    </div>
  );
}
