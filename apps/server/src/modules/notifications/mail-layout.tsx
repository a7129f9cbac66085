import type { ReactNode } from 'react';
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { Language } from '@simshop/contract';
import type { Translate } from './notification-texts.ts';

/**
 * The frame every mail shares: a white card on a light page, the shop's name, a title, the
 * content and a footer that says why the mail came. Inline styles only: that is what Gmail,
 * Outlook and Apple Mail all keep.
 */
export const BRAND = '#f5b800';
const INK = '#1f1f1f';
const MUTED = '#6b6b6b';

const page = {
  backgroundColor: '#f4f4f5',
  fontFamily: '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "PingFang SC", "Microsoft YaHei", sans-serif',
  margin: 0,
  padding: '24px 0',
};
const card = {
  backgroundColor: '#ffffff',
  borderRadius: '12px',
  maxWidth: '560px',
  margin: '0 auto',
  padding: '28px 24px',
};
export const text = {
  color: INK,
  fontSize: '15px',
  lineHeight: '22px',
  margin: '0 0 12px',
};
export const muted = {
  color: MUTED,
  fontSize: '13px',
  lineHeight: '19px',
  margin: '0 0 8px',
};
export const box = {
  backgroundColor: '#f7f7f8',
  borderRadius: '10px',
  padding: '14px 16px',
  margin: '0 0 16px',
};

export function MailFrame(p: { lang: Language; t: Translate; preview: string; title: string; optional?: boolean; children: ReactNode }) {
  return (
    <Html lang={p.lang}>
      <Head>
        <title>{p.title}</title>
      </Head>
      <Preview>{p.preview}</Preview>
      <Body style={page}>
        <Container style={card}>
          <Text
            style={{
              color: INK,
              fontSize: '18px',
              fontWeight: 700,
              margin: '0 0 20px',
            }}
          >
            <span
              style={{
                backgroundColor: BRAND,
                borderRadius: '6px',
                padding: '2px 8px',
                marginRight: '6px',
              }}
            >
              Sim
            </span>
            Shop
          </Text>
          <Heading
            as="h1"
            style={{
              color: INK,
              fontSize: '22px',
              lineHeight: '30px',
              fontWeight: 700,
              margin: '0 0 12px',
            }}
          >
            {p.title}
          </Heading>
          {p.children}
          <Hr style={{ borderColor: '#e5e5e5', margin: '24px 0 12px' }} />
          <Text style={muted}>{p.t('footer')}</Text>
          {p.optional ? <Text style={muted}>{p.t('footerOptional')}</Text> : null}
        </Container>
      </Body>
    </Html>
  );
}

export function MailButton(p: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '8px 0 16px' }}>
      <Button
        href={p.href}
        style={{
          backgroundColor: BRAND,
          color: INK,
          borderRadius: '24px',
          fontSize: '15px',
          fontWeight: 700,
          padding: '12px 22px',
          textDecoration: 'none',
          display: 'inline-block',
        }}
      >
        {p.children}
      </Button>
    </Section>
  );
}

/** A labelled value the customer may need to copy: on its own line, in a monospace face, selectable. */
export function CopyValue(p: { label: string; value: string }) {
  return (
    <Section style={{ margin: '0 0 12px' }}>
      <Text style={{ ...muted, margin: '0 0 4px' }}>{p.label}</Text>
      <Text
        style={{
          color: INK,
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontSize: '15px',
          lineHeight: '22px',
          backgroundColor: '#ffffff',
          border: '1px solid #e5e5e5',
          borderRadius: '8px',
          padding: '8px 10px',
          margin: 0,
          wordBreak: 'break-all',
          userSelect: 'all',
        }}
      >
        {p.value}
      </Text>
    </Section>
  );
}

export function TextLink(p: { href: string; children: ReactNode }) {
  return (
    <Link href={p.href} style={{ color: '#7a5600', textDecoration: 'underline' }}>
      {p.children}
    </Link>
  );
}
