import { WEBHOOK_BALANCE_LOW_DEFAULT, WEBHOOK_DESCRIPTION_MAX, WEBHOOK_EVENT_TYPES, WEBHOOK_URL_MAX, WebhookEventType, type WebhookEndpoint } from '@simshop/contract';
import { Input, type InputRef } from 'antd-mobile';
import { useEffect, useId, useRef, useState } from 'react';
import { FormSheet } from '@/components/form-sheet';
import { Tick } from '@/components/tick';
import { i18n, useTranslation } from '@/i18n';
import { ApiError } from '@/lib/api-client';
import { describeApiError } from '@/lib/api-response';
import { useCreateWebhook, useUpdateWebhook } from '../api/webhooks';

/**
 * Adding or editing an endpoint: its URL, a description, the events as ticks with what each
 * means, the low-balance threshold when that event is picked, and whether it is on. The server
 * checks the URL and refuses with its reason, shown beside the form; a new endpoint's secret goes
 * to `onMade`.
 */
export function EndpointSheet({ open, editing, onClose, onMade }: { open: boolean; editing: WebhookEndpoint | null; onClose: () => void; onMade: (made: { url: string; secret: string }) => void }) {
  const { t } = useTranslation();
  const ids = { url: useId(), urlHint: useId(), description: useId(), threshold: useId(), thresholdHint: useId(), error: useId() };
  const urlField = useRef<InputRef>(null);
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([WebhookEventType.orderCompleted]);
  const [enabled, setEnabled] = useState(true);
  const [threshold, setThreshold] = useState(String(WEBHOOK_BALANCE_LOW_DEFAULT));
  const [error, setError] = useState<string | null>(null);
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const busy = create.isPending || update.isPending;

  // The form starts from the endpoint being edited, or empty, each time it opens.
  useEffect(() => {
    if (!open) return;
    setUrl(editing?.url ?? '');
    setDescription(editing?.description ?? '');
    setEvents(editing?.events ?? [WebhookEventType.orderCompleted]);
    setEnabled(editing?.enabled ?? true);
    setThreshold(String(editing?.balanceLowBelow ?? WEBHOOK_BALANCE_LOW_DEFAULT));
    setError(null);
  }, [open, editing]);

  const toggle = (event: WebhookEventType, on: boolean) => setEvents((now) => (on ? [...now, event] : now.filter((e) => e !== event)));

  const submit = async () => {
    setError(null);
    if (events.length === 0) return setError(t('webhooks.form.events.required'));
    const input = { url: url.trim(), description: description.trim(), events, enabled, balanceLowBelow: Math.max(0, Math.floor(Number(threshold) || 0)) };
    try {
      if (editing) {
        await update.mutateAsync({ id: editing.id, ...input });
        onClose();
      } else {
        const made = await create.mutateAsync(input);
        onMade({ url: made.endpoint.url, secret: made.secret });
      }
    } catch (err) {
      setError(err instanceof ApiError ? describeApiError(err, i18n) : t('webhooks.failed'));
    }
  };

  return (
    <FormSheet
      open={open}
      onClose={onClose}
      onSubmit={() => void submit()}
      title={t(editing ? 'webhooks.form.edit' : 'webhooks.form.new')}
      initialFocus={urlField}
      error={error}
      errorId={ids.error}
      busy={busy}
      submit={{ label: t('webhooks.form.submit'), busyLabel: t('webhooks.form.busy'), disabled: url.trim() === '' }}
      className="webhooks-sheet"
    >
      <label className="field-label" htmlFor={ids.url}>
        {t('webhooks.form.url')}
      </label>
      <Input ref={urlField} id={ids.url} type="url" value={url} onChange={setUrl} maxLength={WEBHOOK_URL_MAX} autoComplete="off" placeholder="https://example.com/webhooks" readOnly={busy} aria-describedby={ids.urlHint} className="mono" />
      <p className="muted webhooks-hint" id={ids.urlHint}>
        {t('webhooks.form.url.hint')}
      </p>
      <label className="field-label" htmlFor={ids.description}>
        {t('webhooks.form.description')}
      </label>
      <Input id={ids.description} value={description} onChange={setDescription} maxLength={WEBHOOK_DESCRIPTION_MAX} autoComplete="off" readOnly={busy} />
      <fieldset className="webhooks-events" aria-describedby={error ? ids.error : undefined}>
        <legend className="field-label">{t('webhooks.form.events')}</legend>
        {WEBHOOK_EVENT_TYPES.map((event) => (
          <Tick key={event} checked={events.includes(event)} onChange={(on) => toggle(event, on)} disabled={busy}>
            <span className="mono webhooks-event-name">{event}</span> <span className="muted">{t(`webhooks.event.${event}`)}</span>
          </Tick>
        ))}
      </fieldset>
      {events.includes(WebhookEventType.balanceLow) ? (
        <>
          <label className="field-label" htmlFor={ids.threshold}>
            {t('webhooks.form.threshold')}
          </label>
          <Input id={ids.threshold} type="number" inputMode="numeric" min={0} value={threshold} onChange={setThreshold} readOnly={busy} aria-describedby={ids.thresholdHint} />
          <p className="muted webhooks-hint" id={ids.thresholdHint}>
            {t('webhooks.form.threshold.hint')}
          </p>
        </>
      ) : null}
      <Tick checked={enabled} onChange={setEnabled} disabled={busy}>
        {t('webhooks.form.enabled')}
      </Tick>
    </FormSheet>
  );
}
