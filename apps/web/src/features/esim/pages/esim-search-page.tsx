import { Button, Input, List } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Esim } from '@simshop/contract';
import { activationStatusLabelKey } from '@simshop/contract';
import { PageLayout } from '@/components/page-layout';
import { EmptyState } from '@/components/page-states';
import { paths } from '@/config/paths';
import { useLanguage } from '@/i18n';
import { ApiError, call } from '@/lib/api-client';
import { openPage } from '@/lib/open-page';

/** eSIM search (SPEC §2 common/esim-search): by EID, ICCID or activation code. */
export function EsimSearchPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Array<Omit<Esim, 'installLog'>> | null>(null);
  const [busy, setBusy] = useState(false);

  const search = async () => {
    if (!query.trim()) return;
    setBusy(true);
    try {
      setFound((await call('esimSearch', 'search', { query: query.trim(), i18n: lang }, { silent: true })).items);
    } catch (err) {
      if (err instanceof ApiError && err.i18n === 'res.search.empty') setFound([]);
      else throw err;
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageLayout title={t('route.esim-search')}>
      <form
        className="card form"
        onSubmit={(e) => {
          e.preventDefault();
          void search().catch(() => undefined);
        }}
      >
        <Input name="query" placeholder={t('esim.search.placeholder')} value={query} onChange={setQuery} clearable />
        <Button block color="primary" type="submit" loading={busy}>{t('esim.search.submit')}</Button>
      </form>
      {found === null ? null : found.length === 0 ? (
        <EmptyState title={t('res.search.empty')} />
      ) : (
        <List className="card card--list search-results">
          {found.map((e) => (
            <List.Item key={e.id} description={e.dpAddress} extra={t(activationStatusLabelKey(e.activationStatus))} onClick={() => openPage(paths['esim-detail'].getHref({ id: String(e.id) }))}>
              {e.name || e.activationCode}
            </List.Item>
          ))}
        </List>
      )}
    </PageLayout>
  );
}
