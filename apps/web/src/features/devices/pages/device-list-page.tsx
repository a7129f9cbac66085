import { Button, Input, List, Tag } from 'antd-mobile';
import { PullToRefresh } from '@/components/pull-to-refresh';
import { useState } from 'react';
import { useTranslation } from '@/i18n';
import { checkIccid, iccidSchema } from '@simshop/contract';
import { emptyLineProof, LineProofFields, lineProofRequest, type LineProof } from '@/components/line-proof-fields';
import { PageLayout } from '@/components/page-layout';
import { EmptyState, QueryState } from '@/components/page-states';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useBindDevice } from '../api/bind-device';
import { useDeviceList } from '../api/list-devices';
import { ListRow } from '@/components/list-row';

/**
 * My devices (SPEC §2 mine/device): SIMs followed by ICCID; the carrier decides the detail page.
 * Binding proves the SIM is yours (an SMS code to it, or its PUK); it then moves to you even if
 * someone else followed it.
 */
export function DeviceListPage() {
  const { t } = useTranslation();
  const list = useDeviceList();
  const bindDevice = useBindDevice();
  const [iccid, setIccid] = useState('');
  const [remark, setRemark] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [proof, setProof] = useState<LineProof>(emptyLineProof);
  const [proofErrors, setProofErrors] = useState<{ code?: string | null; puk?: string | null }>({});
  const check = iccid ? checkIccid(iccid.trim()) : null;

  const bind = async () => {
    const parsed = iccidSchema.safeParse(iccid);
    const proven = lineProofRequest(proof);
    setError(parsed.success ? null : (parsed.error.issues[0]?.message ?? 'validation.iccid'));
    setProofErrors(proven.ok ? {} : { [proven.field]: proven.message });
    if (!parsed.success || !proven.ok) return;
    try {
      await bindDevice.mutateAsync({ iccid: parsed.data, remark, ...proven.value });
      setIccid('');
      setRemark('');
      setProof(emptyLineProof);
      toast.success(t('common.success'));
    } catch (err) {
      if (err instanceof ApiError && err.field === 'iccid') setError(err.i18n);
      if (err instanceof ApiError && (err.field === 'code' || err.field === 'puk')) setProofErrors({ [err.field]: err.i18n });
    }
  };

  return (
    <PageLayout title={t('route.device')}>
      <PullToRefresh onRefresh={async () => void (await list.refetch())}>
        <QueryState query={list} isEmpty={(data) => data.items.length === 0} empty={<EmptyState title={t('device.empty')} />}>
          {(data) => (
          <List className="card card--list device-list">
            {data.items.map((d) => (
              <ListRow key={d.id} description={d.iccid} extra={<Tag>{t(`device.status.${d.status}`)}</Tag>} to={paths[d.carrier === 'cm' ? 'device-cm' : 'device-cu'].getHref({ id: String(d.id) })}>
                {d.remark || d.msisdn} · {t(`device.carrier.${d.carrier}`)}
              </ListRow>
            ))}
          </List>
          )}
        </QueryState>
      </PullToRefresh>
      <section className="card form">
        <h2 className="card-title">{t('device.bind')}</h2>
        <label className={error ? 'field field--error' : 'field'}>
          <span className="field-label">{t('device.iccid')}</span>
          <Input name="iccid" inputMode="numeric" value={iccid} onChange={setIccid} clearable />
          {error ? <span className="field-error" role="alert">{t(error)}</span> : check?.ok && check.luhnWarning ? <span className="muted">{t('device.iccid.luhn')}</span> : null}
        </label>
        <label className="field">
          <span className="field-label">{t('device.remark')}</span>
          <Input name="remark" value={remark} onChange={setRemark} maxLength={50} />
        </label>
        <LineProofFields kind="sim" iccid={iccid} value={proof} onChange={setProof} errors={proofErrors} onIccidError={setError} />
        <Button block color="primary" loading={bindDevice.isPending} onClick={() => void bind()}>{t('device.bind')}</Button>
      </section>
    </PageLayout>
  );
}
