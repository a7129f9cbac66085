import { type Message, MESSAGE_MAX_LENGTH, replyRequest, roleLabelKey } from '@simshop/contract';
import { Button, Card, Empty, Flex, Form, Input, Skeleton, Tag, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryError } from '@/components/query-error';
import { formatDateTime } from '@/lib/format';
import { useFormOutcome } from '@/lib/form-errors';
import { useCan } from '@/lib/staff-session';
import { useReply } from '../api/reply';
import { useThread } from '../api/thread';
import { zodRules } from '@/lib/zod-rules';

/** A bubble: the shop's own messages on the right, the customer's on the left, as in any chat. */
function Bubble({ message, lang }: { message: Message; lang: string }) {
  const { t } = useTranslation();
  const shop = message.from === 'shop';
  return (
    <Flex justify={shop ? 'flex-end' : 'flex-start'} data-testid={`message-${message.from}`}>
      <div style={{ maxWidth: '75%' }}>
        <div style={{ background: shop ? '#0958d9' : '#f0f0f0', color: shop ? '#fff' : 'rgba(0,0,0,0.88)', padding: '8px 12px', borderRadius: 12, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.content}</div>
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
  const pages = query.data?.pages ?? [];
  const messages = [...pages].reverse().flatMap((p) => p.items);
  const newest = messages.at(-1)?.id;

  // A new message (sent or received) scrolls the conversation to its end.
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'nearest' });
  }, [newest]);

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
              rows={3}
              maxLength={MESSAGE_MAX_LENGTH}
              placeholder={t('messages.reply.placeholder', { account })}
              onKeyDown={(e) => {
                // Ctrl/⌘+Enter sends, as in most chat tools; Enter alone is a new line.
                if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) form.submit();
              }}
            />
          </Form.Item>
          <Flex justify="flex-end">
            <Button type="primary" htmlType="submit" loading={reply.isPending}>
              {t('messages.send')}
            </Button>
          </Flex>
        </Form>
      ) : null}
    </Card>
  );
}
