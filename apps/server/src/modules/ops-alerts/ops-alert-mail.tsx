import { plainTextSelectors, render } from '@react-email/render';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { compile } from 'html-to-text';
import type { Language, OpsAlertKind } from '@simshop/contract';
import { box, MailButton, MailFrame, muted, text, TextLink } from '../notifications/mail-layout.tsx';
import { textsFor, type Translate } from '../notifications/notification-texts.ts';
import { alertTexts, kindKey, type AlertTranslate } from './ops-alert-texts.ts';

/** One thing that failed: a job that gave up, or a paid order whose eSIMs wait. */
export interface AlertItem {
  jobId: number;
  /** The job's topic (job_failed) or null (an order's issuing). */
  topic: string | null;
  orderNo: string | null;
  attempts: number;
  lastError: string | null;
  /** When it gave up, or when the order was paid. */
  at: number;
}

/** What one alert says (stored in `ops_alerts.body`, and the webhook's `data`). */
export interface AlertBody {
  kind: OpsAlertKind;
  at: number;
  /** How many this alert tells of (new since the last one). */
  count: number;
  /** How many are in that state now, told before or not. */
  total: number;
  /** eSIM delays: how long after payment an order counts as delayed. */
  minutes?: number;
  /** The first few, oldest first. */
  items: AlertItem[];
}

/** The console's pages an alert links to. */
export interface ConsoleLinks {
  jobs: string;
  dashboard: string;
  order: (orderNo: string) => string;
}

const htmlToText = compile({ wordwrap: false, selectors: plainTextSelectors });

function ItemBlock({ item, t, links, date }: { item: AlertItem; t: AlertTranslate; links: ConsoleLinks; date: (at: number) => string }) {
  return (
    <Section style={box}>
      {item.orderNo ? (
        <Text style={{ ...text, margin: '0 0 4px' }}>
          {t('order')} <TextLink href={links.order(item.orderNo)}>{item.orderNo}</TextLink>
        </Text>
      ) : null}
      <Text style={{ ...muted, margin: '0 0 4px' }}>
        {item.topic ? `${t('topic')} #${item.jobId} · ${item.topic} · ` : ''}
        {item.attempts} {t('attempts')} · {t('since')} {date(item.at)}
      </Text>
      {item.lastError ? (
        <Text style={{ ...muted, margin: 0, fontFamily: 'ui-monospace, Menlo, monospace', wordBreak: 'break-all' }}>
          {t('lastError')}: {item.lastError.length > 300 ? `${item.lastError.slice(0, 299)}…` : item.lastError}
        </Text>
      ) : null}
    </Section>
  );
}

function AlertMail({ alert, lang, t, links, date }: { alert: AlertBody; lang: Language; t: AlertTranslate; links: ConsoleLinks; date: (at: number) => string }) {
  const values = { count: alert.count, total: alert.total, minutes: alert.minutes ?? 0 };
  const body = t(kindKey(alert.kind, 'body'), values);
  // The shared frame's footer speaks to customers: the staff's mail says why it came instead.
  const shop = textsFor(lang);
  const frameT: Translate = (key, v) => (key === 'footer' ? t('footer') : shop(key, v));
  return (
    <MailFrame lang={lang} t={frameT} preview={body} title={t(kindKey(alert.kind, 'title'))}>
      <Text style={text}>{body}</Text>
      {alert.items.map((item) => (
        <ItemBlock key={item.jobId} item={item} t={t} links={links} date={date} />
      ))}
      {alert.count > alert.items.length ? <Text style={muted}>{t('more', { count: alert.count - alert.items.length })}</Text> : null}
      <MailButton href={alert.kind === 'job_failed' ? links.jobs : links.dashboard}>{t(kindKey(alert.kind, 'action'))}</MailButton>
    </MailFrame>
  );
}

/** The alert mail in a staff member's language: subject, HTML and its plain-text part. */
export async function renderAlertMail(alert: AlertBody, lang: Language, links: ConsoleLinks): Promise<{ subject: string; html: string; text: string }> {
  const t = alertTexts(lang);
  const format = new Intl.DateTimeFormat(lang, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' });
  const html = await render(<AlertMail alert={alert} lang={lang} t={t} links={links} date={(at) => format.format(at)} />);
  return { subject: t(kindKey(alert.kind, 'subject'), { count: alert.count, minutes: alert.minutes ?? 0 }), html, text: htmlToText(html) };
}
