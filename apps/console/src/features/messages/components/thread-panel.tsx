import { type Message, MESSAGE_MAX_LENGTH, replyRequest, roleLabelKey } from '@simshop/contract';
import { ThunderboltOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Form, type GetRef, Input, Skeleton, Tag, Typography } from 'antd';
import { Fragment, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryError } from '@/components/query-error';
import { formatDateTime } from '@/lib/format';
import { useFormOutcome } from '@/lib/form-errors';
import { useCan } from '@/lib/staff-session';
import { useReply } from '../api/reply';
import { useMessageContext } from '../api/context';
import { useThread } from '../api/thread';
import { zodRules } from '@/lib/zod-rules';
import { SavedReplyPicker } from './saved-reply-picker';

type TextAreaRef = GetRef<typeof Input.TextArea>;

/** Order numbers in a message (SS, 14 digits, 6 letters or digits) become links to the order. */
const ORDER_NO = /\b(SS\d{14}[0-9A-Z]{6})\b/;
function WithOrderLinks({ text }: { text: string }) {
  return text.split(ORDER_NO).map((part, i) =>
    i % 2 === 1 ? (
      <Link key={i} to={`/orders/${part}`} style={{ color: 'inherit', textDecoration: 'underline' }}>
        {part}
      </Link>
    ) : (
      <Fragment key={i}>{part}</Fragment>
    ),
  );
}

/** A bubble: the shop's own messages on the right, the customer's on the left, as in any chat. */
function Bubble({ message, lang }: { message: Message; lang: string }) {
  const { t } = useTranslation();
  const shop = message.from === 'shop';
  return (
    <Flex justify={shop ? 'flex-end' : 'flex-start'} data-testid={`message-${message.from}`}>
      <div style={{ maxWidth: '75%' }}>
        <div style={{ background: shop ? '#0958d9' : '#f0f0f0', color: shop ? '#fff' : 'rgba(0,0,0,0.88)', padding: '8px 12px', borderRadius: 12, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          <WithOrderLinks text={message.content} />
        </div>
        <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block', textAlign: shop ? 'right' : 'left', marginTop: 2 }}>
          {shop ? `${t('messages.shop')} · ` : ''}
          {formatDateTime(message.createdAt, lang)}
          {shop ? ` · ${t(message.readAt ? 'messages.read' : 'messages.unread')}` : ''}
        </Typography.Text>
      </div>
    </Flex>
  );
}

export function ThreadPanel({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const query = useThread(userId);
  const reply = useReply();
  const [form] = Form.useForm<{ content: string }>();
  const outcome = useFormOutcome(form);
  const bottom = useRef<HTMLDivElement>(null);
  const box = useRef<TextAreaRef>(null);
  const [picking, setPicking] = useState(false);
  const customerLanguage = useMessageContext(userId).data?.language;
  const pages = query.data?.pages ?? [];
  const messages = [...pages].reverse().flatMap((p) => p.items);
  const newest = messages.at(-1)?.id;

  // A new message (sent or received) scrolls the conversation to its end.
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'nearest' });
  }, [newest]);

  // A saved reply goes in where the caret was (at the end when the box never had it); the picker then gives the box the focus back.
  const insert = (content: string) => {
    const current = (form.getFieldValue('content') as string | undefined) ?? '';
    const at = box.current?.resizableTextArea?.textArea.selectionStart ?? current.length;
    form.setFieldValue('content', `${current.slice(0, at)}${content}${current.slice(at)}`);
    setPicking(false);
  };

  if (userId === 0) {
    return (
      <Card>
        <Empty description={t('messages.pick')} />
      </Card>
    );
  }
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  const customer = pages[0]?.customer;
  const account = customer ? (customer.email ?? customer.tel ?? `#${customer.id}`) : '';

  return (
    <Card
      title={
        customer ? (
          <Flex gap={8} align="center" wrap>
            <span>{account}</span>
            <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
              {customer.nickname}
            </Typography.Text>
            <Tag color="blue">{t(roleLabelKey(customer.role))}</Tag>
          </Flex>
        ) : (
          <Skeleton.Input active size="small" />
        )
      }
      extra={customer ? <Link to={`/customers/${customer.id}`}>{t('messages.open-customer')}</Link> : null}
    >
      {/* Focusable so a keyboard can scroll a long conversation (WCAG 2.1.1). */}
      <div style={{ height: 460, overflowY: 'auto', paddingRight: 4 }} role="log" aria-live="polite" aria-label={t('messages.title')} tabIndex={0}>
        {query.isPending ? (
          <Skeleton active />
        ) : (
          <Flex vertical gap={12}>
            {query.hasNextPage ? (
              <Button type="link" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage} style={{ alignSelf: 'center' }}>
                {t('messages.older')}
              </Button>
            ) : null}
            {messages.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('messages.empty-thread')} /> : messages.map((m) => <Bubble key={m.id} message={m} lang={i18n.language} />)}
            <div ref={bottom} />
          </Flex>
        )}
      </div>
      {can('messages.write') && customer ? (
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          style={{ marginTop: 16 }}
          onFinish={(v) =>
            reply.mutate(
              { userId, content: v.content.trim() },
              outcome(t('messages.sent'), () => form.resetFields()),
            )
          }
        >
          <Form.Item name="content" label={t('messages.reply')} rules={zodRules(replyRequest, t)('content', { message: t('messages.reply.required', { max: MESSAGE_MAX_LENGTH }) })} style={{ marginBottom: 8 }}>
            <Input.TextArea
              ref={box}
              rows={3}
              aria-keyshortcuts="/"
              maxLength={MESSAGE_MAX_LENGTH}
              placeholder={t('messages.reply.placeholder', { account })}
              onKeyDown={(e) => {
                // Ctrl/⌘+Enter sends, as in most chat tools; Enter alone is a new line.
                if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) form.submit();
                // "/" typed into an empty box opens the saved replies instead.
                if (e.key === '/' && e.currentTarget.value === '') {
                  e.preventDefault();
                  setPicking(true);
                }
              }}
            />
          </Form.Item>
          <Flex justify="space-between" gap={8}>
            <Button icon={<ThunderboltOutlined />} onClick={() => setPicking(true)} aria-haspopup="dialog">
              {t('messages.saved.insert')}
            </Button>
            <Button type="primary" htmlType="submit" loading={reply.isPending}>
              {t('messages.send')}
            </Button>
          </Flex>
          <SavedReplyPicker
            open={picking}
            onPick={insert}
            customerLanguage={customerLanguage}
            onClose={() => setPicking(false)}
            afterClose={() => box.current?.focus({ cursor: 'end' })}
          />
        </Form>
      ) : null}
    </Card>
  );
}
