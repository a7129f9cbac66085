import { RESELLER_API_BASE, type WebhookEndpoint } from '@simshop/contract';
import { Button } from 'antd-mobile';
import { useCallback, useState } from 'react';
import { PageLayout } from '@/components/page-layout';
import { EmptyState, QueryState } from '@/components/page-states';
import { i18n, useTranslation } from '@/i18n';
import { ApiError } from '@/lib/api-client';
import { describeApiError } from '@/lib/api-response';
import { toast } from '@/lib/toast';
import { useDeleteWebhook, useRotateWebhook, useSendTest, useWebhooks } from '../api/webhooks';
import { EndpointCard } from '../components/endpoint-card';
import { EndpointSheet } from '../components/endpoint-sheet';
import { WebhookSecretSheet } from '../components/secret-sheet';
import '../webhooks.css';

/**
 * Mine → API → Webhooks (resellers): the endpoints the shop posts events to, each with its
 * delivery log. A new endpoint's (or a new) signing secret is shown once, in its own sheet;
 * deleting and a new secret ask first.
 */
export function WebhooksPage() {
  const { t } = useTranslation();
  const endpoints = useWebhooks();
  const rotate = useRotateWebhook();
  const remove = useDeleteWebhook();
  const test = useSendTest();
  const [sheet, setSheet] = useState<{ editing: WebhookEndpoint | null } | null>(null);
  const [shown, setShown] = useState<{ url: string; secret: string } | null>(null);
  const closeSecret = useCallback(() => setShown(null), []);
  const busy = rotate.isPending || remove.isPending || test.isPending;

  const failed = (err: unknown) => toast.error(err instanceof ApiError ? describeApiError(err, i18n) : t('webhooks.failed'));
  const actionsOf = (e: WebhookEndpoint) => ({
    busy,
    onEdit: () => setSheet({ editing: e }),
    onTest: () => test.mutate({ id: e.id }, { onSuccess: () => toast.success(t('webhooks.test.done')), onError: failed }),
    onRotate: () => rotate.mutate({ id: e.id }, { onSuccess: (made) => setShown({ url: made.endpoint.url, secret: made.secret }), onError: failed }),
    onDelete: () => remove.mutate({ id: e.id }, { onSuccess: () => toast.success(t('webhooks.delete.done')), onError: failed }),
  });

  return (
    <PageLayout title={t('route.webhooks')} className="webhooks-page">
      <section className="card webhooks-intro">
        <p className="muted">{t('webhooks.lead')}</p>
        <a className="link webhooks-docs" href={`${RESELLER_API_BASE}/docs`} target="_blank" rel="noreferrer">
          {t('webhooks.docs')}
        </a>
      </section>
      <QueryState query={endpoints}>
        {(data) => (
          <>
            <div className="webhooks-bar">
              <span className="muted">{t('webhooks.count', { count: data.items.length, max: data.max })}</span>
              <Button color="primary" size="small" disabled={data.items.length >= data.max} onClick={() => setSheet({ editing: null })}>
                {t('webhooks.new')}
              </Button>
            </div>
            {data.items.length === 0 ? (
              <EmptyState title={t('webhooks.empty.title')} description={t('webhooks.empty.description')} />
            ) : (
              data.items.map((e) => <EndpointCard key={e.id} endpoint={e} actions={actionsOf(e)} />)
            )}
          </>
        )}
      </QueryState>
      <EndpointSheet
        open={sheet !== null}
        editing={sheet?.editing ?? null}
        onClose={() => setSheet(null)}
        onMade={(made) => {
          setSheet(null);
          setShown(made);
        }}
      />
      <WebhookSecretSheet shown={shown} onClose={closeSecret} />
    </PageLayout>
  );
}
