import { Tabs } from 'antd-mobile';
import { useTranslation } from '@/i18n';
import { useSearchParams } from '@/lib/router';
import { PageLayout } from '@/components/page-layout';
import { GenerateTab } from '../components/generate-tab';
import { SearchTab } from '../components/search-tab';
import '../reseller-esim.css';

type Tab = 'generate' | 'search';

/**
 * Manage eSIM (SPEC §2 esim/index, resellers only): a generate tab and a search tab. The tab
 * and the batch shown are in the address, so a reload or the back button keeps them.
 */
export function EsimManagePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'search' ? 'search' : 'generate';
  const batchNo = params.get('batch');

  const go = (next: Tab, batch: string | null = batchNo) => setParams({ tab: next, ...(batch ? { batch } : {}) }, { replace: true });

  return (
    <PageLayout title={t('route.esim-manage')} className="page--esim-manage">
      <Tabs activeKey={tab} onChange={(key) => go(key as Tab)} className="esim-manage-tabs">
        <Tabs.Tab key="generate" title={t('esim-manage.tab.generate')} />
        <Tabs.Tab key="search" title={t('esim-manage.tab.search')} />
      </Tabs>
      {tab === 'generate' ? <GenerateTab batchNo={batchNo} onGenerated={(batch) => go('generate', batch)} onShowBatch={(batch) => go('search', batch)} /> : <SearchTab batchNo={batchNo} onBatchChange={(batch) => go('search', batch)} />}
    </PageLayout>
  );
}
