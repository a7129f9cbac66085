import { Button, Dialog, List, ProgressBar } from 'antd-mobile';
import { RadioChoices } from '@/components/tick';
import { PullToRefresh } from '@/components/pull-to-refresh';
import { useState } from 'react';
import { useTranslation } from '@/i18n';
import { useNavigate, useSearchParams } from '@/lib/router';
import { volumeText, type ResponseOf } from '@simshop/contract';
import { PageLayout } from '@/components/page-layout';
import { QueryState } from '@/components/page-states';
import { paths } from '@/config/paths';
import { saveOrderDraft } from '@/lib/order-draft';
import { useDevice } from '../api/get-device';
import { useRechargePackages } from '../api/recharge-packages';
import { useUnbindDevice } from '../api/unbind-device';
import { ListRow } from '@/components/list-row';

/** Device detail (SPEC §2 device-cu / device-cm): line, volume (§9 display), diagnosis, recharge. */
export function DeviceDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const device = useDevice(id);
  return (
    <PageLayout title={t('route.device-detail')}>
      <QueryState query={device}>{(d) => <DeviceDetail id={id} d={d} onRefresh={async () => void (await device.refetch())} />}</QueryState>
    </PageLayout>
  );
}

function DeviceDetail({ id, d, onRefresh }: { id: number; d: ResponseOf<'sim', 'detail'>; onRefresh: () => Promise<void> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const packages = useRechargePackages();
  const unbindDevice = useUnbindDevice();
  const [skuId, setSkuId] = useState<number | null>(null);
  const [number, setNumber] = useState<string | null>(null);
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
    await unbindDevice.mutateAsync({ id });
    void navigate(paths.device.path, { replace: true });
  };

  return (
    <PullToRefresh onRefresh={onRefresh}>
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
          <ListRow to={paths['recharge-list'].getHref({ id: String(id) })}>{t('device.recharge.records')}</ListRow>
          <ListRow to={paths['roam-usage-list'].getHref({ id: String(id) })}>{t('device.roaming')}</ListRow>
        </List>
        <section className="card form recharge-form">
          <h2 className="card-title">{t('device.recharge')}</h2>
          <span className="field-label" id="recharge-number-label">{t('device.recharge.number')}</span>
          <RadioChoices labelledBy="recharge-number-label" value={chosenNumber} onChange={(v: string) => setNumber(v)} options={numbers.map((n) => ({ value: n, label: n }))} />
          <span className="field-label" id="recharge-package-label">{t('device.recharge.package')}</span>
          <RadioChoices labelledBy="recharge-package-label" value={chosenSku} onChange={(v: number) => setSkuId(v)} options={(packages.data ?? []).map((p) => ({ value: p.skuId, label: `${p.label} · ${p.price}` }))} />
          <Button block color="primary" disabled={!chosenSku} onClick={recharge}>{t('device.recharge')}</Button>
        </section>
        <Button block color="danger" fill="none" loading={unbindDevice.isPending} onClick={() => void unbind().catch(() => undefined)}>{t('device.unbind')}</Button>
    </PullToRefresh>
  );
}
