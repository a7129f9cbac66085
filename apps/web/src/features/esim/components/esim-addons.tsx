import { Button } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ESIM_ADDON_RULE, type Esim, type EsimPackage } from '@simshop/contract';
import { QueryState } from '@/components/page-states';
import { TitledCard } from '@/components/titled-card';
import { paths } from '@/config/paths';
import { useLanguage, useTranslation } from '@/i18n';
import { ApiError } from '@/lib/api-client';
import { useCurrency } from '@/lib/currency';
import { endpointKey, endpointQuery, useEndpointMutation } from '@/lib/endpoint-query';
import { money } from '@/lib/money';
import { useNavigate } from '@/lib/router';
import { EuConsentCard, useEuConsent } from '@/components/eu-consent';

/** An add-on is digital content: an EU customer consents to immediate performance before buying, as at checkout. */
const ADDON_KINDS = ['esim_addon'] as const;

const day = (ms: number | null, lang: string) => (ms === null ? '—' : new Date(ms).toLocaleDateString(lang, { month: 'short', day: 'numeric' }));
const size = (mb: number | null, t: (k: string) => string) => (mb === null ? t('esim.addon.unlimited') : `${Math.round(mb / 100) / 10} GB`);

/** The eSIM's packages in the order they are used, the rule, and how fresh the usage is. */
export function PackageQueue({ esim }: { esim: Esim }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const packages: EsimPackage[] = esim.packages ?? [];
  if (packages.length === 0) return null;
  const checkedAt = esim.usage?.checkedAt ?? null;
  return (
    <TitledCard id="esim-queue-title" className="esim-queue" title={t('esim.queue.title')}>
      <p className="muted">{lang === 'zh-Hans' ? ESIM_ADDON_RULE.zh : ESIM_ADDON_RULE.en}</p>
      <ol className="esim-queue-list">
        {packages.map((p, i) => (
          <li key={i}>
            <span className="esim-queue-head">
              <strong>{p.kind === 'plan' ? t('esim.queue.plan') : p.name}</strong>
              <span className="esim-queue-state">{t(`esim.queue.state.${p.state}`)}</span>
            </span>
            <span>
              {size(p.dataMb, t)} · {t('esim.queue.days', { count: p.validityDays })}
            </span>
            {/* Dates are predicted once the plan has started; before that nothing is known. */}
            {p.startsAt !== null || p.endsAt !== null ? <span className="muted">{t('esim.queue.dates', { start: day(p.startsAt, lang), end: day(p.endsAt, lang) })}</span> : null}
          </li>
        ))}
      </ol>
      {checkedAt !== null ? <p className="muted">{t('esim.queue.as-of', { time: new Date(checkedAt).toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit' }) })}</p> : null}
    </TitledCard>
  );
}

/**
 * "Add data": the packages that fit this eSIM, in the customer's currency where they have a price
 * in it; choosing one makes an unpaid order and opens its payment.
 */
export function AddData({ esimId }: { esimId: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const currency = useCurrency();
  const navigate = useNavigate();
  const offers = useQuery(endpointQuery('esim', 'addons', { id: esimId, i18n: lang, currency }));
  const addData = useEndpointMutation('esim', 'addData', { invalidates: [endpointKey('order')] });
  const eu = useEuConsent({ kinds: ADDON_KINDS, addressCountry: null });
  const [consentError, setConsentError] = useState<string | undefined>();
  const buy = async (skuId: number) => {
    setConsentError(undefined);
    try {
      const order = await addData.mutateAsync({ id: esimId, skuId, i18n: lang, currency, ...eu.request });
      void navigate(paths['order-pay'].getHref({ orderNo: order.orderNo }));
    } catch (err) {
      // The toast says why; a refused consent is also shown at its box.
      if (err instanceof ApiError && err.field === 'performanceConsent') setConsentError(err.i18n ?? 'validation.invalid');
    }
  };
  const blockedId = `esim-add-data-blocked-${esimId}`;
  return (
    <TitledCard id="esim-add-data-title" className="esim-add-data" title={t('esim.addon.title')}>
      <QueryState query={offers} isEmpty={(d) => d.items.length === 0} empty={<p className="muted">{t('esim.addon.none')}</p>}>
        {(d) => (
          <>
            <EuConsentCard state={eu} error={consentError} />
            {eu.blocker ? (
              <p className="muted" id={blockedId} role="status">
                {t(eu.blocker)}
              </p>
            ) : null}
            <ul className="esim-addon-list">
              {d.items.map((o) => (
                <li key={o.skuId}>
                  <span>
                    {o.option.join(' · ') || `${size(o.dataMb, t)} · ${t('esim.queue.days', { count: o.validityDays })}`}
                  </span>
                  <Button
                    size="small"
                    color="primary"
                    loading={addData.isPending && addData.variables?.skuId === o.skuId}
                    disabled={eu.blocker !== null}
                    aria-describedby={eu.blocker ? blockedId : undefined}
                    onClick={() => void buy(o.skuId)}
                  >
                    {t('esim.addon.buy', { price: money(o.price, o.currency) })}
                  </Button>
                </li>
              ))}
            </ul>
          </>
        )}
      </QueryState>
    </TitledCard>
  );
}
