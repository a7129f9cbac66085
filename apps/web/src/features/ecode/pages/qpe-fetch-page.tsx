import { Button, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { customiseEcodeMessage, isCustomiseEcode, QPE_VARIANTS, type QpeResult } from '@simshop/contract';
import { PageLayout } from '@/components/page-layout';
import { paths } from '@/config/paths';
import { useLanguage } from '@/i18n';
import { call } from '@/lib/api-client';
import { openPage } from '@/lib/open-page';
import '../ecode.css';
import { QpeResultView } from '../components/qpe-result';
import { qpePageOf, type QpePageProps } from '../qpe-routes';

/**
 * QPE fetch (SPEC §2 mine/qpe/qpe-fetch, longkese-fetch, sim/get-qpe-secret): the eSIM a
 * customised ECode became, to see and install again. One page for every variant.
 */
export function QpeFetchPage({ variant, secret = false }: QpePageProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [params] = useSearchParams();
  const [ecode, setEcode] = useState(params.get('ecode') ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<QpeResult | null>(null);
  const route = qpePageOf('fetch', { variant, secret });

  const submit = async () => {
    const problem = isCustomiseEcode(ecode, secret) ? null : customiseEcodeMessage(secret);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      setResult(await call('ecodeCustomize', 'fetch', { ecode: ecode.trim(), variant, secret, i18n: lang }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageLayout title={t(paths[route].title)} className="page--qpe">
      {result ? (
        <>
          <QpeResultView result={result} />
          <Button block fill="outline" onClick={() => setResult(null)}>{t('qpe.again')}</Button>
        </>
      ) : (
        <form
          className="card form qpe-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit().catch(() => undefined);
          }}
        >
          <h2 className="card-title">{t(QPE_VARIANTS[variant].titleKey)}</h2>
          <p className="muted">{t(secret ? 'qpe.secret.lead' : 'qpe.fetch.lead')}</p>
          <label className={error ? 'field field--error' : 'field'}>
            <span className="field-label">{t('qpe.ecode')}</span>
            <Input name="ecode" value={ecode} onChange={(v) => { setEcode(v); setError(null); }} placeholder={t(secret ? 'qpe.ecode.secret.placeholder' : 'qpe.ecode.placeholder')} maxLength={12} clearable autoComplete="off" />
            {error ? <span className="field-error" role="alert">{t(error)}</span> : null}
          </label>
          <Button block color="primary" type="submit" loading={busy}>{t('qpe.fetch.submit')}</Button>
          <Button block fill="none" type="button" onClick={() => openPage(paths[qpePageOf('customize', { variant, secret })].getHref(ecode.trim() ? { ecode: ecode.trim() } : undefined))}>
            {t('qpe.to-customize')}
          </Button>
        </form>
      )}
    </PageLayout>
  );
}

export const QpeFetchRoute = () => <QpeFetchPage variant="qpe" />;
export const LongkeseFetchRoute = () => <QpeFetchPage variant="longkese" />;
export const GetQpeSecretRoute = () => <QpeFetchPage variant="qpe" secret />;
