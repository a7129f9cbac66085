import { Card, Descriptions, type DescriptionsProps, Typography } from 'antd';
import type { ReactNode } from 'react';

/** A card's header with its title as a heading, so a page of cards reads as an outline. */
export const cardHeading = (text: string) => (
  <Typography.Title level={5} style={{ margin: 0 }}>
    {text}
  </Typography.Title>
);

/** A small titled card of facts, one per line (label, value); whatever else the card shows follows them. */
export function FactsCard({ title, facts, children }: { title: string; facts: DescriptionsProps['items']; children?: ReactNode }) {
  return (
    <Card title={cardHeading(title)} size="small">
      <Descriptions size="small" column={1} items={facts} />
      {children}
    </Card>
  );
}
