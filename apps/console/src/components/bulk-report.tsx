import type { BulkOutcome } from '@simshop/contract';
import { Alert, Flex, List, Progress, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** How far a bulk action has come: objects sent so far of all, and each one's outcome. */
export interface BulkProgress {
  total: number;
  results: BulkOutcome[];
  running: boolean;
}

/**
 * A bulk action's progress and report: a bar while it runs, then how many were done and, for each
 * that failed, which one and why (the catalogue error in the staff member's language). `name`
 * says how an object is shown (an order number, a product's name).
 */
export function BulkReport({ progress, name }: { progress: BulkProgress; name?: (ref: string) => ReactNode }) {
  const { t } = useTranslation();
  const done = progress.results.filter((r) => r.ok).length;
  const failed = progress.results.filter((r) => !r.ok);
  const percent = progress.total === 0 ? 0 : Math.round((progress.results.length / progress.total) * 100);
  return (
    <Flex vertical gap={12}>
      <Progress percent={percent} status={progress.running ? 'active' : failed.length ? 'exception' : 'success'} aria-label={t('bulk.progress')} />
      <span role="status">{progress.running ? t('bulk.running', { count: progress.results.length, total: progress.total }) : t('bulk.finished', { done, failed: failed.length })}</span>
      {failed.length > 0 ? (
        <Alert
          type="error"
          showIcon
          title={t('bulk.failed', { count: failed.length })}
          description={
            <List
              size="small"
              dataSource={failed}
              renderItem={(r) => (
                <List.Item>
                  <Typography.Text strong>{name ? name(r.ref) : r.ref}</Typography.Text>
                  {': '}
                  {r.error ? t(r.error.i18n, (r.error.data as Record<string, unknown> | undefined) ?? {}) : ''}
                </List.Item>
              )}
            />
          }
        />
      ) : null}
    </Flex>
  );
}

/** Sends a bulk call in slices so the report can show progress; each slice's answer is added in order. */
export async function inSlices<I>(items: readonly I[], size: number, send: (slice: I[]) => Promise<{ results: BulkOutcome[] }>, onSlice: (results: BulkOutcome[]) => void): Promise<BulkOutcome[]> {
  const all: BulkOutcome[] = [];
  for (let i = 0; i < items.length; i += size) {
    const { results } = await send(items.slice(i, i + size));
    all.push(...results);
    onSlice([...all]);
  }
  return all;
}
