import { orderActorOf, orderStatusLabelKeyFor, type AdminOrderDetail, type ProductKind } from '@simshop/contract';
import { Card, Flex, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTime } from '@/components/date-time';
import { cardHeading } from '@/components/facts-card';

/**
 * An order's history: each event, the status it led to (said for what the order delivers) and
 * who moved it, named for staff ("Customer", "Automatic (refund rule)", a staff member...).
 */
export function OrderTimeline({ order, statusFacts }: { order: Pick<AdminOrderDetail, 'events'>; statusFacts: { kinds: readonly ProductKind[]; pickup: boolean } }) {
  const { t } = useTranslation();
  const actorText = (recorded: string) => {
    const actor = orderActorOf(recorded);
    return t(`orders.actor.${actor.kind}`, { name: actor.kind === 'provider' ? t(`orders.pay.${actor.name}`, { defaultValue: actor.name }) : actor.name });
  };
  return (
    <Card title={cardHeading(t('orders.detail.timeline'))} size="small">
      <Timeline
        items={order.events.map((e) => ({
          key: e.id,
          color: e.event.includes('refund') ? 'orange' : e.event.startsWith('fail') || e.event === 'expire' || e.event === 'cancel' ? 'red' : 'blue',
          title: <DateTime value={e.at} />,
          content: (
            <Flex vertical>
              <span>
                <Typography.Text strong>{t(`orders.event.${e.event}`, { defaultValue: e.event })}</Typography.Text>
                {e.from !== e.to ? <Typography.Text type="secondary"> → {t(orderStatusLabelKeyFor(e.to, statusFacts))}</Typography.Text> : null}
              </span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('orders.event.by', { actor: actorText(e.actor) })}
              </Typography.Text>
              {e.reason ? <Typography.Text italic>“{t(`orders.refund-reason.${e.reason}`, { defaultValue: e.reason })}”</Typography.Text> : null}
            </Flex>
          ),
        }))}
      />
    </Card>
  );
}
