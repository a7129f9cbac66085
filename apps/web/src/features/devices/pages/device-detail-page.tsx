import { Button, Dialog, List, ProgressBar, PullToRefresh, Radio, Space } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { volumeText } from '@simshop/contract';
import { PageLayout } from '@/components/page-layout';
import { ErrorState, LoadingState } from '@/components/page-states';
import { paths } from '@/config/paths';
import { useLanguage } from '@/i18n';
import { call } from '@/lib/api-client';
import { money } from '@/lib/money';
import { saveOrderDraft } from '@/lib/order-draft';

/** Device detail (SPEC §2 device-cu / device-cm): line, volume (§9 display), diagnosis, recharge. */
export function DeviceDetailPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const device = useQuery({ queryKey: ['devices', id], queryFn: ({ signal }) => call('sim', 'detail', { id }, { signal }) });
  const packages = useQuery({
    queryKey: ['recharge-packages', lang],
    queryFn: async ({ signal }) => {
      const list = await call('product', 'list', { page: 1, size: 20, kind: 'recharge', i18n: lang }, { signal });
      const details = await Promise.all(list.items.map((p) => call('product', 'detail', { id: p.id, i18n: lang }, { signal })));
      return details.flatMap((p) => p.skus.filter((s) => !s.soldOut).map((s) => ({ skuId: s.id, label: `${p.name} ${s.options.join(' ')}`, price: money(s.price, p.currency) })));
    },
  });
  const [skuId, setSkuId] = useState<number | null>(null);
  const [number, setNumber] = useState<string | null>(null);
  const title = t('route.device-detail');
  if (device.isPending) return <PageLayout title={title}><LoadingState /></PageLayout>;
  if (device.isError) return <PageLayout title={title}><ErrorState onRetry={() => void device.refetch()} /></PageLayout>;
  const d = device.data;
  const v = volumeText(d.volume);
  const numbers = [d.iccid, ...(d.msisdn ? [d.msisdn] : [])];
  const chosenNumber = number ?? d.iccid;
  const chosenSku = skuId ?? packages.data?.[0]?.skuId ?? null;

  const recharge = () => {
    if (!chosenSku) return;
    saveOrderDraft([{ skuId: chosenSku, quantity: 1, inputs: { rechargeNumber: chosenNumber } }]);
    void navigate(paths['order-create'].path);
  };

  const unbind = async () => {
    if (!(await Dialog.confirm({ content: t('device.unbind.confirm'), confirmText: t('device.unbind'), cancelText: t('common.cancel') }))) return;
    await call('sim', 'unbind', { id });
    void navigate(paths.device.path, { replace: true });
  };

  return (
    <PageLayout title={title}>
      <PullToRefresh onRefresh={async () => void (await device.refetch())}>
        <section className="card device-volume">
          <div className="field-label">{t('device.volume')}</div>
          <div className="volume-left">{v.left}</div>
          <ProgressBar percent={d.volume.totalMb ? Math.round((d.volume.leftMb / d.volume.totalMb) * 100) : 0} />
          <div className="muted volume-text">{t('device.volume.left', { left: v.left, total: v.total })}</div>
        </section>
        <List className="card card--list">
          <List.Item extra={d.iccid}>ICCID</List.Item>
          <List.Item extra={d.msisdn ?? '—'}>{t('device.msisdn')}</List.Item>
          <List.Item extra={t(`device.carrier.${d.carrier}`)}>{t('device.carrier')}</List.Item>
          <List.Item extra={d.plan}>{t('device.plan')}</List.Item>
          <List.Item extra={<strong className={d.diagnose.ok ? 'ok' : 'bad'}>{t(d.diagnose.ok ? 'device.diagnose.ok' : 'device.diagnose.bad')}</strong>} description={d.diagnose.checks.map((c) => `${c.ok ? '✓' : '✗'} ${t(`device.check.${c.name}`)}`).join('  ')}>
            {t('device.diagnose')}
          </List.Item>
          <List.Item onClick={() => void navigate(paths['recharge-list'].getHref({ id: String(id) }))}>{t('device.recharge.records')}</List.Item>
          <List.Item onClick={() => void navigate(paths['roam-usage-list'].getHref({ id: String(id) }))}>{t('device.roaming')}</List.Item>
        </List>
        <section className="card form recharge-form">
          <h2 className="card-title">{t('device.recharge')}</h2>
          <span className="field-label">{t('device.recharge.number')}</span>
          <Radio.Group value={chosenNumber} onChange={(val) => setNumber(String(val))}>
            <Space direction="vertical">{numbers.map((n) => <Radio key={n} value={n}>{n}</Radio>)}</Space>
          </Radio.Group>
          <span className="field-label">{t('device.recharge.package')}</span>
          <Radio.Group value={chosenSku} onChange={(val) => setSkuId(Number(val))}>
            <Space direction="vertical">{(packages.data ?? []).map((p) => <Radio key={p.skuId} value={p.skuId}>{p.label} · {p.price}</Radio>)}</Space>
          </Radio.Group>
          <Button block color="primary" disabled={!chosenSku} onClick={recharge}>{t('device.recharge')}</Button>
        </section>
        <Button block color="danger" fill="none" onClick={() => void unbind()}>{t('device.unbind')}</Button>
      </PullToRefresh>
    </PageLayout>
  );
}
