import { Text } from '@react-email/text';
import { formatMoney, type OrderDetail } from '@simshop/contract';
import { MailButton, MailFrame, text } from './mail-layout.tsx';
import { methodName, OrderTable, type MailContext } from './mail-templates.tsx';

/**
 * The acknowledgement of an EU consumer's withdrawal, on a durable medium (the mail the customer
 * keeps): when it was received, what it covers, and what happens to the money and the goods.
 */
export function WithdrawalMail({ c, order, at, refund }: { c: MailContext; order: OrderDetail; at: number; refund: boolean }) {
  const body = c.t('withdrawal_received.body', { orderNo: order.orderNo, date: c.date(at) });
  const next = c.t(refund ? 'withdrawal_received.refund' : 'withdrawal_received.return', { total: formatMoney(order.total, order.currency), method: methodName(c.t, order.payMethod) });
  return (
    <MailFrame lang={c.lang} t={c.t} preview={body} title={c.t('withdrawal_received.title')}>
      <Text style={text}>{body}</Text>
      <Text style={text}>{next}</Text>
      <Text style={{ ...text, fontWeight: 700 }}>{c.t('withdrawal_received.items')}</Text>
      <OrderTable order={order} t={c.t} withPayment />
      <MailButton href={c.links.order(order.orderNo)}>{c.t('viewOrder')}</MailButton>
    </MailFrame>
  );
}
