import { Button, Dialog, Input } from 'antd-mobile';
import { PullToRefresh } from '@/components/pull-to-refresh';
import { useState } from 'react';
import { useTranslation } from '@/i18n';
import { useNavigate, useSearchParams } from '@/lib/router';
import { isMccOrMnc } from '@simshop/contract';
import { PageLayout } from '@/components/page-layout';
import { QueryState } from '@/components/page-states';
import { paths } from '@/config/paths';
import { toast } from '@/lib/toast';
import { useSupsim } from '../api/get-supsim';
import { useSetHplmn } from '../api/set-hplmn';
import { useUnbindSupsim } from '../api/unbind-supsim';
import { JtResultList } from '../components/jt-result';

/** SuperSIM detail: the JT result and the home network (MCC and MNC, 3 digits each). */
export function SupsimDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const sim = useSupsim(id);
  const setHplmnMutation = useSetHplmn();
  const unbindMutation = useUnbindSupsim();
  const [mcc, setMcc] = useState('');
  const [mnc, setMnc] = useState('');
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const title = t('route.supsim-detail');

  const setHplmn = async () => {
    const next = { mcc: isMccOrMnc(mcc) ? null : 'validation.mcc_mnc', mnc: isMccOrMnc(mnc) ? null : 'validation.mcc_mnc' };
    setErrors(next);
    if (next.mcc || next.mnc) return;
    await setHplmnMutation.mutateAsync({ id, mcc, mnc });
    toast.success(t('common.success'));
  };

  const unbind = async () => {
    if (!(await Dialog.confirm({ content: t('device.unbind.confirm'), confirmText: t('device.unbind'), cancelText: t('common.cancel') }))) return;
    await unbindMutation.mutateAsync({ id });
    void navigate(paths.supsim.path, { replace: true });
  };

  return (
    <PageLayout title={title}>
      <QueryState query={sim}>
        {(data) => (
          <PullToRefresh onRefresh={async () => void (await sim.refetch())}>
            <section className="card">
              <h2 className="card-title">{data.iccid}</h2>
              <JtResultList result={data.jt} />
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
              <Button block color="primary" loading={setHplmnMutation.isPending} onClick={() => void setHplmn().catch(() => undefined)}>{t('supsim.set-hplmn')}</Button>
            </section>
            <Button block color="danger" fill="none" loading={unbindMutation.isPending} onClick={() => void unbind().catch(() => undefined)}>{t('device.unbind')}</Button>
          </PullToRefresh>
        )}
      </QueryState>
    </PageLayout>
  );
}
