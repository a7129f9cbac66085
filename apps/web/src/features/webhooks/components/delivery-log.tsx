import type { WebhookDelivery } from '@simshop/contract';
import { Button } from 'antd-mobile';
import { useId } from 'react';
import { EmptyState, QueryState } from '@/components/page-states';
import { i18n, useLanguage, useTranslation } from '@/i18n';
import { ApiError } from '@/lib/api-client';
import { describeApiError } from '@/lib/api-response';
import { formatDate } from '@/lib/format-date';
import { toast } from '@/lib/toast';
import { useDeliveries, useRedeliver } from '../api/webhooks';

/**
 * An endpoint's deliveries, newest first: when, which event, where it stands, how many tries, the
 * last answer's code and first bytes, the next try; "send again" on each. Older ones a page at a
 * time. A delivery waiting for its try is looked at again until it has one (api/webhooks.ts).
 */
export function DeliveryLog({ endpointId }: { endpointId: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const title = useId();
  const deliveries = useDeliveries(endpointId);
  const again = useRedeliver();
  const sendAgain = (d: WebhookDelivery) =>
    again.mutate({ deliveryId: d.id }, { onSuccess: () => toast.success(t('webhooks.log.again.done')), onError: (err) => toast.error(err instanceof ApiError ? describeApiError(err, i18n) : t('webhooks.failed')) });

  return (
    <section className="webhooks-log" aria-labelledby={title}>
      <div className="webhooks-log-head">
        <h3 className="webhooks-log-title" id={title}>
          {t('webhooks.log.title')}
        </h3>
        <Button size="mini" fill="none" onClick={() => void deliveries.refetch()} loading={deliveries.isFetching && !deliveries.isFetchingNextPage}>
          {t('webhooks.log.refresh')}
        </Button>
      </div>
      <QueryState query={deliveries} rows={2} isEmpty={(data) => data.pages[0]!.items.length === 0} empty={<EmptyState description={t('webhooks.log.empty')} />}>
        {(data) => (
          <>
            <ul className="webhooks-log-list">
              {data.pages.flatMap((page) => page.items).map((d) => {
                const last = d.attempts.at(-1);
                return (
                  <li key={d.id} className="webhooks-delivery" data-testid="webhook-delivery">
                    <div className="webhooks-delivery-head">
                      <span className="mono webhooks-event-name">{d.eventType}</span>
                      <span className={`webhooks-status webhooks-status--${d.status}`}>{t(`webhooks.status.${d.status}`)}</span>
                    </div>
                    <p className="muted webhooks-delivery-facts">
                      {formatDate(d.createdAt, lang, 'mediumDateTime')} · {t('webhooks.log.attempts', { count: d.attempts.length })}
                      {last ? ` · ${last.statusCode ?? t('webhooks.log.no-answer')} · ${last.durationMs} ms` : ''}
                    </p>
                    {last && last.answer ? <code className="mono webhooks-answer">{last.answer.slice(0, 200)}</code> : null}
                    {d.nextAttemptAt !== null && d.attempts.length > 0 ? <p className="muted webhooks-delivery-facts">{t('webhooks.log.next', { date: formatDate(d.nextAttemptAt, lang, 'mediumDateTime') })}</p> : null}
                    <Button size="mini" onClick={() => sendAgain(d)} disabled={again.isPending} aria-label={`${t('webhooks.log.again')}: ${d.eventType} ${formatDate(d.createdAt, lang, 'mediumDateTime')}`}>
                      {t('webhooks.log.again')}
                    </Button>
                  </li>
                );
              })}
            </ul>
            {deliveries.hasNextPage ? (
              <Button size="small" block onClick={() => void deliveries.fetchNextPage()} loading={deliveries.isFetchingNextPage}>
                {t('webhooks.log.more')}
              </Button>
            ) : null}
          </>
        )}
      </QueryState>
    </section>
  );
}
