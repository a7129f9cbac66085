import { InfiniteScroll, Tabs } from 'antd-mobile';
import { PullToRefresh } from '@/components/pull-to-refresh';
import { BLOG_CATEGORIES, blogCategorySchema, type BlogCategory } from '@simshop/contract';
import { useTranslation } from '@/i18n';
import { useSearchParams } from '@/lib/router';
import { PageLayout } from '@/components/page-layout';
import { EmptyState, QueryState } from '@/components/page-states';
import { useBlogPosts } from '../api/list-blog-posts';
import { PostCard } from '@/components/blog/post-card';
import '@/components/blog/blog.css';

/** `/pages/blog/index?category=`: posts newest first, with a tab per category, more on scrolling. */
export function BlogListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const parsed = blogCategorySchema.safeParse(params.get('category'));
  const category: BlogCategory | undefined = parsed.success ? parsed.data : undefined;
  const list = useBlogPosts(category);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];

  const body = (
    <QueryState query={list} rows={6} keepDataOnError isEmpty={() => items.length === 0} empty={<EmptyState title={t('blog.empty')} description={t('blog.empty.desc')} />}>
      {() => (
        <>
          <div className="blog-list">
            {items.map((p) => (
              <PostCard key={p.id} post={p} />
            ))}
          </div>
          {list.hasNextPage ? <InfiniteScroll hasMore loadMore={async () => void (await list.fetchNextPage({ throwOnError: true }))} /> : null}
        </>
      )}
    </QueryState>
  );

  return (
    <PageLayout title={t('route.blog')}>
      <nav aria-label={t('blog.categories')}>
        <Tabs
          className="blog-tabs"
          activeKey={category ?? 'all'}
          onChange={(key) => setParams(key === 'all' ? {} : { category: key }, { replace: true })}
        >
          <Tabs.Tab key="all" title={t('blog.category.all')} />
          {BLOG_CATEGORIES.map((c) => (
            <Tabs.Tab key={c} title={t(`blog.category.${c}`)} />
          ))}
        </Tabs>
      </nav>
      <PullToRefresh onRefresh={async () => void (await list.refetch())}>{body}</PullToRefresh>
    </PageLayout>
  );
}
