import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { PaymentsTable } from '../components/payments-table';
import { RefundsTable } from '../components/refunds-table';

/** Money in and out, read only: payments (`/payments`) and refunds (`/payments?tab=refunds`). */
export default function PaymentsPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') === 'refunds' ? 'refunds' : 'payments';
  return (
    <>
      <PageHeader title={t('payments.title')} subtitle={t('payments.subtitle')} />
      <Tabs
        activeKey={tab}
        // Each tab has its own filters: switching starts the other list afresh.
        onChange={(key) => setSearch(key === 'refunds' ? { tab: 'refunds' } : {})}
        destroyOnHidden
        items={[
          { key: 'payments', label: t('payments.tab.payments'), children: <PaymentsTable /> },
          { key: 'refunds', label: t('payments.tab.refunds'), children: <RefundsTable /> },
        ]}
      />
    </>
  );
}
