import { Button, Input, List } from 'antd-mobile';
import { useState } from 'react';
import { activationStatusLabelKey } from '@simshop/contract';
import { PageLayout } from '@/components/page-layout';
import { EmptyState, QueryState } from '@/components/page-states';
import { paths } from '@/config/paths';
import { useLanguage, useTranslation } from '@/i18n';
import { useEsimSearch } from '../api/search-esims';
import { ListRow } from '@/components/list-row';

/** eSIM search (SPEC §2 common/esim-search): by EID, ICCID or activation code. */
export function EsimSearchPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [query, setQuery] = useState('');
  // The search asked for once submitted; null before the first.
  const [searched, setSearched] = useState<string | null>(null);
  const result = useEsimSearch(searched, lang);

  const search = () => {
    if (query.trim()) setSearched(query.trim());
  };

  return (
    <PageLayout title={t('route.esim-search')}>
      <form
        className="card form"
        onSubmit={(e) => {
          e.preventDefault();
          search();
        }}
      >
        <label className="field">
          <span className="field-label">{t('esim.search.label')}</span>
          <Input name="query" placeholder={t('esim.search.placeholder')} value={query} onChange={setQuery} clearable />
        </label>
        <Button block color="primary" type="submit" loading={result.isFetching}>{t('esim.search.submit')}</Button>
      </form>
      {searched === null ? null : (
        // No match is an answer (null), shown as an empty list.
        <QueryState query={result} isEmpty={(r) => r === null || r.items.length === 0} empty={<EmptyState title={t('res.search.empty')} />}>
          {(r) => (
            <List className="card card--list search-results">
              {r?.items.map((e) => (
                <ListRow key={e.id} description={e.dpAddress} extra={t(activationStatusLabelKey(e.activationStatus))} to={paths['esim-detail'].getHref({ id: String(e.id) })}>
                  {e.name || e.activationCode}
                </ListRow>
              ))}
            </List>
          )}
        </QueryState>
      )}
    </PageLayout>
  );
}
