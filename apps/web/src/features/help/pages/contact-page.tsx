import { Badge, Button, List } from 'antd-mobile';
import { ClockCircleOutline, EnvironmentOutline, MailOutline, MessageOutline, PhoneFill, RightOutline, UserContactOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { mapHref, telHref, type ContactChannels } from '@simshop/contract';
import { CopyRow } from '@/components/copy-row';
import { PageLayout } from '@/components/page-layout';
import { QueryState } from '@/components/page-states';
import { TitledCard } from '@/components/titled-card';
import { paths } from '@/config/paths';
import { useUnreadMessages } from '@/features/messages/api/unread-messages';
import { useLanguage, useTranslation } from '@/i18n';
import { openPage } from '@/lib/open-page';
import { useSession } from '@/lib/session';
import { useContactChannels } from '../api/contact';
import { formatHours } from '../format-hours';
import '../contact.css';

/** A channel the phone can act on: a real link (tel:, mailto:, a map page), the whole row tappable. */
function LinkRow({ href, icon, label, value, external }: { href: string; icon: ReactNode; label: string; value: string; external?: boolean }) {
  return (
    <li>
      <a className="contact-row" href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
        <span className="contact-row-icon" aria-hidden="true">
          {icon}
        </span>
        <span className="contact-row-text">
          <span className="contact-row-label">{label}</span>
          <span className="contact-row-value">{value}</span>
        </span>
        <RightOutline className="contact-row-arrow" aria-hidden="true" />
      </a>
    </li>
  );
}

/** The chat with the shop comes first: the quickest way to an answer for a signed-in customer. */
function ChatEntry() {
  const { t } = useTranslation();
  const session = useSession();
  const unread = useUnreadMessages(session.loggedIn).data?.unread ?? 0;
  return (
    <section className="card contact-chat">
      <span className="shortcut-icon contact-chat-icon" aria-hidden="true">
        <MessageOutline />
      </span>
      <div className="contact-chat-text">
        <h2 className="contact-chat-title">
          {t('contact.chat.title')}
          {unread > 0 ? <Badge className="contact-chat-badge" content={unread > 99 ? '99+' : unread} aria-label={t('messages.unread', { count: unread })} /> : null}
        </h2>
        <p className="contact-chat-desc">{t(session.loggedIn ? 'contact.chat.desc' : 'contact.chat.desc-signed-out')}</p>
      </div>
      <Button className="contact-chat-button" color="primary" shape="rounded" onClick={() => openPage(session.loggedIn ? paths.messages.path : 'login')}>
        {t(session.loggedIn ? 'contact.chat.open' : 'contact.chat.sign-in')}
      </Button>
    </section>
  );
}

function Channels({ channels }: { channels: ContactChannels }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const address = lang === 'zh-Hans' ? (channels.addressZh ?? channels.addressEn) : (channels.addressEn ?? channels.addressZh);
  return (
    <>
      <TitledCard id="contact-channels-title" className="card--list" titleClassName="contact-card-title" title={t('contact.channels')}>
        <ul className="contact-rows">
          {channels.phone ? <LinkRow href={telHref(channels.phone)} icon={<PhoneFill />} label={t('contact.phone')} value={channels.phone} /> : null}
          {channels.email ? <LinkRow href={`mailto:${channels.email}`} icon={<MailOutline />} label={t('contact.email')} value={channels.email} /> : null}
          {address ? <LinkRow href={mapHref(channels, address)} icon={<EnvironmentOutline />} label={t('contact.address')} value={address} external /> : null}
          <li className="contact-row contact-row--static">
            <span className="contact-row-icon" aria-hidden="true">
              <ClockCircleOutline />
            </span>
            <span className="contact-row-text">
              <span className="contact-row-label">{t('contact.work-hours')}</span>
              <span className="contact-row-value">{formatHours(channels.hours, lang, t)}</span>
            </span>
          </li>
        </ul>
      </TitledCard>
      {channels.wechatId ? (
        <TitledCard id="contact-wechat-title" className="contact-wechat" title={<><UserContactOutline aria-hidden="true" /> {t('contact.wechat')}</>}>
          <List className="card--list contact-wechat-id">
            <CopyRow label={t('contact.wechat.id')} value={channels.wechatId} />
          </List>
          {channels.wechatQrUrl ? (
            <figure className="contact-qr">
              <img src={channels.wechatQrUrl} width={180} height={180} alt={t('contact.wechat.qr-alt', { id: channels.wechatId })} />
              <figcaption>{t('contact.wechat.qr-hint')}</figcaption>
            </figure>
          ) : null}
        </TitledCard>
      ) : null}
    </>
  );
}

/** Contact (SPEC §2, §9): the chat on top, then the channels the owner set in the console. */
export function ContactPage() {
  const { t } = useTranslation();
  const contact = useContactChannels();
  return (
    <PageLayout title={t('route.contact')}>
      <section className="card contact-intro">
        <p>{t('contact.intro')}</p>
      </section>
      <ChatEntry />
      <QueryState query={contact}>{(c) => <Channels channels={c} />}</QueryState>
      <div className="page-actions">
        <Button block shape="rounded" onClick={() => openPage('tutorial')}>
          {t('contact.tutorials')}
        </Button>
      </div>
    </PageLayout>
  );
}
