import type { ApiSpendLimit } from '@simshop/contract';
import { Button } from 'antd-mobile';
import { useId, useState, type FormEvent } from 'react';
import { QueryState } from '@/components/page-states';
import { i18n, useTranslation } from '@/i18n';
import { ApiError } from '@/lib/api-client';
import { describeApiError } from '@/lib/api-response';
import { money } from '@/lib/money';
import { toast } from '@/lib/toast';
import { useApiSpendLimits, useSetApiSpendLimit } from '../api/api-keys';

/**
 * The API's daily spend limits, one form per currency: what the API's orders took today (UTC)
 * against the limit, the limit typed in the currency's units (e.g. 250.00), saved or removed.
 * The server refuses an order that would pass it; at the warning share the reseller hears of it.
 */
export function SpendLimitsCard() {
  const { t } = useTranslation();
  const limits = useApiSpendLimits();
  const title = useId();
  return (
    <section className="card api-spend" aria-labelledby={title}>
      <h2 className="card-title" id={title}>
        {t('api-keys.spend.title')}
      </h2>
      <QueryState query={limits}>
        {(data) => (
          <>
            <p className="muted">{t('api-keys.spend.lead', { percent: data.warningPercent })}</p>
            {data.items.map((item) => (
              <SpendLimitForm key={item.currency} item={item} />
            ))}
          </>
        )}
      </QueryState>
    </section>
  );
}

/** Minor units from what was typed ("250", "250.5", "250.50"); null for anything else. */
function minorUnits(typed: string): number | null {
  const m = /^\s*(\d{1,9})(?:[.,](\d{1,2}))?\s*$/.exec(typed);
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : null;
}

function SpendLimitForm({ item }: { item: ApiSpendLimit }) {
  const { t } = useTranslation();
  const ids = { input: useId(), state: useId(), error: useId() };
  const [typed, setTyped] = useState(item.dailyLimit === null ? '' : (item.dailyLimit / 100).toFixed(2));
  const [error, setError] = useState<string | null>(null);
  const save = useSetApiSpendLimit();
  const send = (dailyLimit: number | null) =>
    save.mutate(
      { currency: item.currency, dailyLimit },
      {
        onSuccess: () => {
          setError(null);
          if (dailyLimit === null) setTyped('');
          toast.success(dailyLimit === null ? t('api-keys.spend.removed', { currency: item.currency }) : t('api-keys.spend.saved', { currency: item.currency }));
        },
        onError: (err) => setError(err instanceof ApiError ? describeApiError(err, i18n) : t('api-keys.failed')),
      },
    );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const amount = minorUnits(typed);
    if (amount === null) return setError(t('api-keys.spend.invalid'));
    send(amount);
  };
  const state =
    item.dailyLimit === null
      ? t('api-keys.spend.none', { spent: money(item.spentToday, item.currency) })
      : t('api-keys.spend.used', { spent: money(item.spentToday, item.currency), limit: money(item.dailyLimit, item.currency) });
  return (
    <form className="api-spend-form" onSubmit={submit} noValidate>
      <label className="field-label" htmlFor={ids.input}>
        {t('api-keys.spend.label', { currency: item.currency })}
      </label>
      <p className="muted api-spend-state" id={ids.state}>
        {state}
      </p>
      <div className="api-spend-row">
        {/* A plain input: antd-mobile's Input does not hand aria-describedby and aria-invalid to its element. */}
        <input
          id={ids.input}
          className="api-spend-input"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          inputMode="decimal"
          placeholder={t('api-keys.spend.placeholder')}
          autoComplete="off"
          readOnly={save.isPending}
          aria-describedby={error ? `${ids.state} ${ids.error}` : ids.state}
          aria-invalid={error ? true : undefined}
        />
        <Button type="submit" color="primary" size="small" loading={save.isPending} disabled={typed.trim() === ''}>
          {t('api-keys.spend.save')}
        </Button>
        {item.dailyLimit === null ? null : (
          <Button type="button" size="small" disabled={save.isPending} onClick={() => send(null)} aria-label={t('api-keys.spend.remove.label', { currency: item.currency })}>
            {t('api-keys.spend.remove')}
          </Button>
        )}
      </div>
      {error ? (
        <p className="field-error" id={ids.error} role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
