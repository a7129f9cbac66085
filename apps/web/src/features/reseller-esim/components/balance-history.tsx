import { List } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '@/components/page-states';
import { BALANCE_QUERY_KEY } from '@/components/reseller-balances';
import { useLanguage } from '@/i18n';
import { call } from '@/lib/api-client';
import { money } from '@/lib/money';

const REASONS: ReadonlyArray<[RegExp, string]> = [
  [/^topup refund (\S+)$/, 'balance.reason.topup-refund'],
  [/^topup (\S+)$/, 'balance.reason.topup'],
  [/^generate (\S+)$/, 'balance.reason.generate'],
  [/^order (\S+)$/, 'balance.reason.order'],
  [/^refund (\S+)$/, 'balance.reason.refund'],
];

/** The server writes ledger reasons as "<what> <order or batch number>"; anything else is shown as written. */
function useReason() {
  const { t } = useTranslation();
  return (reason: string) => {
    for (const [pattern, key] of REASONS) {
      const m = pattern.exec(reason);
      if (m) return t(key, { ref: m[1] });
    }
    return reason;
  };
}

/** The latest balance changes (billing.do, balance rows): top-ups in, generations and payments out. */
export function BalanceHistory() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const reason = useReason();
  // Under the balance key, so a top-up or a generation refreshes it with the balances.
  const history = useQuery({ queryKey: [...BALANCE_QUERY_KEY, 'history'], queryFn: ({ signal }) => call('billing', 'list', { page: 1, size: 50 }, { signal }) });
  const rows = (history.data?.items ?? []).filter((r) => r.kind === 'balance').slice(0, 10);
  return (
    <section className="card balance-history">
      <h2 className="card-title">{t('balance.history')}</h2>
      {history.isPending ? (
        <LoadingState rows={2} />
      ) : history.isError ? (
        <ErrorState onRetry={() => void history.refetch()} />
      ) : rows.length === 0 ? (
        <p className="muted">{t('balance.history.empty')}</p>
      ) : (
        <List className="balance-history-list">
          {rows.map((r) => (
            <List.Item key={r.id} description={new Date(r.at).toLocaleString(lang)} extra={<span className={r.amount < 0 ? 'amount-out' : 'amount-in'}>{`${r.amount > 0 ? '+' : ''}${money(r.amount, r.currency)}`}</span>}>
              <span className="balance-history-reason">{reason(r.reason)}</span>
            </List.Item>
          ))}
        </List>
      )}
    </section>
  );
}
