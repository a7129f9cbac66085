import { List, Tag } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from '@/i18n';
import type { Balance } from '@simshop/contract';
import { useBalances } from '@/features/balance/api/get-balance';
import { money } from '@/lib/money';

export interface ResellerBalancesProps {
  /** Something to put at the right of each balance (a top-up button). */
  readonly action?: (balance: Balance) => ReactNode;
  /** Shown when the reseller has no balance at all. */
  readonly empty?: ReactNode;
  /** Opens something when a balance is tapped (the mine page opens Manage eSIM). */
  readonly onOpen?: () => void;
  readonly className?: string;
}

/**
 * A reseller's balances, one line per currency, with the lock of SPEC §6 ("balance lock").
 * Shared by the mine page and Manage eSIM; loading and failure are one quiet line each, since
 * both pages have more to show than this.
 */
export function ResellerBalances({ action, empty, onOpen, className }: ResellerBalancesProps) {
  const { t } = useTranslation();
  const balances = useBalances();
  const body = balances.isPending ? (
    <List.Item className="balance-line balance-line--loading">{t('common.loading')}</List.Item>
  ) : balances.isError ? (
    <List.Item className="balance-line balance-line--error" onClick={() => void balances.refetch()} extra={t('common.retry')}>
      {t('common.error.title')}
    </List.Item>
  ) : balances.data.items.length === 0 ? (
    <List.Item className="balance-line balance-line--empty" onClick={onOpen} extra={action?.({ currency: 'USD', amount: 0, locked: false })}>
      {empty ?? t('balance.empty')}
    </List.Item>
  ) : (
    balances.data.items.map((b) => (
      <List.Item
        key={b.currency}
        className="balance-line"
        data-currency={b.currency}
        onClick={onOpen}
        description={b.currency}
        extra={action?.(b)}
      >
        <strong className="balance-amount">{money(b.amount, b.currency)}</strong>
        {b.locked ? (
          <Tag color="danger" className="balance-locked">
            {t('balance.locked')}
          </Tag>
        ) : null}
      </List.Item>
    ))
  );
  return (
    <List className={className ? `card card--list ${className}` : 'card card--list'} header={t('mine.balance')}>
      {body}
    </List>
  );
}
