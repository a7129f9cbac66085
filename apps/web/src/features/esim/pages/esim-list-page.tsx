import { Button } from 'antd-mobile';
import { PullToRefresh } from '@/components/pull-to-refresh';
import { Flag } from '@/components/flag';
import { PageLayout } from '@/components/page-layout';
import { EmptyState, QueryState } from '@/components/page-states';
import { paths } from '@/config/paths';
import { useLanguage, useTranslation } from '@/i18n';
import { countryName } from '@/lib/destinations';
import { openPage } from '@/lib/open-page';
import { Link } from '@/lib/router';
import type { EsimListItem } from '@/pwa/offline-esims';
import { useEsimList } from '../api/esim-queries';
import { OfflineNote } from '../components/offline-note';
import { PlanUsage } from '../components/plan-usage';
import { esimStateOf } from '../components/esim-state';
import { EsimStateChip } from '../components/esim-state-chip';
import '../esim-detail.css';

const NAMED = 2;

/** Where the plan works, in words a screen reader reads too: two names and "+3 more", with their flags. */
function Destinations({ coverage }: { coverage: readonly string[] }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const names = coverage.slice(0, NAMED).map((c) => countryName(c, lang));
  const rest = coverage.length - names.length;
  return (
    <p className="esim-card-where">
      <span className="esim-card-flags">
        {coverage.slice(0, NAMED).map((c) => (
          <Flag key={c} code={c} />
        ))}
      </span>
      <span>
        {names.join(lang === 'zh-Hans' ? '、' : ', ')}
        {rest > 0 ? ` ${t('plan.coverage.more', { count: rest })}` : ''}
      </span>
    </p>
  );
}

/**
 * One eSIM as a card: the plan's name (the link that opens it; its ::after covers the card, as
 * the orders list does), its state, where it works, the plan bought, then data and days left as
 * on its page. An eSIM not bought here has no plan to show: its note or ICCID names it.
 */
function EsimCard({ esim: e }: { esim: EsimListItem }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  // A copy saved on the phone before the list showed destinations and usage has neither.
  const usage = e.usage ?? null;
  const coverage = e.coverage ?? [];
  const plan = e.plan ?? [];
  return (
    <li className="card esim-card" data-esim-id={e.id}>
      <div className="esim-card-head">
        <h2 className="esim-card-name">
          <Link className="esim-card-link" to={paths['esim-detail'].getHref({ id: String(e.id) })}>
            {e.name || t('esim.plan.unnamed')}
          </Link>
        </h2>
        <EsimStateChip state={esimStateOf(e, usage)} />
      </div>
      {coverage.length ? <Destinations coverage={coverage} /> : null}
      {plan.length ? <p className="esim-card-plan">{plan.join(' · ')}</p> : null}
      {usage ? <PlanUsage usage={usage} lang={lang} compact /> : null}
      {e.remark ? <p className="esim-card-note">{e.remark}</p> : !coverage.length && e.iccid ? <p className="esim-card-note">{`${t('esim.iccid')} ${e.iccid}`}</p> : null}
    </li>
  );
}

/** My eSIMs (SPEC §2 mine/esim); offline, the list saved on the last online visit. */
export function EsimListPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const list = useEsimList(lang);
  return (
    <PageLayout title={t('route.esim')}>
      <PullToRefresh onRefresh={async () => void (await list.refetch())}>
        <QueryState
          query={list}
          isEmpty={(saved) => saved.data.length === 0}
          empty={
            <EmptyState title={t('esim.empty')}>
              <Button color="primary" onClick={() => openPage('home')}>{t('esim.buy')}</Button>
            </EmptyState>
          }
        >
          {(saved) => (
            <>
              {saved.offlineSavedAt !== null && <OfflineNote savedAt={saved.offlineSavedAt} />}
              <ul className="esim-list">
                {saved.data.map((e) => (
                  <EsimCard key={e.id} esim={e} />
                ))}
              </ul>
            </>
          )}
        </QueryState>
      </PullToRefresh>
    </PageLayout>
  );
}
