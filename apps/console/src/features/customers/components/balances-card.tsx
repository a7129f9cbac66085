import { formatMoney, isResellerRole, type AdminBalance, type Currency, type CustomerDetail } from '@simshop/contract';
import { LockOutlined, PlusOutlined, UnlockOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/lib/staff-session';
import { CreditModal } from './credit-modal';
import { LockModal } from './lock-modal';

/** A reseller's balance per currency, with credit and lock for finance (the server checks the same permission). */
export function BalancesCard({ detail }: { detail: CustomerDetail }) {
  const { t } = useTranslation();
  const can = useCan();
  const canWrite = can('balances.write');
  const reseller = isResellerRole(detail.customer.role);
  const [crediting, setCrediting] = useState<Currency | null>(null);
  const [locking, setLocking] = useState<AdminBalance | null>(null);
  const id = detail.customer.id;

  return (
    <Card
      title={t('customers.balances')}
      style={{ height: '100%' }}
      extra={
        // A balance row has its own credit button; this one opens the first balance of a currency.
        canWrite && reseller && detail.balances.length === 0 ? (
          <Button icon={<PlusOutlined />} onClick={() => setCrediting(detail.balances[0]?.currency ?? 'USD')}>
            {t('customers.balance.credit')}
          </Button>
        ) : null
      }
    >
      {detail.balances.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(reseller ? 'customers.balances.none' : 'customers.balances.none-customer')} />
      ) : (
        <Flex vertical gap={12}>
          {detail.balances.map((b) => (
            <Flex key={b.currency} justify="space-between" align="center" gap={12} wrap data-testid={`balance-${b.currency}`}>
              <div>
                <Typography.Text type="secondary">{b.currency}</Typography.Text>
                <div>
                  <Typography.Text strong style={{ fontSize: 22 }}>
                    {formatMoney(b.amount, b.currency)}
                  </Typography.Text>
                  {b.locked ? (
                    <Tag color="red" icon={<LockOutlined />} style={{ marginInlineStart: 8 }}>
                      {t('customers.balance.locked')}
                    </Tag>
                  ) : null}
                </div>
                {b.locked && b.lockReason ? <Typography.Text type="secondary">{t('customers.balance.lock-reason', { reason: b.lockReason })}</Typography.Text> : null}
              </div>
              {canWrite ? (
                <Flex gap={8}>
                  {reseller ? (
                    <Button size="small" onClick={() => setCrediting(b.currency)} aria-label={`${t('customers.balance.credit')} ${b.currency}`}>
                      {t('customers.balance.credit')}
                    </Button>
                  ) : null}
                  <Button size="small" danger={!b.locked} icon={b.locked ? <UnlockOutlined /> : <LockOutlined />} onClick={() => setLocking(b)} aria-label={`${t(b.locked ? 'customers.balance.unlock' : 'customers.balance.lock')} ${b.currency}`}>
                    {t(b.locked ? 'customers.balance.unlock' : 'customers.balance.lock')}
                  </Button>
                </Flex>
              ) : null}
            </Flex>
          ))}
        </Flex>
      )}
      <CreditModal customerId={id} currency={crediting ?? 'USD'} open={crediting !== null} onClose={() => setCrediting(null)} />
      <LockModal customerId={id} balance={locking} onClose={() => setLocking(null)} />
    </Card>
  );
}
