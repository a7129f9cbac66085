import { Button } from 'antd-mobile';
import { merchantApplyRequest, type MerchantApplication } from '@simshop/contract';
import { useTranslation } from '@/i18n';
import { ApplicationForm, type ApplicationField } from '@/components/application-form';
import { PageLayout } from '@/components/page-layout';
import { QueryState } from '@/components/page-states';
import { TitledCard } from '@/components/titled-card';
import { paths } from '@/config/paths';
import { openPage } from '@/lib/open-page';
import { useApply, useMyApplication } from '../api/merchants';
import './merchants.css';

const FIELDS = ['nameEn', 'nameZh', 'contactEmail', 'contactPhone', 'returnAddress', 'description'] as const;
type Field = (typeof FIELDS)[number];
const EMPTY: Record<Field, string> = { nameEn: '', nameZh: '', contactEmail: '', contactPhone: '', returnAddress: '', description: '' };
const KIND: Partial<Record<Field, ApplicationField<Field>['kind']>> = { contactEmail: 'email', contactPhone: 'tel', returnAddress: 'textarea', description: 'textarea' };

/**
 * `/pages/shop/apply`: a signed-in customer applies to open a shop; once sent the page
 * shows the application's status instead (one application per customer).
 */
export function ApplyPage() {
  const { t } = useTranslation();
  const mine = useMyApplication();
  const apply = useApply();

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
  const fields = FIELDS.map((name) => ({ name, label: t(`merchant.field.${name}`), kind: KIND[name], rows: name === 'description' ? 3 : 2, maxLength: name === 'description' ? 1000 : 300 }));
  const applyForm = (
    <ApplicationForm
      schema={merchantApplyRequest}
      fields={fields}
      initial={EMPTY}
      intro={<p className="muted">{t('merchant.apply.intro')}</p>}
      submitLabel={t('merchant.apply.submit')}
      sentText={t('merchant.apply.sent')}
      failedText={t('merchant.apply.failed')}
      pending={apply.isPending}
      send={(input) => apply.mutateAsync(input)}
    />
  );
  return (
    <PageLayout title={t('route.shop-apply')}>
      <QueryState query={mine} rows={4}>{(m) => (m.application ? application(m.application) : applyForm)}</QueryState>
    </PageLayout>
  );
}
