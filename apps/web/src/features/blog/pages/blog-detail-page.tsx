import { Button } from 'antd-mobile';
import { serverErrors, type BlogPost } from '@simshop/contract';
import { useSearchParams } from '@/lib/router';
import { PageLayout } from '@/components/page-layout';
import { EmptyState, QueryState } from '@/components/page-states';
import { paths } from '@/config/paths';
import { ArticleContent } from '@/components/article-content';
import { useLanguage, useTranslation } from '@/i18n';
import { ApiError } from '@/lib/api-client';
import { imageUrl } from '@/lib/images';
import { money } from '@/lib/money';
import { openPage } from '@/lib/open-page';
import { useBlogPost } from '../api/get-blog-post';
import { useBlogDate } from '@/components/blog/post-card';
import '@/components/blog/blog.css';

/** `/pages/blog/detail?id=`: a post in the shop's safe markup, with the products it mentions. */
export function BlogDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const post = useBlogPost(id, valid);
  const missing = !valid || (post.error instanceof ApiError && post.error.code === serverErrors.blogNotFound.code);

  let body;
  if (missing) {
    body = (
      <EmptyState title={t('blog.missing')}>
        <Button color="primary" onClick={() => openPage(paths.blog.getHref())}>
          {t('blog.back-to-list')}
        </Button>
      </EmptyState>
    );
  } else {
    body = <QueryState query={post} rows={8}>{(p) => <PostView post={p} />}</QueryState>;
  }
  return <PageLayout title={post.data?.title ?? t('route.blog-detail')}>{body}</PageLayout>;
}

function PostView({ post: p }: { post: BlogPost }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const blogDate = useBlogDate();
  const cover = imageUrl(p.cover);
  return (
    <>
      <article className="card blog-post">
        {cover ? <img className="blog-post-cover" src={cover} alt="" width={750} height={400} /> : null}
        <h2 className="blog-post-title">{p.title}</h2>
        <p className="blog-card-meta">
          <button type="button" className="blog-chip" onClick={() => openPage(paths.blog.getHref({ category: p.category }))}>
            {t(`blog.category.${p.category}`)}
          </button>
          <time dateTime={new Date(p.publishedAt).toISOString()}>{t('blog.published', { date: blogDate(p.publishedAt, lang) })}</time>
        </p>
        <p className="blog-post-summary">{p.summary}</p>
        <ArticleContent content={p.body} />
        {p.tags.length ? (
          <ul className="blog-tags" aria-label={t('blog.tags')}>
            {p.tags.map((tag) => (
              <li key={tag}>#{tag}</li>
            ))}
          </ul>
        ) : null}
      </article>
      {p.products.length ? (
        <section className="card blog-products" aria-labelledby="blog-products-title">
          <h2 id="blog-products-title" className="blog-products-title">
            {t('blog.products')}
          </h2>
          <ul>
            {p.products.map((product) => (
              <li key={product.id}>
                <button type="button" className="product-row" onClick={() => openPage(paths.goods.getHref({ id: String(product.id) }))}>
                  <img src={imageUrl(product.images)} width={64} height={64} alt="" />
                  <span className="product-row-text">
                    <span className="product-row-name">{product.name}</span>
                    <span className="muted">{product.subtitle}</span>
                  </span>
                  <span className="product-row-price">{product.soldOut ? t('shop.sold-out') : money(product.price, product.currency)}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
