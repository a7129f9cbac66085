import { InfiniteScroll, List } from 'antd-mobile';
import { PullToRefresh } from '@/components/pull-to-refresh';
import { PageLayout } from '@/components/page-layout';
import { EmptyState, QueryState } from '@/components/page-states';
import { paths } from '@/config/paths';
import { useLanguage, useTranslation } from '@/i18n';
import { useTutorialList } from '../api/list-tutorials';
import '../articles.css';
import { useFormatDate } from '@/lib/format-date';
import { ListRow } from '@/components/list-row';

/** Tutorials (SPEC §2 mine/tutorial): titles with their updated time, newest content on pull. */
export function TutorialListPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const formatDate = useFormatDate();
  const list = useTutorialList(lang);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <PageLayout title={t('route.tutorial')}>
      <PullToRefresh onRefresh={async () => void (await list.refetch())}>
        <QueryState query={list} keepDataOnError isEmpty={() => items.length === 0} empty={<EmptyState title={t('article.empty')} description={t('article.empty.desc')} />}>
          {() => (
            <>
              <List className="card card--list tutorial-list" header={t('article.list')}>
                {items.map((a) => (
                  <ListRow
                    key={a.id}
                    to={paths['tutorial-detail'].getHref({ id: a.id })}
                    description={t('article.updated', { time: formatDate(a.updatedAt, lang) })}
                  >
                    {a.title}
                  </ListRow>
                ))}
              </List>
              {list.hasNextPage ? (
                <InfiniteScroll hasMore loadMore={async () => void (await list.fetchNextPage({ throwOnError: true }))} />
              ) : null}
            </>
          )}
        </QueryState>
      </PullToRefresh>
    </PageLayout>
  );
}
