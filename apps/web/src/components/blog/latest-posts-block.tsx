import { useTranslation } from '@/i18n';
import { paths } from '@/config/paths';
import { openPage } from '@/lib/open-page';
import { useBlogPosts } from '@/features/blog/api/list-blog-posts';
import { PostCard } from './post-card';
import './blog.css';

const LATEST = 3;

/**
 * The home page's "latest posts" block: the three newest posts and a way to the blog. It keeps
 * to itself: while loading, failing or without posts it shows nothing, so home never waits for it.
 */
export function LatestPostsBlock() {
  const { t } = useTranslation();
  const posts = useBlogPosts(undefined, LATEST);
  const items = posts.data?.pages[0]?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section className="card blog-latest" aria-labelledby="blog-latest-title">
      <div className="blog-latest-head">
        <h2 id="blog-latest-title" className="blog-latest-title">
          {t('blog.latest')}
        </h2>
        <button type="button" className="blog-more" onClick={() => openPage(paths.blog.getHref())}>
          {t('blog.more')}
        </button>
      </div>
      <div className="blog-latest-list">
        {items.map((p) => (
          <PostCard key={p.id} post={p} compact />
        ))}
      </div>
    </section>
  );
}
