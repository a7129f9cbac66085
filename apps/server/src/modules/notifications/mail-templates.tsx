import { Column } from '@react-email/column';
import { Img } from '@react-email/img';
import { Row } from '@react-email/row';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { enumTexts, formatMoney, type Language, type OrderDetail, type Store } from '@simshop/contract';
import { box, CopyValue, MailButton, MailFrame, muted, text, TextLink } from './mail-layout.tsx';
import type { Translate } from './notification-texts.ts';
import type { MailEsim } from './notification-types.ts';
import { usageAlertText, type UsageAlertEvent } from './usage-alert-text.ts';

/** Links into the shop that the mails carry. */
export interface MailLinks {
  order: (orderNo: string) => string;
  pay: (orderNo: string) => string;
  esim: (id: number) => string;
  chat: string;
  /** Mine → API: the reseller's keys and spend limits. */
  api: string;
}

export interface MailContext {
  lang: Language;
  t: Translate;
  links: MailLinks;
  /** Dates in the shop's time zone, in the customer's language. */
  date: (at: number) => string;
}

const cell = { ...text, margin: 0, padding: '6px 0' };
const right = { ...cell, textAlign: 'right' as const };

export const methodName = (t: Translate, method: string | null) => (method === 'balance' || method === 'card' || method === 'wechat' || method === 'sandbox' ? t(`method.${method}`) : (method ?? ''));
export const carrierName = (lang: Language, carrier: string | null) => (carrier ? (enumTexts[lang][`enum.carrier.${carrier}`] ?? carrier) : '');

/** The order's lines and amounts: what a receipt must show. */
export function OrderTable({ order, t, withPayment }: { order: OrderDetail; t: Translate; withPayment: boolean }) {
  const money = (n: number) => formatMoney(n, order.currency);
  const amountRows: Array<[string, string]> = [[t('subtotal'), money(order.subtotal)]];
  if (order.freight > 0) amountRows.push([t('freight'), money(order.freight)]);
  if (order.serviceFee > 0) amountRows.push([t('fee'), money(order.serviceFee)]);
  if (order.discount > 0) amountRows.push([t('discount'), `−${money(order.discount)}`]);
  return (
    <Section style={box}>
      <Text style={{ ...muted, margin: '0 0 6px' }}>
        {t('orderNo')}:{' '}
        <span
          style={{
            fontFamily: 'ui-monospace, Menlo, monospace',
            color: '#1f1f1f',
          }}
        >
          {order.orderNo}
        </span>
      </Text>
      {order.items.map((item) => (
        <Row key={item.id}>
          <Column style={cell}>
            {item.name}
            {item.options.length > 0 ? <span style={{ color: '#6b6b6b' }}> · {item.options.join(' · ')}</span> : null}
            <span style={{ color: '#6b6b6b' }}> × {item.quantity}</span>
          </Column>
          <Column style={right}>{money(item.amount)}</Column>
        </Row>
      ))}
      {amountRows.map(([label, value]) => (
        <Row key={label}>
          <Column style={{ ...cell, color: '#6b6b6b' }}>{label}</Column>
          <Column style={{ ...right, color: '#6b6b6b' }}>{value}</Column>
        </Row>
      ))}
      <Row>
        <Column style={{ ...cell, fontWeight: 700, borderTop: '1px solid #e5e5e5' }}>{t('total')}</Column>
        <Column style={{ ...right, fontWeight: 700, borderTop: '1px solid #e5e5e5' }}>{money(order.total)}</Column>
      </Row>
      {withPayment && order.payMethod ? (
        <Row>
          <Column style={{ ...cell, color: '#6b6b6b' }}>{t('paidWith')}</Column>
          <Column style={{ ...right, color: '#6b6b6b' }}>{methodName(t, order.payMethod)}</Column>
        </Row>
      ) : null}
    </Section>
  );
}

/** One mail per checkout: each merchant's order in its own table, and the one payment that covers them. */
export function OrderPlacedMail({ c, orders }: { c: MailContext; orders: OrderDetail[] }) {
  const order = orders[0]!;
  const total = formatMoney(
    orders.reduce((sum, o) => sum + o.total, 0),
    order.currency,
  );
  const body =
    orders.length > 1
      ? c.t('order_placed.bodyMany', { count: orders.length, total })
      : order.expiresAt
        ? c.t('order_placed.body', {
            orderNo: order.orderNo,
            expires: c.date(order.expiresAt),
          })
        : c.t('order_placed.bodyNoExpiry', { orderNo: order.orderNo });
  return (
    <MailFrame lang={c.lang} t={c.t} preview={body} title={c.t('order_placed.title')}>
      <Text style={text}>{body}</Text>
      {orders.map((o) => (
        <OrderTable key={o.orderNo} order={o} t={c.t} withPayment={false} />
      ))}
      <MailButton href={c.links.pay(order.orderNo)}>{c.t(orders.length > 1 ? 'order_placed.actionMany' : 'order_placed.action')}</MailButton>
    </MailFrame>
  );
}

export function ReceiptMail({ c, order }: { c: MailContext; order: OrderDetail }) {
  const body = c.t('payment_received.body', {
    orderNo: order.orderNo,
    total: formatMoney(order.total, order.currency),
    date: c.date(order.paidAt ?? order.createdAt),
  });
  return (
    <MailFrame lang={c.lang} t={c.t} preview={body} title={c.t('payment_received.title')}>
      <Text style={text}>{body}</Text>
      <OrderTable order={order} t={c.t} withPayment />
      <MailButton href={c.links.order(order.orderNo)}>{c.t('viewOrder')}</MailButton>
    </MailFrame>
  );
}

/** One eSIM: the QR big enough to scan from another screen, the one-tap link, and the codes to type. */
function EsimBlock({ c, esim, qrCid, iosUrl }: { c: MailContext; esim: MailEsim; qrCid: string; iosUrl: string }) {
  return (
    <Section style={{ ...box, padding: '18px 16px' }}>
      <Text style={{ ...text, fontWeight: 700, margin: '0 0 4px' }}>{esim.name}</Text>
      {esim.plan.length > 0 ? <Text style={muted}>{esim.plan.join(' · ')}</Text> : null}
      <Text style={text}>{c.t('esim_ready.scan')}</Text>
      <Section style={{ textAlign: 'center', margin: '0 0 12px' }}>
        <Img
          src={`cid:${qrCid}`}
          width="260"
          height="260"
          alt={c.t('esim_ready.qrAlt', { name: esim.name })}
          style={{
            display: 'block',
            margin: '0 auto',
            backgroundColor: '#ffffff',
            borderRadius: '8px',
          }}
        />
      </Section>
      <Text style={text}>{c.t('esim_ready.ios')}</Text>
      <MailButton href={iosUrl}>{c.t('esim_ready.iosAction')}</MailButton>
      <Text style={text}>{c.t('esim_ready.android')}</Text>
      <Text style={{ ...text, fontWeight: 700 }}>{c.t('esim_ready.manual')}</Text>
      <CopyValue label={c.t('esim_ready.smdp')} value={esim.dpAddress} />
      <CopyValue label={c.t('esim_ready.code')} value={esim.activationCode} />
      <CopyValue label={c.t('esim_ready.lpa')} value={esim.lpa} />
      {esim.iccid ? <Text style={muted}>ICCID {esim.iccid}</Text> : null}
      <Text style={{ ...text, margin: '8px 0 0' }}>
        <TextLink href={c.links.esim(esim.id)}>{c.t('esim_ready.page')}</TextLink>
      </Text>
    </Section>
  );
}

export function EsimReadyMail({ c, order, esims }: { c: MailContext; order: OrderDetail; esims: Array<{ esim: MailEsim; qrCid: string; iosUrl: string }> }) {
  return (
    <MailFrame lang={c.lang} t={c.t} preview={c.t('esim_ready.body')} title={c.t('esim_ready.title')}>
      <Text style={text}>{c.t('esim_ready.body')}</Text>
      {esims.map((e) => (
        <EsimBlock key={e.esim.id} c={c} {...e} />
      ))}
      <Text style={muted}>
        {c.t('orderNo')}: {order.orderNo}
      </Text>
    </MailFrame>
  );
}

export function ShippedMail({ c, order }: { c: MailContext; order: OrderDetail }) {
  const body = c.t('shipped.body', {
    orderNo: order.orderNo,
    carrier: carrierName(c.lang, order.carrier),
  });
  return (
    <MailFrame lang={c.lang} t={c.t} preview={body} title={c.t('shipped.title')}>
      <Text style={text}>{body}</Text>
      {order.trackingNo ? <CopyValue label={c.t('shipped.tracking')} value={order.trackingNo} /> : null}
      <MailButton href={order.trackingUrl ?? c.links.order(order.orderNo)}>{order.trackingUrl ? c.t('shipped.track') : c.t('viewOrder')}</MailButton>
      <OrderTable order={order} t={c.t} withPayment={false} />
    </MailFrame>
  );
}

export function PickupReadyMail({ c, order, store }: { c: MailContext; order: OrderDetail; store: Store | null }) {
  const body = c.t('pickup_ready.body', {
    orderNo: order.orderNo,
    store: store?.name ?? '',
  });
  return (
    <MailFrame lang={c.lang} t={c.t} preview={body} title={c.t('pickup_ready.title')}>
      <Text style={text}>{body}</Text>
      {store ? (
        <Section style={box}>
          <Text style={{ ...text, fontWeight: 700 }}>{store.name}</Text>
          <Text style={muted}>{c.t('pickup_ready.address')}</Text>
          <Text style={text}>
            {store.city} {store.address}
          </Text>
          {store.phone ? <Text style={text}>{store.phone}</Text> : null}
        </Section>
      ) : null}
      <CopyValue label={c.t('orderNo')} value={order.orderNo} />
      <Text style={text}>{c.t('pickup_ready.bring')}</Text>
      <MailButton href={c.links.order(order.orderNo)}>{c.t('viewOrder')}</MailButton>
    </MailFrame>
  );
}

export function RefundMail({ c, order, kind, amount }: { c: MailContext; order: OrderDetail; kind: 'refund_approved' | 'refund_paid'; amount: number }) {
  const body = c.t(`${kind}.body`, {
    orderNo: order.orderNo,
    amount: formatMoney(amount, order.currency),
    method: methodName(c.t, order.payMethod),
  });
  return (
    <MailFrame lang={c.lang} t={c.t} preview={body} title={c.t(`${kind}.title`)}>
      <Text style={text}>{body}</Text>
      <OrderTable order={order} t={c.t} withPayment />
      <MailButton href={c.links.order(order.orderNo)}>{c.t('viewOrder')}</MailButton>
    </MailFrame>
  );
}

export function EsimInstalledMail({ c, esim }: { c: MailContext; esim: MailEsim }) {
  const body = c.t('esim_installed.body', { name: esim.name });
  return (
    <MailFrame lang={c.lang} t={c.t} preview={body} title={c.t('esim_installed.title')}>
      <Text style={text}>{body}</Text>
      <MailButton href={c.links.esim(esim.id)}>{c.t('esim_ready.page')}</MailButton>
    </MailFrame>
  );
}

export function ChatAnsweredMail({ c, quotes }: { c: MailContext; quotes: string[] }) {
  return (
    <MailFrame lang={c.lang} t={c.t} preview={quotes[0] ?? c.t('chat_answered.body')} title={c.t('chat_answered.title')} optional>
      <Text style={text}>{c.t('chat_answered.body')}</Text>
      {quotes.map((q, i) => (
        <Section key={i} style={{ ...box, borderLeft: '4px solid #f5b800' }}>
          <Text style={{ ...text, margin: 0, whiteSpace: 'pre-wrap' }}>{q}</Text>
        </Section>
      ))}
      <MailButton href={c.links.chat}>{c.t('chat_answered.action')}</MailButton>
    </MailFrame>
  );
}

/** Data running low or the plan ending: the facts, how to add data, and the eSIM page. */
export function UsageAlertMail({ c, esim, event }: { c: MailContext; esim: MailEsim; event: UsageAlertEvent }) {
  const lines = usageAlertText(c, event, esim.name);
  return (
    <MailFrame lang={c.lang} t={c.t} preview={lines.body} title={lines.title} optional>
      <Text style={text}>{lines.body}</Text>
      {esim.plan.length > 0 ? <Text style={muted}>{esim.plan.join(' · ')}</Text> : null}
      <Text style={text}>{c.t('usage_alert.more')}</Text>
      <MailButton href={c.links.esim(esim.id)}>{c.t('usage_alert.action')}</MailButton>
    </MailFrame>
  );
}
