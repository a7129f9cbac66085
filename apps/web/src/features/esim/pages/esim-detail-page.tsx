import { Button, Input, List, NoticeBar, PullToRefresh } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { activationStatusLabelKey, esimClassLabelKey, esimRecordStatusLabelKey, installLogTypeLabelKey, iosInstallUrl } from '@simshop/contract';
import { PageLayout } from '@/components/page-layout';
import { ErrorState, LoadingState } from '@/components/page-states';
import { useLanguage } from '@/i18n';
import { call } from '@/lib/api-client';
import { isWeChatBrowser } from '@/lib/open-page';
import { toast } from '@/lib/toast';
import { CopyRow } from '../components/copy-row';
import { QrCode } from '../components/qr-code';

const when = (ms: number | null, lang: string) => (ms ? new Date(ms).toLocaleString(lang) : '—');

/** The phone's platform decides how the eSIM is offered (DESIGN §4). */
function platform(): 'ios' | 'android' | 'wechat' | 'other' {
  const ua = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  if (isWeChatBrowser(ua)) return 'wechat';
  if (/iPhone|iPad|iPod/i.test(ua)) return 'ios';
  if (/Android/i.test(ua)) return 'android';
  return 'other';
}

/** eSIM detail (SPEC §3 eSIM fields): install data, QR, copy buttons, log; remark editable. */
export function EsimDetailPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const esim = useQuery({ queryKey: ['esims', 'detail', id, lang], queryFn: ({ signal }) => call('esim', 'detail', { id, i18n: lang }, { signal }) });
  const [remark, setRemark] = useState('');
  useEffect(() => setRemark(esim.data?.remark ?? ''), [esim.data?.remark]);
  const title = t('route.esim-detail');
  if (esim.isPending) return <PageLayout title={title}><LoadingState /></PageLayout>;
  if (esim.isError) return <PageLayout title={title}><ErrorState onRetry={() => void esim.refetch()} /></PageLayout>;
  const e = esim.data;
  const os = platform();

  const saveRemark = async () => {
    await call('esim', 'remark', { id, remark, i18n: lang });
    await queryClient.invalidateQueries({ queryKey: ['esims'] });
    toast.success(t('account.saved'));
  };

  return (
    <PageLayout title={title}>
      <PullToRefresh onRefresh={async () => void (await esim.refetch())}>
        <section className="card esim-install">
          <h2 className="card-title">{t('esim.install')}</h2>
          {os === 'wechat' ? <NoticeBar color="alert" content={t('esim.install.wechat')} wrap /> : null}
          <QrCode text={e.lpa} label={e.lpa} onShown={() => void call('esim', 'scan', { id, i18n: lang }, { silent: true }).catch(() => undefined)} />
          <p className="muted">{t('esim.install.lead')}</p>
          {os === 'ios' ? (
            <Button block color="primary" onClick={() => window.location.assign(iosInstallUrl(e.dpAddress, e.activationCode))}>
              {t('esim.install.ios')} <span className="muted">({t('esim.install.ios.hint')})</span>
            </Button>
          ) : null}
          {os === 'android' || os === 'other' ? <p className="install-steps">{t('esim.install.android')}</p> : null}
        </section>
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
          <Button size="small" disabled={remark === e.remark} onClick={() => void saveRemark()}>{t('esim.remark.save')}</Button>
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
