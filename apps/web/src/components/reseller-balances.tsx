import { List, Tag, type ListItemProps } from 'antd-mobile';
import { ListRow } from '@/components/list-row';
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
  /** The page a tapped balance opens (the mine page opens Manage eSIM); without it the lines are text. */
  readonly openTo?: string;
  readonly className?: string;
}

/** A line that opens a page is a link; otherwise it is text with its action at the right. */
function Line({ openTo, children, ...look }: Omit<ListItemProps, 'onClick'> & { readonly openTo: string | undefined }) {
  return openTo === undefined ? <List.Item {...look}>{children}</List.Item> : <ListRow {...look} to={openTo}>{children}</ListRow>;
}

/**
 * A reseller's balances, one line per currency, with the lock of SPEC §6 ("balance lock").
 * Shared by the mine page and Manage eSIM; loading and failure are one quiet line each, since
 * both pages have more to show than this.
 */
export function ResellerBalances({ action, empty, openTo, className }: ResellerBalancesProps) {
  const { t } = useTranslation();
  const balances = useBalances();
  const body = balances.isPending ? (
    <List.Item className="balance-line balance-line--loading">{t('common.loading')}</List.Item>
  ) : balances.isError ? (
    <ListRow className="balance-line balance-line--error" onClick={() => void balances.refetch()} extra={t('common.retry')}>
      {t('common.error.title')}
    </ListRow>
  ) : balances.data.items.length === 0 ? (
    <Line openTo={openTo} className="balance-line balance-line--empty" extra={action?.({ currency: 'USD', amount: 0, locked: false })}>
      {empty ?? t('balance.empty')}
    </Line>
  ) : (
    balances.data.items.map((b) => (
      <Line key={b.currency} openTo={openTo} className="balance-line" data-currency={b.currency} description={b.currency} extra={action?.(b)}>
        <strong className="balance-amount">{money(b.amount, b.currency)}</strong>
        {b.locked ? (
          <Tag color="danger" className="balance-locked">
            {t('balance.locked')}
          </Tag>
        ) : null}
      </Line>
    ))
  );
  return (
    <List className={className ? `card card--list ${className}` : 'card card--list'} header={t('mine.balance')}>
      {body}
    </List>
  );
}
