import { orderStatusLabelKeyFor, type AdminOrderDetail, type ProductKind } from '@simshop/contract';
import { Card, Flex, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuditWhen } from '@/components/audit-trail';
import { actorKindWords, actorWords } from '@/components/audit-words';
import { cardHeading } from '@/components/facts-card';

/**
 * An order's history: each event, the status it led to (said for what the order delivers) and
 * who moved it as the server names them: the customer (a link to them), a staff member, "Card
 * payment", "WeChat Pay", the refund rule, the system.
 */
export function OrderTimeline({ order, statusFacts }: { order: Pick<AdminOrderDetail, 'events'>; statusFacts: { kinds: readonly ProductKind[]; pickup: boolean } }) {
  const { t, i18n } = useTranslation();
  const words = { t, lang: i18n.language };
  return (
    <Card title={cardHeading(t('orders.detail.timeline'))} size="small">
      <Timeline
        items={order.events.map((e) => ({
          key: e.id,
          color: e.event.includes('refund') ? 'orange' : e.event.startsWith('fail') || e.event === 'expire' || e.event === 'cancel' ? 'red' : 'blue',
          title: <AuditWhen at={e.at} />,
          content: (
            <Flex vertical>
              <span>
                <Typography.Text strong>{t(`orders.event.${e.event}`, { defaultValue: e.event })}</Typography.Text>
                {e.from !== e.to ? <Typography.Text type="secondary"> → {t(orderStatusLabelKeyFor(e.to, statusFacts))}</Typography.Text> : null}
              </span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('audit.words.by')}{' '}
                {e.by.kind === 'customer' && e.by.id !== null ? <Link to={`/customers/${e.by.id}`}>{actorWords(e.by, words)}</Link> : actorWords(e.by, words)}
                {` · ${actorKindWords(e.by, words)}`}
              </Typography.Text>
              {e.reason ? <Typography.Text italic>“{t(`orders.refund-reason.${e.reason}`, { defaultValue: e.reason })}”</Typography.Text> : null}
            </Flex>
          ),
        }))}
      />
    </Card>
  );
}
