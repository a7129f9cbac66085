import { Button, Input, List } from 'antd-mobile';
import { PullToRefresh } from '@/components/pull-to-refresh';
import { useState } from 'react';
import { useTranslation } from '@/i18n';
import { checkEidOrIccid, eidOrIccidMessageKey, iccidSchema } from '@simshop/contract';
import { emptyLineProof, LineProofFields, lineProofRequest, type LineProof } from '@/components/line-proof-fields';
import { PageLayout } from '@/components/page-layout';
import { EmptyState, QueryState } from '@/components/page-states';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useBindSupsim } from '../api/bind-supsim';
import { useSupsimList } from '../api/list-supsims';
import { useJtQuery } from '../api/query-jt';
import { JtResultList } from '../components/jt-result';
import { ListRow } from '@/components/list-row';

/**
 * My SuperSIMs (SPEC §2 mine/supsim), binding by ICCID with proof the card is yours (an SMS code
 * or its PUK), and the JT query by EID or ICCID (another's number shows masked).
 */
export function SupsimListPage() {
  const { t } = useTranslation();
  const list = useSupsimList();
  const bindSupsim = useBindSupsim();
  const [iccid, setIccid] = useState('');
  const [bindError, setBindError] = useState<string | null>(null);
  const [proof, setProof] = useState<LineProof>(emptyLineProof);
  const [proofErrors, setProofErrors] = useState<{ code?: string | null; puk?: string | null }>({});
  const [number, setNumber] = useState('');
  const [queryError, setQueryError] = useState<string | null>(null);
  const [asked, setAsked] = useState<string | null>(null);
  const jt = useJtQuery(asked);

  const bind = async () => {
    const parsed = iccidSchema.safeParse(iccid);
    const proven = lineProofRequest(proof);
    setBindError(parsed.success ? null : (parsed.error.issues[0]?.message ?? 'validation.iccid'));
    setProofErrors(proven.ok ? {} : { [proven.field]: proven.message });
    if (!parsed.success || !proven.ok) return;
    try {
      await bindSupsim.mutateAsync({ iccid: parsed.data, remark: '', ...proven.value });
      setIccid('');
      setProof(emptyLineProof);
      toast.success(t('common.success'));
    } catch (err) {
      if (err instanceof ApiError && (err.field === 'code' || err.field === 'puk')) setProofErrors({ [err.field]: err.i18n });
      else if (err instanceof ApiError && err.field) setBindError(err.i18n);
    }
  };

  const query = () => {
    const check = checkEidOrIccid(number.trim());
    if (!check.ok) return setQueryError(eidOrIccidMessageKey(check.reason));
    setQueryError(null);
    // The same number again asks again: the card's state may have changed.
    if (asked === number.trim()) void jt.refetch();
    else setAsked(number.trim());
  };

  return (
    <PageLayout title={t('route.supsim')}>
      <PullToRefresh onRefresh={async () => void (await list.refetch())}>
        <QueryState query={list} isEmpty={(data) => data.items.length === 0} empty={<EmptyState title={t('supsim.empty')} />}>
          {(data) => (
            <List className="card card--list">
              {data.items.map((s) => (
                <ListRow key={s.id} to={paths['supsim-detail'].getHref({ id: String(s.id) })}>
                  {s.remark || s.iccid}
                </ListRow>
              ))}
            </List>
          )}
        </QueryState>
      </PullToRefresh>
      <section className="card form">
        <h2 className="card-title">{t('supsim.query')}</h2>
        <label className={queryError ? 'field field--error' : 'field'}>
          <Input name="jt-number" placeholder={t('supsim.query.placeholder')} value={number} onChange={setNumber} clearable />
          {queryError ? <span className="field-error" role="alert">{t(queryError)}</span> : null}
        </label>
        <Button block loading={jt.isFetching} onClick={query}>{t('esim.search.submit')}</Button>
        {jt.data ? <JtResultList result={jt.data} /> : null}
      </section>
      <section className="card form">
        <h2 className="card-title">{t('device.bind')}</h2>
        <label className={bindError ? 'field field--error' : 'field'}>
          <span className="field-label">ICCID</span>
          <Input name="iccid" inputMode="numeric" value={iccid} onChange={setIccid} clearable />
          {bindError ? <span className="field-error" role="alert">{t(bindError)}</span> : null}
        </label>
        <LineProofFields kind="supsim" iccid={iccid} value={proof} onChange={setProof} errors={proofErrors} onIccidError={setBindError} />
        <Button block color="primary" loading={bindSupsim.isPending} onClick={() => void bind()}>{t('device.bind')}</Button>
      </section>
    </PageLayout>
  );
}
