import { Button, DotLoading, Skeleton, createErrorBlock } from 'antd-mobile';
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
    // null, not undefined: antd-mobile fills a missing description with its own search hint.
    <ErrorBlock className={className} status="empty" title={title ?? t('common.empty')} description={description ?? null}>
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

/** What QueryState reads of a query: a TanStack query result, or several folded by `allQueries`. */
export interface QueryView<T> {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
  refetch: () => Promise<unknown>;
}

type DataOf<Q> = Q extends { data: infer T } ? Exclude<T, undefined> : never;

/**
 * Several queries as one for QueryState: loading while any is, failed when any has, and the data
 * of all of them once every one has answered; the retry fetches them all again.
 */
export function allQueries<const Q extends readonly QueryView<unknown>[]>(...queries: Q): QueryView<{ [K in keyof Q]: DataOf<Q[K]> }> {
  const ready = queries.every((q) => q.data !== undefined);
  return {
    isPending: queries.some((q) => q.isPending),
    isError: queries.some((q) => q.isError),
    data: ready ? (queries.map((q) => q.data) as { [K in keyof Q]: DataOf<Q[K]> }) : undefined,
    refetch: () => Promise.all(queries.map((q) => q.refetch())),
  };
}

/**
 * THE way a page shows what a query holds (docs/decisions.md, "One data layer on the web"): the
 * loading skeleton, the error with a retry, the empty state when `isEmpty` says so, or the content.
 * Pages do not branch on isPending / isError themselves (lint rule simshop/query-state).
 */
export function QueryState<T>({
  query,
  isEmpty,
  empty,
  rows,
  keepDataOnError = false,
  errorTitle,
  children,
}: {
  query: QueryView<T>;
  isEmpty?: (data: T) => boolean;
  /** What an empty result shows: an EmptyState with its own title and action, usually. */
  empty?: ReactNode;
  rows?: number;
  /** What has arrived stays on screen when a refresh or a later page fails (the list says so itself). */
  keepDataOnError?: boolean;
  /** The error's title when the common one would not say enough. */
  errorTitle?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingState rows={rows} />;
  const { data } = query;
  if (data === undefined || (query.isError && !keepDataOnError)) return <ErrorState title={errorTitle} onRetry={() => void query.refetch()} />;
  if (isEmpty?.(data)) return <>{empty ?? <EmptyState />}</>;
  return <>{children(data)}</>;
}
