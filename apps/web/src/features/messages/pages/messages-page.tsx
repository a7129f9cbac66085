import { Button, DotLoading, TextArea } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from '@/i18n';
import { MESSAGE_MAX_LENGTH } from '@simshop/contract';
import { PageLayout } from '@/components/page-layout';
import { EmptyState, QueryState, type QueryView } from '@/components/page-states';
import { conversationReducer, emptyConversation } from '../api/conversation';
import { useMarkMessagesRead } from '../api/mark-messages-read';
import { olderMessagesQuery } from '../api/older-messages';
import { useMessagePoll } from '../api/poll-messages';
import { useSendMessage } from '../api/send-message';
import { MessageBubble } from '../components/message-bubble';
import '../messages.css';

/** Closer than this to the bottom counts as reading the newest messages: news scrolls into view. */
const NEAR_BOTTOM_PX = 80;

/** Messages (every signed-in customer): the conversation with the shop, kept up to date by polling. */
export function MessagesPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(conversationReducer, emptyConversation);
  const [draft, setDraft] = useState('');
  const [loadingOlder, setLoadingOlder] = useState(false);
  const logRef = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  /** Set just before older messages go in on top, so the view stays on what was being read. */
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const lastId = state.items.at(-1)?.id;

  // One query does both: without messages it loads the newest page, then it polls after the
  // newest id; a new id is a new key, so news is asked for again at once.
  const poll = useMessagePoll(lastId, state.loaded);
  useEffect(() => {
    if (!poll.data) return;
    dispatch(poll.data.kind === 'news' ? { type: 'news', items: poll.data.items } : { type: 'newest', items: poll.data.items, hasOlder: poll.data.hasOlder });
  }, [poll.data]);

  // The shop's news counts as read while the page is open and visible.
  const newestShopUnread = state.items.reduce((max, m) => (m.from === 'shop' && m.readAt === null && m.id > max ? m.id : max), 0);
  const markedUpTo = useRef(0);
  const { mutateAsync: markRead } = useMarkMessagesRead();
  useEffect(() => {
    if (newestShopUnread <= markedUpTo.current || document.hidden) return;
    markedUpTo.current = newestShopUnread;
    markRead({}).catch(() => {
      markedUpTo.current = 0;
    });
  }, [newestShopUnread, markRead]);

  const send = useSendMessage();

  const loadOlder = async () => {
    const first = state.items[0];
    const log = logRef.current;
    if (!first || !log || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const page = await queryClient.fetchQuery(olderMessagesQuery(first.id));
      anchor.current = { height: log.scrollHeight, top: log.scrollTop };
      dispatch({ type: 'older', items: page.items, hasOlder: page.hasOlder });
    } catch {
      // The toast says why; the button stays for another try.
    } finally {
      setLoadingOlder(false);
    }
  };

  // After older messages go in on top, keep the same messages in view; after news, follow it
  // down when the reader was at the bottom (always after the first page and after sending).
  useLayoutEffect(() => {
    const log = logRef.current;
    if (!log) return;
    if (anchor.current) {
      log.scrollTop = log.scrollHeight - anchor.current.height + anchor.current.top;
      anchor.current = null;
    } else if (nearBottom.current) {
      log.scrollTop = log.scrollHeight;
    }
  }, [state.items]);

  const onScroll = () => {
    const log = logRef.current;
    if (!log) return;
    nearBottom.current = log.scrollHeight - log.scrollTop - log.clientHeight < NEAR_BOTTOM_PX;
    if (log.scrollTop < 40 && state.hasOlder && !loadingOlder) void loadOlder();
  };

  const content = draft.trim();
  const submit = () => {
    if (!content || send.isPending) return;
    send.mutate(
      { content },
      {
        onSuccess: (message) => {
          nearBottom.current = true;
          dispatch({ type: 'news', items: [message] });
          setDraft('');
        },
      },
    );
  };

  // The conversation as the polls have built it: once the first page is in, a failed poll keeps it.
  const conversation: QueryView<typeof state> = { isPending: !state.loaded && !poll.isError, isError: poll.isError, data: state.loaded ? state : undefined, refetch: poll.refetch };
  const body = (
    <QueryState query={conversation} keepDataOnError isEmpty={(c) => c.items.length === 0} empty={<EmptyState title={t('messages.empty')} description={t('messages.empty.desc')} />}>
      {() => (
        <>
          {state.hasOlder ? (
            <div className="chat-older">
              <Button size="mini" fill="none" loading={loadingOlder} loadingText={t('messages.loading-older')} onClick={() => void loadOlder()}>
                {t('messages.older')}
              </Button>
            </div>
          ) : (
            <p className="chat-start muted">{t('messages.start')}</p>
          )}
          <ol className="chat-list">
            {state.items.map((m) => (
              <MessageBubble key={m.id} message={m} />
            ))}
          </ol>
        </>
      )}
    </QueryState>
  );

  return (
    <PageLayout title={t('route.messages')} className="page--chat">
      {/* Focusable so a keyboard can scroll a long conversation (WCAG 2.1.1). */}
      <div className="chat-log" ref={logRef} onScroll={onScroll} role="log" aria-live="polite" aria-label={t('messages.log')} tabIndex={0}>
        {body}
      </div>
      <form
        className="chat-composer"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <TextArea
          className="chat-input"
          name="message"
          aria-label={t('messages.placeholder')}
          placeholder={t('messages.placeholder')}
          value={draft}
          onChange={setDraft}
          maxLength={MESSAGE_MAX_LENGTH}
          autoSize={{ minRows: 1, maxRows: 4 }}
          rows={1}
          disabled={!state.loaded}
        />
        <Button className="chat-send" type="submit" color="primary" shape="rounded" disabled={!state.loaded || content === '' || send.isPending}>
          {send.isPending ? <DotLoading color="white" /> : t('messages.send')}
        </Button>
      </form>
    </PageLayout>
  );
}
