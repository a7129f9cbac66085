import { Button, Input } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from '@/lib/router';
import { isWhitelistActivationCode } from '@simshop/contract';
import { PageLayout } from '@/components/page-layout';
import { paths } from '@/config/paths';
import { useLanguage, useTranslation } from '@/i18n';
import { ApiError } from '@/lib/api-client';
import { useSelfAddEsim } from '../api/self-add-esim';

/** The eSIM white-list self-adder (SPEC §2, §5: uppercase letters and digits). */
export function EsimSelfAdderPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const selfAdd = useSelfAddEsim();

  const add = async () => {
    if (!isWhitelistActivationCode(code)) return setError('validation.whitelist_activation_code');
    setError(null);
    try {
      const esim = await selfAdd.mutateAsync({ activationCode: code, i18n: lang });
      void navigate(paths['esim-detail'].getHref({ id: String(esim.id) }), { replace: true });
    } catch (err) {
      setMissing(err instanceof ApiError && err.i18n === 'res.esim.missing');
    }
  };

  return (
    <PageLayout title={t('route.esim-self-adder')}>
      <section className="card form">
        <p className="muted">{t('esim.self-add.lead')}</p>
        <label className={error ? 'field field--error' : 'field'}>
          <Input name="activationCode" placeholder={t('esim.self-add.placeholder')} value={code} onChange={(v) => setCode(v.toUpperCase().replace(/\s/g, ''))} />
          {error ? <span className="field-error" role="alert">{t(error)}</span> : null}
        </label>
        <Button block color="primary" loading={selfAdd.isPending} onClick={() => void add()}>{t('esim.self-add.submit')}</Button>
        {missing ? <Button block fill="none" onClick={() => void navigate(paths['esim-search'].path)}>{t('esim.self-add.search')}</Button> : null}
      </section>
    </PageLayout>
  );
}
