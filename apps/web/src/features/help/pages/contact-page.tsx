import { Button, List } from 'antd-mobile';
import { ClockCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { WORK_HOURS } from '@simshop/contract';
import { PageLayout } from '@/components/page-layout';
import { openPage } from '@/lib/open-page';

/** Contact (SPEC §2, §9): how to reach customer service and when. */
export function ContactPage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('route.contact')}>
      <section className="card contact-intro">
        <p>{t('contact.intro')}</p>
      </section>
      <List className="card card--list">
        <List.Item prefix={<ClockCircleOutline />} description={t('contact.work-hours.value', { open: WORK_HOURS.open, close: WORK_HOURS.close })}>
          {t('contact.work-hours')}
        </List.Item>
      </List>
      <div className="page-actions">
        <Button block shape="rounded" onClick={() => openPage('tutorial')}>
          {t('contact.tutorials')}
        </Button>
      </div>
    </PageLayout>
  );
}
