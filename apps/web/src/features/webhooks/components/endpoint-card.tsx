import { WebhookEventType, type WebhookEndpoint } from '@simshop/contract';
import { Button, Dialog } from 'antd-mobile';
import { useId, useState } from 'react';
import { useLanguage, useTranslation } from '@/i18n';
import { formatDate } from '@/lib/format-date';
import { DeliveryLog } from './delivery-log';

export interface EndpointActions {
  busy: boolean;
  onEdit: () => void;
  onTest: () => void;
  onRotate: () => void;
  onDelete: () => void;
}

/** One endpoint: its URL, description, events, on or off, a failing run; edit, test, new secret, delete; its deliveries on demand. */
export function EndpointCard({ endpoint, actions }: { endpoint: WebhookEndpoint; actions: EndpointActions }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const title = useId();
  const logId = useId();
  const [showLog, setShowLog] = useState(false);
  const confirm = async (text: string, then: () => void) => {
    if (await Dialog.confirm({ content: text, confirmText: t('common.confirm'), cancelText: t('common.cancel') })) then();
  };
  const named = (label: string) => `${label}: ${endpoint.url}`;
  return (
    <article className="card webhook-card" aria-labelledby={title} data-testid="webhook-endpoint">
      <header className="webhook-card-head">
        <h2 className="card-title mono webhooks-wrap" id={title}>
          {endpoint.url}
        </h2>
        <span className={`webhooks-tag webhooks-tag--${endpoint.enabled ? 'on' : 'off'}`}>{t(endpoint.enabled ? 'webhooks.enabled' : 'webhooks.disabled')}</span>
      </header>
      {endpoint.description ? <p className="muted">{endpoint.description}</p> : null}
      {endpoint.failingSince !== null ? (
        <p className="webhooks-warning" role="status">
          {t('webhooks.failing', { date: formatDate(endpoint.failingSince, lang, 'mediumDateTime') })}
        </p>
      ) : null}
      <dl className="webhooks-facts">
        <dt>{t('webhooks.events')}</dt>
        <dd className="mono">{endpoint.events.join(', ')}</dd>
        {endpoint.events.includes(WebhookEventType.balanceLow) ? (
          <>
            <dt>{t('webhooks.threshold')}</dt>
            <dd>{endpoint.balanceLowBelow}</dd>
          </>
        ) : null}
        <dt>{t('webhooks.created')}</dt>
        <dd>{formatDate(endpoint.createdAt, lang)}</dd>
      </dl>
      <div className="webhooks-actions">
        <Button size="small" color="primary" fill="outline" disabled={actions.busy} onClick={actions.onTest} aria-label={named(t('webhooks.test'))}>
          {t('webhooks.test')}
        </Button>
        <Button size="small" disabled={actions.busy} onClick={actions.onEdit} aria-label={named(t('webhooks.edit'))}>
          {t('webhooks.edit')}
        </Button>
        <Button size="small" disabled={actions.busy} onClick={() => void confirm(t('webhooks.rotate.confirm', { url: endpoint.url }), actions.onRotate)} aria-label={named(t('webhooks.rotate'))}>
          {t('webhooks.rotate')}
        </Button>
        <Button size="small" color="danger" fill="outline" disabled={actions.busy} onClick={() => void confirm(t('webhooks.delete.confirm', { url: endpoint.url }), actions.onDelete)} aria-label={named(t('webhooks.delete'))}>
          {t('webhooks.delete')}
        </Button>
      </div>
      <Button size="small" fill="none" className="webhooks-log-toggle" aria-expanded={showLog} aria-controls={logId} onClick={() => setShowLog((v) => !v)}>
        {t(showLog ? 'webhooks.hide-deliveries' : 'webhooks.show-deliveries')}
      </Button>
      <div id={logId}>{showLog ? <DeliveryLog endpointId={endpoint.id} /> : null}</div>
    </article>
  );
}
