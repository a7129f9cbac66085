import { Button, Input, List, PullToRefresh } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { activationStatusLabelKey, esimClassLabelKey, esimRecordStatusLabelKey, installLogTypeLabelKey } from '@simshop/contract';
import { PageLayout } from '@/components/page-layout';
import { ErrorState, LoadingState } from '@/components/page-states';
import { useLanguage } from '@/i18n';
import { call } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { CopyRow } from '@/components/copy-row';
import { EsimInstall } from '@/components/esim-install';
import { useEsimDetail } from '../api/esim-queries';
import { OfflineNote } from '../components/offline-note';

const when = (ms: number | null, lang: string) => (ms ? new Date(ms).toLocaleString(lang) : '—');

/**
 * eSIM detail (SPEC §3 eSIM fields): install data, QR, copy buttons, log; remark editable.
 * Offline, the copy saved on the phone: the QR and the codes, nothing that needs the server.
 */
export function EsimDetailPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const esim = useEsimDetail(id, lang);
  const [remark, setRemark] = useState('');
  useEffect(() => setRemark(esim.data?.data.remark ?? ''), [esim.data?.data.remark]);
  const title = t('route.esim-detail');
  if (esim.isPending) return <PageLayout title={title}><LoadingState /></PageLayout>;
  if (esim.isError) return <PageLayout title={title}><ErrorState onRetry={() => void esim.refetch()} /></PageLayout>;
  const e = esim.data.data;
  const offline = esim.data.offlineSavedAt;

  const saveRemark = async () => {
    await call('esim', 'remark', { id, remark, i18n: lang });
    await queryClient.invalidateQueries({ queryKey: ['esim'] });
    toast.success(t('account.saved'));
  };

  return (
    <PageLayout title={title}>
      <PullToRefresh onRefresh={async () => void (await esim.refetch())}>
        {offline !== null && <OfflineNote savedAt={offline} />}
        <EsimInstall dpAddress={e.dpAddress} activationCode={e.activationCode} onQrShown={() => void (offline === null && call('esim', 'scan', { id, i18n: lang }, { silent: true }).catch(() => undefined))} />
        <List className="card card--list">
          <CopyRow label={t('esim.dp-address')} value={e.dpAddress} />
          <CopyRow label={t('esim.activation-code')} value={e.activationCode} />
          <List.Item extra={t(esimClassLabelKey(e.class))}>{t('esim.class')}</List.Item>
          <List.Item extra={t(activationStatusLabelKey(e.activationStatus))}>{t('esim.activation')}</List.Item>
          <List.Item extra={t(esimRecordStatusLabelKey(e.status))}>{t('esim.status')}</List.Item>
          <List.Item extra={e.eid ?? '—'}>{t('esim.eid')}</List.Item>
          <List.Item extra={e.iccid ?? '—'}>{t('esim.iccid')}</List.Item>
          <List.Item extra={e.scanTimes}>{t('esim.scan-times')}</List.Item>
          <List.Item extra={when(e.assignedAt, lang)}>{t('esim.assigned-at')}</List.Item>
          {e.added ? <List.Item extra={when(e.addedAt, lang)}>{t('esim.added-at')}</List.Item> : null}
        </List>
        <section className="card form">
          <label className="field">
            <span className="field-label">{t('esim.remark')}</span>
            <Input name="remark" value={remark} onChange={setRemark} maxLength={100} />
          </label>
          <Button size="small" disabled={remark === e.remark || offline !== null} onClick={() => void saveRemark()}>{t('esim.remark.save')}</Button>
        </section>
        <List className="card card--list install-log" header={t('esim.log')}>
          {e.installLog.length === 0 ? <List.Item>{t('esim.log.empty')}</List.Item> : null}
          {e.installLog.map((l, i) => (
            <List.Item key={i} description={`${when(l.at, lang)}${l.eid ? ` · EID ${l.eid}` : ''}`}>
              {t(installLogTypeLabelKey(l.type))}
            </List.Item>
          ))}
        </List>
      </PullToRefresh>
    </PageLayout>
  );
}
