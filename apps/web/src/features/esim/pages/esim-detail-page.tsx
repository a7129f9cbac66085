import { Button, Input, List } from 'antd-mobile';
import { PullToRefresh } from '@/components/pull-to-refresh';
import { useEffect, useState } from 'react';
import { useSearchParams } from '@/lib/router';
import { activationStatusLabelKey, esimClassLabelKey, esimRecordStatusLabelKey, installLogTypeLabelKey } from '@simshop/contract';
import { PageLayout } from '@/components/page-layout';
import { QueryState } from '@/components/page-states';
import { useLanguage, useTranslation } from '@/i18n';
import { toast } from '@/lib/toast';
import { CopyRow } from '@/components/copy-row';
import { TitledCard } from '@/components/titled-card';
import { useEsimDetail } from '../api/esim-queries';
import { useRemarkEsim } from '../api/remark-esim';
import { useScanEsim } from '../api/scan-esim';
import { OfflineNote } from '../components/offline-note';
import { InstallGuide } from '../components/install-guide';
import { PlanUsage } from '../components/plan-usage';
import { AddData, PackageQueue } from '../components/esim-addons';
import { esimStateOf, installStateOf } from '../components/esim-state';
import { EsimStateChip } from '../components/esim-state-chip';
import '../esim-detail.css';

const when = (ms: number | null, lang: string) => (ms ? new Date(ms).toLocaleString(lang) : '—');

/**
 * eSIM detail, built around the plan: what was bought, the data and days left, and where it stands first, the
 * install guided per platform next (folded away once installed), and the technical fields (ICCID,
 * EID, counts, log) under "Details". Offline, the copy saved on the phone: nothing that needs the server.
 */
export function EsimDetailPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const esim = useEsimDetail(id, lang);
  const remarkEsim = useRemarkEsim();
  const scanEsim = useScanEsim();
  const [remark, setRemark] = useState('');
  useEffect(() => setRemark(esim.data?.data.remark ?? ''), [esim.data?.data.remark]);
  const title = t('route.esim-detail');
  return (
    <PageLayout title={title}>
      <QueryState query={esim}>
        {(detail) => {
        const e = detail.data;
        const offline = detail.offlineSavedAt;
        const state = installStateOf(e);
        // A copy saved before plans were named has none, nor one saved before usage was shown.
        const plan = e.plan ?? [];
        const usage = e.usage ?? null;

        const saveRemark = async () => {
          await remarkEsim.mutateAsync({ id, remark, i18n: lang });
          toast.success(t('account.saved'));
        };
        const guide = <InstallGuide dpAddress={e.dpAddress} activationCode={e.activationCode} onQrShown={() => offline === null && scanEsim.mutate({ id, i18n: lang })} />;

        return (
          <>
            <PullToRefresh onRefresh={async () => void (await esim.refetch())}>
              {offline !== null && <OfflineNote savedAt={offline} />}
              <section className="card esim-plan" aria-labelledby="esim-plan-name">
                <h2 className="esim-plan-name" id="esim-plan-name">
                  {e.name || t('esim.plan.unnamed')}
                </h2>
                {plan.length ? (
                  <ul className="esim-plan-facts">
                    {plan.map((v) => (
                      <li key={v}>{v}</li>
                    ))}
                  </ul>
                ) : null}
                {usage ? <PlanUsage usage={usage} lang={lang} /> : null}
                <p className="esim-plan-state">
                  <EsimStateChip state={esimStateOf(e, usage)} />
                </p>
                {usage ? null : <p className="muted esim-plan-note">{t(state === 'installed' ? 'esim.plan.validity-installed' : 'esim.plan.validity')}</p>}
              </section>
              {/* Not installed yet: installing comes before packages and add-ons. */}
              {state === 'install' ? (
                <TitledCard id="esim-install-title" className="esim-install" title={t('install.title')}>
                  {guide}
                </TitledCard>
              ) : null}
              <PackageQueue esim={e} />
              {offline === null && e.status !== 'discarded' && e.status !== 'recycled' && usage?.state !== 'expired' ? <AddData esimId={id} /> : null}
              {state === 'install' ? null : (
                <details className="card esim-fold">
                  <summary>{t('install.again')}</summary>
                  {guide}
                </details>
              )}
              <details className="card esim-fold esim-details">
                <summary>{t('esim.details')}</summary>
                <List className="esim-details-list">
                  <List.Item extra={e.iccid ?? '—'}>{t('esim.iccid')}</List.Item>
                  <List.Item extra={<span className="esim-eid">{e.eid ?? '—'}</span>}>{t('esim.eid')}</List.Item>
                  <CopyRow label={t('esim.dp-address')} value={e.dpAddress} />
                  <CopyRow label={t('esim.activation-code')} value={e.activationCode} />
                  <List.Item extra={t(esimClassLabelKey(e.class))}>{t('esim.class')}</List.Item>
                  <List.Item extra={t(activationStatusLabelKey(e.activationStatus))}>{t('esim.activation')}</List.Item>
                  <List.Item extra={t(esimRecordStatusLabelKey(e.status))}>{t('esim.status')}</List.Item>
                  <List.Item extra={e.scanTimes}>{t('esim.scan-times')}</List.Item>
                  <List.Item extra={when(e.assignedAt, lang)}>{t('esim.assigned-at')}</List.Item>
                  {e.added ? <List.Item extra={when(e.addedAt, lang)}>{t('esim.added-at')}</List.Item> : null}
                </List>
                <div className="form esim-remark">
                  <label className="field">
                    <span className="field-label">{t('esim.remark')}</span>
                    <Input name="remark" value={remark} onChange={setRemark} maxLength={100} />
                  </label>
                  <Button size="small" disabled={remark === e.remark || offline !== null} onClick={() => void saveRemark()}>
                    {t('esim.remark.save')}
                  </Button>
                </div>
                <List className="install-log" header={t('esim.log')}>
                  {e.installLog.length === 0 ? <List.Item>{t('esim.log.empty')}</List.Item> : null}
                  {e.installLog.map((l, i) => (
                    <List.Item key={i} description={`${when(l.at, lang)}${l.eid ? ` · EID ${l.eid}` : ''}`}>
                      {t(installLogTypeLabelKey(l.type))}
                    </List.Item>
                  ))}
                </List>
              </details>
            </PullToRefresh>
          </>
        );
        }}
      </QueryState>
    </PageLayout>
  );
}
