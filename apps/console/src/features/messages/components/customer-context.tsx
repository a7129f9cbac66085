import { ActivationStatus, activationStatusLabelKey, esimRecordStatusLabelKey, formatMoney, type MessageContext } from '@simshop/contract';
import { Card, Empty, Flex, Skeleton, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateTime } from '@/components/date-time';
import { OrderStatusTag } from '@/components/order-status-tag';
import { QueryError } from '@/components/query-error';
import { useMessageContext } from '../api/context';

const listStyle = { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 10 } as const;

function Section({ title, more, children }: { title: string; more?: ReactNode; children: ReactNode }) {
  return (
    <section style={{ marginBottom: 16 }}>
      <Flex justify="space-between" align="baseline" gap={8}>
        <Typography.Title level={3} style={{ fontSize: 14, margin: '0 0 8px' }}>
          {title}
        </Typography.Title>
        {more}
      </Flex>
      {children}
    </section>
  );
}

function Orders({ context, userId, zh }: { context: MessageContext; userId: number; zh: boolean }) {
  const { t } = useTranslation();
  const more = context.orderCount > context.orders.length ? <Link to={`/customers/${userId}`}>{t('messages.context.all-orders', { count: context.orderCount })}</Link> : null;
  return (
    <Section title={t('messages.context.orders')} more={more}>
      {context.orders.length === 0 ? (
        <Typography.Text type="secondary">{t('messages.context.no-orders')}</Typography.Text>
      ) : (
        <ul style={listStyle} data-testid="context-orders">
          {context.orders.map((o) => (
            <li key={o.orderNo}>
              <Flex justify="space-between" gap={8} wrap>
                <Link to={`/orders/${o.orderNo}`} style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {o.orderNo}
                </Link>
                <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{formatMoney(o.total, o.currency)}</span>
              </Flex>
              <Flex justify="space-between" align="center" gap={8} wrap>
                <Typography.Text type="secondary" ellipsis style={{ maxWidth: 180, fontSize: 12 }}>
                  {o.firstItem ? (zh ? o.firstItem.zh : o.firstItem.en) : '—'}
                  {o.more > 0 ? ` ${t('messages.context.more', { count: o.more })}` : ''}
                </Typography.Text>
                <span>
                  <OrderStatusTag status={o.status} />
                </span>
              </Flex>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                <DateTime value={o.createdAt} />
              </Typography.Text>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function Esims({ context, zh }: { context: MessageContext; zh: boolean }) {
  const { t } = useTranslation();
  return (
    <Section title={t('messages.context.esims', { count: context.esimCount })}>
      {context.esims.length === 0 ? (
        <Typography.Text type="secondary">{t('messages.context.no-esims')}</Typography.Text>
      ) : (
        <ul style={listStyle}>
          {context.esims.map((e) => (
            <li key={e.id}>
              <div>{(zh ? e.name.zh : e.name.en) || '—'}</div>
              <Flex gap={4} wrap align="center">
                <Tag style={{ marginInlineEnd: 0 }}>{t(esimRecordStatusLabelKey(e.status))}</Tag>
                <Tag color={e.activationStatus === ActivationStatus.installed || e.activationStatus === ActivationStatus.enabled ? 'green' : 'default'} style={{ marginInlineEnd: 0 }}>
                  {t(activationStatusLabelKey(e.activationStatus))}
                </Tag>
                {e.orderNo ? (
                  <Link to={`/orders/${e.orderNo}`} style={{ fontSize: 12 }} aria-label={t('messages.context.esim-order', { orderNo: e.orderNo })}>
                    {e.orderNo}
                  </Link>
                ) : null}
              </Flex>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/**
 * Who the customer is to the shop, beside their conversation: their balances, newest orders
 * (each a link to the order) and their eSIMs' state; the customer page has the rest.
 */
export function CustomerContext({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation();
  const query = useMessageContext(userId);
  const zh = i18n.language === 'zh-Hans';
  if (userId === 0) return null;
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  const context = query.data;
  return (
    <Card title={t('messages.context.title')} data-testid="message-context">
      {!context ? (
        <Skeleton active />
      ) : (
        <>
          <Typography.Paragraph type="secondary" style={{ marginTop: -4 }} data-testid="context-language">
            {t('messages.context.language', { language: t(context.language === 'zh-Hans' ? 'messages.saved.lang.zh' : 'messages.saved.lang.en') })}
          </Typography.Paragraph>
          <Section title={t('messages.context.balance')}>
            {context.balances.length === 0 ? (
              <Typography.Text type="secondary">{t('messages.context.no-balance')}</Typography.Text>
            ) : (
              <ul style={listStyle}>
                {context.balances.map((b) => (
                  <li key={b.currency}>
                    <Flex justify="space-between" gap={8}>
                      <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatMoney(b.amount, b.currency)}</span>
                      {b.locked ? <Tag color="red">{t('messages.context.locked')}</Tag> : null}
                    </Flex>
                  </li>
                ))}
              </ul>
            )}
          </Section>
          <Orders context={context} userId={userId} zh={zh} />
          <Esims context={context} zh={zh} />
          {context.orders.length === 0 && context.esims.length === 0 && context.balances.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('messages.context.nothing')} /> : null}
        </>
      )}
    </Card>
  );
}
