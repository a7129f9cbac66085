import { Button, DotLoading, Skeleton, createErrorBlock } from 'antd-mobile';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '@/i18n';
import { emptyPicture, errorPicture } from './state-pictures';

// The shop's two pictures; antd-mobile's ErrorBlock carries four illustrations (34 KB on the first screen).
const ErrorBlock = createErrorBlock({ default: errorPicture, empty: emptyPicture, disconnected: errorPicture, busy: errorPicture });

/** Loading state: skeleton blocks in the shape of a content page, so the layout does not jump. */
export function LoadingState({ rows = 3 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <div className="state state--loading" role="status" aria-live="polite" aria-label={t('common.loading')}>
      <Skeleton animated className="skeleton-banner" />
      <Skeleton.Paragraph lineCount={rows} animated />
    </div>
  );
}

/** A small inline spinner with text, for the route fallback. */
export function Spinner() {
  const { t } = useTranslation();
  return (
    <div className="state state--spinner" role="status">
      <DotLoading color="primary" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}

/** Nothing to show, with a title, a line and an action; `className` names the kind of state (sign-in, not found). */
export function EmptyState({ title, description, children, className = 'state state--empty' }: { title?: ReactNode; description?: ReactNode; children?: ReactNode; className?: string }) {
  const { t } = useTranslation();
  return (
    <ErrorBlock className={className} status="empty" title={title ?? t('common.empty')} description={description}>
      {children}
    </ErrorBlock>
  );
}

export function ErrorState({ title, description, onRetry }: { title?: ReactNode; description?: ReactNode; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <ErrorBlock className="state state--error" status="default" title={title ?? t('common.error.title')} description={description ?? t('common.error.desc')}>
      {onRetry && (
        <Button color="primary" shape="rounded" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      )}
    </ErrorBlock>
  );
}

/**
 * THE way a page shows what a query holds (docs/decisions.md, "One data layer on the web"):
 * the loading skeleton, the error with a retry, the empty state when `isEmpty` says so, or the
 * content. Pages do not branch on isPending / isError themselves.
 */
export function QueryState<T>({
  query,
  isEmpty,
  empty,
  rows,
  children,
}: {
  query: Pick<UseQueryResult<T>, 'isPending' | 'isError' | 'data' | 'refetch'>;
  isEmpty?: (data: T) => boolean;
  /** What an empty result shows: an EmptyState with its own title and action, usually. */
  empty?: ReactNode;
  rows?: number;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingState rows={rows} />;
  if (query.isError || query.data === undefined) return <ErrorState onRetry={() => void query.refetch()} />;
  if (isEmpty?.(query.data)) return <>{empty ?? <EmptyState />}</>;
  return <>{children(query.data)}</>;
}
