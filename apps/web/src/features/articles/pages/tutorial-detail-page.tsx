import { Button } from 'antd-mobile';
import { serverErrors } from '@simshop/contract';
import { useSearchParams } from '@/lib/router';
import { PageLayout } from '@/components/page-layout';
import { EmptyState, QueryState } from '@/components/page-states';
import { useLanguage, useTranslation } from '@/i18n';
import { ApiError } from '@/lib/api-client';
import { openPage } from '@/lib/open-page';
import { ArticleContent } from '@/components/article-content';
import { useTutorial } from '../api/get-tutorial';
import '../articles.css';
import { useFormatDate } from '@/lib/format-date';

/** A tutorial (SPEC §3 Tutorial): title, released and updated times, content. */
export function TutorialDetailPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const formatDate = useFormatDate();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const article = useTutorial(id, lang, valid);
  const missing = !valid || (article.error instanceof ApiError && article.error.code === serverErrors.notFound.code);
  const title = article.data?.title ?? t('route.tutorial-detail');
  let body;
  if (missing) {
    body = (
      <EmptyState title={t('article.missing')} description={null}>
        <Button color="primary" onClick={() => openPage('tutorial')}>
          {t('article.list')}
        </Button>
      </EmptyState>
    );
  } else {
    const time = (ms: number) => formatDate(ms, lang, 'longDate');
    body = (
      <QueryState query={article} rows={8}>
        {(a) => (
          <article className="card tutorial">
            <h2 className="tutorial-title">{a.title}</h2>
            <p className="tutorial-times muted">
              <span>{t('article.released', { time: time(a.releasedAt) })}</span>
              {a.updatedAt !== a.releasedAt ? <span>{t('article.updated', { time: time(a.updatedAt) })}</span> : null}
            </p>
            <ArticleContent content={a.content} />
          </article>
        )}
      </QueryState>
    );
  }
  return <PageLayout title={title}>{body}</PageLayout>;
}
