import type { BlogPostSummary } from '@simshop/contract';
import { BASENAME, paths } from '@/config/paths';
import { useLanguage, useTranslation } from '@/i18n';
import { imageUrl } from '@/lib/images';
import { openPage } from '@/lib/open-page';
import { useFormatDate } from '@/lib/format-date';

/** A post's date as lists and the post show it (drawn by the server: useFormatDate). */
export function useBlogDate(): (ms: number, lang: string) => string {
  const formatDate = useFormatDate();
  return (ms, lang) => formatDate(ms, lang, 'longDate');
}

/** A post in a list: cover, category, title, summary and date; the whole card opens the post. */
export function PostCard({ post, compact = false }: { post: BlogPostSummary; compact?: boolean }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const blogDate = useBlogDate();
  const cover = imageUrl(post.cover);
  return (
    <article className={compact ? 'blog-card blog-card--compact' : 'blog-card'}>
      <a
        className="blog-card-link"
        href={`${BASENAME}${paths['blog-detail'].getHref({ id: post.id })}`}
        onClick={(e) => {
          e.preventDefault();
          openPage(paths['blog-detail'].getHref({ id: post.id }));
        }}
      >
        {cover ? <img className="blog-card-cover" src={cover} alt="" loading="lazy" width={750} height={400} /> : <span className="blog-card-cover blog-card-cover--none" aria-hidden />}
        <span className="blog-card-text">
          <span className="blog-card-meta">
            <span className="blog-chip">{t(`blog.category.${post.category}`)}</span>
            <time dateTime={new Date(post.publishedAt).toISOString()}>{blogDate(post.publishedAt, lang)}</time>
          </span>
          <span className="blog-card-title">{post.title}</span>
          {compact ? null : <span className="blog-card-summary">{post.summary}</span>}
        </span>
      </a>
    </article>
  );
}
