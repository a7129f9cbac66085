import { Button, Dialog, Input, PullToRefresh } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isMccOrMnc } from '@simshop/contract';
import { PageLayout } from '@/components/page-layout';
import { ErrorState, LoadingState } from '@/components/page-states';
import { paths } from '@/config/paths';
import { call } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { JtResultList } from '../components/jt-result';

/** SuperSIM detail: the JT result and the home network (MCC and MNC, 3 digits each). */
export function SupsimDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const sim = useQuery({ queryKey: ['supsims', id], queryFn: ({ signal }) => call('supsim', 'detail', { id }, { signal }) });
  const [mcc, setMcc] = useState('');
  const [mnc, setMnc] = useState('');
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const title = t('route.supsim-detail');
  if (sim.isPending) return <PageLayout title={title}><LoadingState /></PageLayout>;
  if (sim.isError) return <PageLayout title={title}><ErrorState onRetry={() => void sim.refetch()} /></PageLayout>;

  const setHplmn = async () => {
    const next = { mcc: isMccOrMnc(mcc) ? null : 'validation.mcc_mnc', mnc: isMccOrMnc(mnc) ? null : 'validation.mcc_mnc' };
    setErrors(next);
    if (next.mcc || next.mnc) return;
    await call('supsim', 'set_hplmn', { id, mcc, mnc });
    toast.success(t('common.success'));
    await sim.refetch();
  };

  const unbind = async () => {
    if (!(await Dialog.confirm({ content: t('device.unbind.confirm'), confirmText: t('device.unbind'), cancelText: t('common.cancel') }))) return;
    await call('supsim', 'unbind', { id });
    void navigate(paths.supsim.path, { replace: true });
  };

  return (
    <PageLayout title={title}>
      <PullToRefresh onRefresh={async () => void (await sim.refetch())}>
        <section className="card">
          <h2 className="card-title">{sim.data.iccid}</h2>
          <JtResultList result={sim.data.jt} />
        </section>
        <section className="card form">
          <h2 className="card-title">{t('supsim.set-hplmn')}</h2>
          <div className="hplmn-row">
            {(['mcc', 'mnc'] as const).map((k) => (
              <label key={k} className={errors[k] ? 'field field--error' : 'field'}>
                <span className="field-label">{t(`supsim.${k}`)}</span>
                <Input name={k} inputMode="numeric" maxLength={3} value={k === 'mcc' ? mcc : mnc} onChange={k === 'mcc' ? setMcc : setMnc} />
                {errors[k] ? <span className="field-error" role="alert">{t(errors[k])}</span> : null}
              </label>
            ))}
          </div>
          <Button block color="primary" onClick={() => void setHplmn().catch(() => undefined)}>{t('supsim.set-hplmn')}</Button>
        </section>
        <Button block color="danger" fill="none" onClick={() => void unbind()}>{t('device.unbind')}</Button>
      </PullToRefresh>
    </PageLayout>
  );
}
