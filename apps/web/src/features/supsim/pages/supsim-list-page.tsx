import { Button, Input, List, PullToRefresh } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkEidOrIccid, eidOrIccidMessageKey, iccidSchema, type JtResult } from '@simshop/contract';
import { emptyLineProof, LineProofFields, lineProofRequest, type LineProof } from '@/components/line-proof-fields';
import { PageLayout } from '@/components/page-layout';
import { EmptyState, ErrorState, LoadingState } from '@/components/page-states';
import { paths } from '@/config/paths';
import { ApiError, call } from '@/lib/api-client';
import { openPage } from '@/lib/open-page';
import { toast } from '@/lib/toast';
import { JtResultList } from '../components/jt-result';

/**
 * My SuperSIMs (SPEC §2 mine/supsim), binding by ICCID with proof the card is yours (an SMS code
 * or its PUK), and the JT query by EID or ICCID (another's number shows masked).
 */
export function SupsimListPage() {
  const { t } = useTranslation();
  const list = useQuery({ queryKey: ['supsims'], queryFn: ({ signal }) => call('supsim', 'list', {}, { signal }) });
  const [iccid, setIccid] = useState('');
  const [bindError, setBindError] = useState<string | null>(null);
  const [proof, setProof] = useState<LineProof>(emptyLineProof);
  const [proofErrors, setProofErrors] = useState<{ code?: string | null; puk?: string | null }>({});
  const [binding, setBinding] = useState(false);
  const [number, setNumber] = useState('');
  const [queryError, setQueryError] = useState<string | null>(null);
  const [result, setResult] = useState<JtResult | null>(null);

  const bind = async () => {
    const parsed = iccidSchema.safeParse(iccid);
    const proven = lineProofRequest(proof);
    setBindError(parsed.success ? null : (parsed.error.issues[0]?.message ?? 'validation.iccid'));
    setProofErrors(proven.ok ? {} : { [proven.field]: proven.message });
    if (!parsed.success || !proven.ok) return;
    setBinding(true);
    try {
      await call('supsim', 'bind', { iccid: parsed.data, remark: '', ...proven.value });
      setIccid('');
      setProof(emptyLineProof);
      toast.success(t('common.success'));
      await list.refetch();
    } catch (err) {
      if (err instanceof ApiError && (err.field === 'code' || err.field === 'puk')) setProofErrors({ [err.field]: err.i18n });
      else if (err instanceof ApiError && err.field) setBindError(err.i18n);
    } finally {
      setBinding(false);
    }
  };

  const query = async () => {
    const check = checkEidOrIccid(number.trim());
    if (!check.ok) return setQueryError(eidOrIccidMessageKey(check.reason));
    setQueryError(null);
    try {
      setResult(await call('supsim', 'query', { number: number.trim() }));
    } catch {
      setResult(null);
    }
  };

  return (
    <PageLayout title={t('route.supsim')}>
      <PullToRefresh onRefresh={async () => void (await list.refetch())}>
        {list.isPending ? <LoadingState /> : list.isError ? <ErrorState onRetry={() => void list.refetch()} /> : list.data.items.length === 0 ? <EmptyState title={t('supsim.empty')} /> : (
          <List className="card card--list">
            {list.data.items.map((s) => (
              <List.Item key={s.id} onClick={() => openPage(paths['supsim-detail'].getHref({ id: String(s.id) }))}>
                {s.remark || s.iccid}
              </List.Item>
            ))}
          </List>
        )}
      </PullToRefresh>
      <section className="card form">
        <h2 className="card-title">{t('supsim.query')}</h2>
        <label className={queryError ? 'field field--error' : 'field'}>
          <Input name="jt-number" placeholder={t('supsim.query.placeholder')} value={number} onChange={setNumber} clearable />
          {queryError ? <span className="field-error" role="alert">{t(queryError)}</span> : null}
        </label>
        <Button block onClick={() => void query()}>{t('esim.search.submit')}</Button>
        {result ? <JtResultList result={result} /> : null}
      </section>
      <section className="card form">
        <h2 className="card-title">{t('device.bind')}</h2>
        <label className={bindError ? 'field field--error' : 'field'}>
          <span className="field-label">ICCID</span>
          <Input name="iccid" inputMode="numeric" value={iccid} onChange={setIccid} clearable />
          {bindError ? <span className="field-error" role="alert">{t(bindError)}</span> : null}
        </label>
        <LineProofFields kind="supsim" iccid={iccid} value={proof} onChange={setProof} errors={proofErrors} onIccidError={setBindError} />
        <Button block color="primary" loading={binding} onClick={() => void bind()}>{t('device.bind')}</Button>
      </section>
    </PageLayout>
  );
}
