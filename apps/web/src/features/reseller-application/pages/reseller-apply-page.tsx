import { Button, Dialog } from 'antd-mobile';
import {
  COUNTRY_CODES,
  countryName,
  RESELLER_BUSINESS_TYPES,
  RESELLER_MONTHLY_VOLUMES,
  resellerApplyRequest,
  type MyResellerApplication,
  type ResellerApplication,
} from '@simshop/contract';
import { useMemo } from 'react';
import { useLanguage, useTranslation } from '@/i18n';
import { ApplicationForm, type ApplicationField } from '@/components/application-form';
import { PageLayout } from '@/components/page-layout';
import { QueryState } from '@/components/page-states';
import { TitledCard } from '@/components/titled-card';
import { formatDate } from '@/lib/format-date';
import { openPage } from '@/lib/open-page';
import { clearSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useCreateReseller } from '@/features/mine/api/create-reseller';
import { useMyResellerApplication, useResellerApply } from '../api/reseller-application';
import './reseller-apply.css';

const FIELDS = ['businessName', 'contactName', 'contactEmail', 'contactPhone', 'country', 'businessType', 'monthlyVolume', 'website', 'note'] as const;
type Field = (typeof FIELDS)[number];
const EMPTY: Record<Field, string> = { businessName: '', contactName: '', contactEmail: '', contactPhone: '', country: '', businessType: '', monthlyVolume: '', website: '', note: '' };
const KIND: Partial<Record<Field, ApplicationField<Field>['kind']>> = { contactEmail: 'email', contactPhone: 'tel', website: 'url', note: 'textarea', country: 'select', businessType: 'select', monthlyVolume: 'select' };

/** What a rejected application said, to correct rather than type again. */
const again = (a: ResellerApplication) => Object.fromEntries(FIELDS.map((f) => [f, a[f]])) as Record<Field, string>;

/** Signs out and opens the reseller sign-in: a role change takes effect with a new session. */
function signInAsReseller() {
  clearSession();
  openPage('login-reseller');
}

/**
 * `/pages/mine/reseller-apply`: a regular customer applies to become a reseller (wholesale prices);
 * once sent the page shows the answer: under review, approved (sign in again as a reseller) or
 * rejected with the reason, and then the form again. An account allowed to create its reseller
 * account at once (SPEC §6) is offered that instead of the form.
 */
export function ResellerApplyPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const mine = useMyResellerApplication();
  const apply = useResellerApply();
  const createReseller = useCreateReseller();

  const choices = (values: readonly string[], key: string) => [{ value: '', label: t('reseller-apply.choose') }, ...values.map((value) => ({ value, label: t(`${key}.${value}`) }))];
  const countries = useMemo(
    () => [...COUNTRY_CODES].map((code) => ({ value: code, label: countryName(code, lang) })).sort((a, b) => a.label.localeCompare(b.label, lang)),
    [lang],
  );
  const fields: ApplicationField<Field>[] = FIELDS.map((name) => ({
    name,
    label: t(`reseller-apply.field.${name}`),
    kind: KIND[name],
    rows: 3,
    maxLength: 1000,
    options: name === 'country' ? [{ value: '', label: t('reseller-apply.choose') }, ...countries] : name === 'businessType' ? choices(RESELLER_BUSINESS_TYPES, 'reseller-apply.business') : name === 'monthlyVolume' ? choices(RESELLER_MONTHLY_VOLUMES, 'reseller-apply.volume') : undefined,
  }));

  const createNow = async () => {
    if (!(await Dialog.confirm({ title: t('account.become-reseller.title'), content: t('account.become-reseller.confirm'), confirmText: t('common.confirm'), cancelText: t('common.cancel') }))) return;
    try {
      await createReseller.mutateAsync({});
      toast.success(t('account.become-reseller.done'));
      signInAsReseller();
    } catch {
      // The toast says why.
    }
  };

  const status = (a: ResellerApplication) => (
    <TitledCard id="reseller-application-title" title={t('reseller-apply.yours')} className={`reseller-application reseller-application--${a.status}`}>
      <p className="reseller-application-business">{a.businessName}</p>
      <p className="reseller-application-status" role="status">
        {t(`reseller-apply.status.${a.status}`)}
      </p>
      <p className="muted">{t(`reseller-apply.status.${a.status}.hint`, { date: formatDate(a.createdAt, lang) })}</p>
      {a.status === 'rejected' && a.rejectReason ? (
        <p className="reseller-application-reason">
          <strong>{t('reseller-apply.reason')}</strong> {a.rejectReason}
        </p>
      ) : null}
      {a.status === 'approved' ? (
        <Button color="primary" block onClick={signInAsReseller}>
          {t('reseller-apply.sign-in')}
        </Button>
      ) : null}
    </TitledCard>
  );

  const page = (m: MyResellerApplication) => (
    <>
      {m.canCreateReseller ? (
        <TitledCard id="reseller-now-title" title={t('reseller-apply.now.title')}>
          <p className="muted">{t('reseller-apply.now.lead')}</p>
          <Button block onClick={() => void createNow()} loading={createReseller.isPending}>
            {t('reseller-apply.now.button')}
          </Button>
        </TitledCard>
      ) : null}
      {m.application ? status(m.application) : null}
      {!m.canApply && !m.application ? (
        <TitledCard id="reseller-already-title" title={t('reseller-apply.already')}>
          <Button color="primary" block onClick={signInAsReseller}>
            {t('reseller-apply.sign-in')}
          </Button>
        </TitledCard>
      ) : null}
      {m.canApply && !m.canCreateReseller ? (
        <ApplicationForm
          key={m.application?.id ?? 0}
          schema={resellerApplyRequest}
          fields={fields}
          initial={m.application ? again(m.application) : EMPTY}
          intro={
            <>
              <h2 className="card-title">{m.application ? t('reseller-apply.again') : t('reseller-apply.form-title')}</h2>
              <p className="muted">{t('reseller-apply.intro')}</p>
            </>
          }
          submitLabel={t('reseller-apply.submit')}
          sentText={t('reseller-apply.sent')}
          failedText={t('reseller-apply.failed')}
          pending={apply.isPending}
          send={(input) => apply.mutateAsync(input)}
        />
      ) : null}
    </>
  );

  return (
    <PageLayout title={t('route.reseller-apply')}>
      <QueryState query={mine} rows={6}>
        {page}
      </QueryState>
    </PageLayout>
  );
}
