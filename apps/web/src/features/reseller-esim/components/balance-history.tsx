import { List } from 'antd-mobile';
import { QueryState } from '@/components/page-states';
import { useLanguage, useTranslation } from '@/i18n';
import { money } from '@/lib/money';
import { useBillingList } from '../api/list-billing';
import { formatDate } from '@/lib/format-date';

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
  // A generation refreshes it with the balances (api/generate-esims).
  const history = useBillingList();
  const rows = (history.data?.items ?? []).filter((r) => r.kind === 'balance').slice(0, 10);
  return (
    <section className="card balance-history">
      <h2 className="card-title">{t('balance.history')}</h2>
      <QueryState query={history} rows={2} isEmpty={() => rows.length === 0} empty={<p className="muted">{t('balance.history.empty')}</p>}>
        {() => (
          <List className="balance-history-list">
            {rows.map((r) => (
              <List.Item key={r.id} description={formatDate(r.at, lang, 'dateTime')} extra={<span className={r.amount < 0 ? 'amount-out' : 'amount-in'}>{`${r.amount > 0 ? '+' : ''}${money(r.amount, r.currency)}`}</span>}>
                <span className="balance-history-reason">{reason(r.reason)}</span>
              </List.Item>
            ))}
          </List>
        )}
      </QueryState>
    </section>
  );
}
