import type { Message } from '@simshop/contract';
import { useLanguage, useTranslation } from '@/i18n';
import { formatDate } from '@/lib/format-date';

/** Today's messages show the time only; older ones the day too. */
function stamp(ms: number, lang: string): string {
  const today = new Date().toDateString() === new Date(ms).toDateString();
  return formatDate(ms, lang, today ? 'time' : 'dayTime');
}

/** One chat bubble (SPEC §3): the customer's own on the right, the shop's on the left. */
export function MessageBubble({ message }: { message: Message }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const own = message.from === 'customer';
  return (
    <li className={`chat-row ${own ? 'chat-row--own' : 'chat-row--shop'}`} data-from={message.from} data-id={message.id}>
      <div className="chat-bubble">
        <span className="visually-hidden">{t(own ? 'messages.me' : 'messages.shop')}: </span>
        {!own && <span className="chat-sender" aria-hidden="true">{t('messages.shop')}</span>}
        <p className="chat-text">{message.content}</p>
        <time className="chat-time" dateTime={new Date(message.createdAt).toISOString()}>
          {stamp(message.createdAt, lang)}
        </time>
      </div>
    </li>
  );
}
