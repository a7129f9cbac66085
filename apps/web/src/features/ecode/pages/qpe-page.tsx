import { Button, Input } from 'antd-mobile';
import { useState } from 'react';
import { useSearchParams } from '@/lib/router';
import { customiseEcodeMessage, isCustomiseEcode, isQpeImei, QPE_VARIANTS, type RequestOf } from '@simshop/contract';
import { PageLayout } from '@/components/page-layout';
import { paths } from '@/config/paths';
import { useLanguage, useTranslation } from '@/i18n';
import { openPage } from '@/lib/open-page';
import { toast } from '@/lib/toast';
import '../ecode.css';
import { useCustomizeEcode } from '../api/customize-ecode';
import { useEcodeEsim } from '../api/fetch-ecode-esim';
import { QpeResultView } from '../components/qpe-result';
import { qpePageOf, type QpePageProps } from '../qpe-routes';

type QpeAction = 'customize' | 'fetch';
type FieldErrors = { ecode?: string | null; imei?: string | null };

/**
 * QPE customise and fetch (SPEC §2 mine/qpe/qpe-customize and qpe-fetch, longkese-custom and
 * longkese-fetch, sim/customize-qpe-secret and get-qpe-secret): one page for every variant and
 * both actions. Customise turns the ECode and a 15-digit IMEI into an eSIM for that phone;
 * fetch shows the eSIM a customised ECode became, to see and install again.
 */
export function QpePage({ action, variant, secret = false }: QpePageProps & { readonly action: QpeAction }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [params] = useSearchParams();
  const [ecode, setEcode] = useState(params.get('ecode') ?? '');
  const [imei, setImei] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const customize = action === 'customize';
  const customise = useCustomizeEcode();
  // Fetch is a read: asked for once the form is sent, and forgotten by "again".
  const [fetchBody, setFetchBody] = useState<RequestOf<'ecodeCustomize', 'fetch'> | null>(null);
  const fetched = useEcodeEsim(fetchBody);
  const result = (customize ? customise.data : fetchBody && fetched.data) ?? null;
  const busy = customise.isPending || fetched.isFetching;
  const again = () => {
    customise.reset();
    setFetchBody(null);
  };
  const other: QpeAction = customize ? 'fetch' : 'customize';

  const submit = async () => {
    const next: FieldErrors = {
      ecode: isCustomiseEcode(ecode, secret) ? null : customiseEcodeMessage(secret),
      imei: !customize || isQpeImei(imei.trim()) ? null : 'validation.qpe_imei',
    };
    setErrors(next);
    if (next.ecode || next.imei) return;
    const common = { ecode: ecode.trim(), variant, secret, i18n: lang };
    if (!customize) {
      // The same ECode again (after a refusal, say) asks the server again.
      if (fetchBody && fetchBody.ecode === common.ecode) void fetched.refetch();
      return setFetchBody(common);
    }
    await customise.mutateAsync({ ...common, imei: imei.trim() });
    toast.success(t('qpe.customize.done'));
  };

  return (
    <PageLayout title={t(paths[qpePageOf(action, { variant, secret })].title)} className="page--qpe">
      {result ? (
        <>
          <QpeResultView result={result} />
          <Button block fill="outline" onClick={again}>{t('qpe.again')}</Button>
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
          <p className="muted">{t(secret ? 'qpe.secret.lead' : `qpe.${action}.lead`)}</p>
          <label className={errors.ecode ? 'field field--error' : 'field'}>
            <span className="field-label">{t('qpe.ecode')}</span>
            <Input name="ecode" value={ecode} onChange={(v) => { setEcode(v); setErrors((x) => ({ ...x, ecode: null })); }} placeholder={t(secret ? 'qpe.ecode.secret.placeholder' : 'qpe.ecode.placeholder')} maxLength={12} clearable autoComplete="off" />
            {errors.ecode ? <span className="field-error" role="alert">{t(errors.ecode)}</span> : null}
          </label>
          {customize && (
            <label className={errors.imei ? 'field field--error' : 'field'}>
              <span className="field-label">{t('qpe.imei')}</span>
              <Input name="imei" inputMode="numeric" value={imei} onChange={(v) => { setImei(v); setErrors((x) => ({ ...x, imei: null })); }} placeholder={t('qpe.imei.placeholder')} maxLength={15} clearable autoComplete="off" />
              {errors.imei ? <span className="field-error" role="alert">{t(errors.imei)}</span> : null}
              <span className="muted">{t('qpe.imei.hint')}</span>
            </label>
          )}
          <Button block color="primary" type="submit" loading={busy}>{t(`qpe.${action}.submit`)}</Button>
          <Button block fill="none" type="button" onClick={() => openPage(paths[qpePageOf(other, { variant, secret })].getHref(ecode.trim() ? { ecode: ecode.trim() } : undefined))}>
            {t(`qpe.to-${other}`)}
          </Button>
        </form>
      )}
    </PageLayout>
  );
}

export const QpeCustomizeRoute = () => <QpePage action="customize" variant="qpe" />;
export const LongkeseCustomRoute = () => <QpePage action="customize" variant="longkese" />;
export const CustomizeQpeSecretRoute = () => <QpePage action="customize" variant="qpe" secret />;
export const QpeFetchRoute = () => <QpePage action="fetch" variant="qpe" />;
export const LongkeseFetchRoute = () => <QpePage action="fetch" variant="longkese" />;
export const GetQpeSecretRoute = () => <QpePage action="fetch" variant="qpe" secret />;
