import { Button, Input, TextArea } from 'antd-mobile';
import { merchantApplyRequest, type MerchantApplication } from '@simshop/contract';
import { useState } from 'react';
import { useTranslation } from '@/i18n';
import { PageLayout } from '@/components/page-layout';
import { QueryState } from '@/components/page-states';
import { TitledCard } from '@/components/titled-card';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { openPage } from '@/lib/open-page';
import { toast } from '@/lib/toast';
import { useApply, useMyApplication } from '../api/merchants';
import './merchants.css';

const FIELDS = ['nameEn', 'nameZh', 'contactEmail', 'contactPhone', 'returnAddress', 'description'] as const;
type Field = (typeof FIELDS)[number];
const EMPTY: Record<Field, string> = { nameEn: '', nameZh: '', contactEmail: '', contactPhone: '', returnAddress: '', description: '' };

/**
 * `/pages/shop/apply`: a signed-in customer applies to open a shop; once sent the page
 * shows the application's status instead (one application per customer).
 */
export function ApplyPage() {
  const { t } = useTranslation();
  const mine = useMyApplication();
  const apply = useApply();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const submit = async () => {
    const checked = merchantApplyRequest.safeParse(form);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    try {
      await apply.mutateAsync(checked.data);
      toast.success(t('merchant.apply.sent'));
    } catch (err) {
      if (err instanceof ApiError && err.field && (FIELDS as readonly string[]).includes(err.field)) setErrors({ [err.field]: err.i18n ?? 'validation.invalid' });
      else toast.error(err instanceof ApiError && err.i18n ? t(err.i18n) : t('merchant.apply.failed'));
    }
  };

  const application = (a: MerchantApplication) => (
    <TitledCard id="application-title" title={t('merchant.apply.yours')}>
      <p>
        {a.name.en} / {a.name.zh}
      </p>
      <p className="merchant-status" role="status">
        {t(`merchant.status.${a.status}`)}
      </p>
      <p className="muted">{t(`merchant.status.${a.status}.hint`)}</p>
      {a.status === 'active' ? (
        <Button color="primary" block onClick={() => openPage(paths.shop.getHref({ id: a.id }))}>
          {t('merchant.apply.open-shop')}
        </Button>
      ) : null}
    </TitledCard>
  );
  const applyForm = (
    <form
      className="card form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <p className="muted">{t('merchant.apply.intro')}</p>
      {FIELDS.map((f) => (
        <label key={f} className={errors[f] ? 'field field--error' : 'field'}>
          <span className="field-label">{t(`merchant.field.${f}`)}</span>
          {f === 'description' || f === 'returnAddress' ? (
            <TextArea name={f} value={form[f]} rows={f === 'description' ? 3 : 2} maxLength={f === 'description' ? 1000 : 300} onChange={(v) => setForm((x) => ({ ...x, [f]: v }))} />
          ) : (
            <Input name={f} type={f === 'contactEmail' ? 'email' : f === 'contactPhone' ? 'tel' : 'text'} value={form[f]} onChange={(v) => setForm((x) => ({ ...x, [f]: v }))} />
          )}
          {errors[f] ? (
            <span className="field-error" role="alert">
              {t(errors[f])}
            </span>
          ) : null}
        </label>
      ))}
      <Button block color="primary" type="submit" loading={apply.isPending}>
        {t('merchant.apply.submit')}
      </Button>
    </form>
  );
  return (
    <PageLayout title={t('route.shop-apply')}>
      <QueryState query={mine} rows={4}>{(m) => (m.application ? application(m.application) : applyForm)}</QueryState>
    </PageLayout>
  );
}
