import { Badge, Button, Card, Col, Flex, Row, Space, Tag, Typography } from 'antd';
import { type Conversation, conversationListRequest, isResellerRole, roleLabelKey } from '@simshop/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DateTime } from '@/components/date-time';
import { FilterBar, type FilterDecl } from '@/components/filter-bar';
import { ListTable } from '@/components/list-table';
import { PageHeader } from '@/components/page-header';
import { useListRequest } from '@/lib/use-list-request';
import { useConversations } from '../api/conversations';
import { CustomerContext } from '../components/customer-context';
import { SavedRepliesManager } from '../components/saved-replies-manager';
import { ThreadPanel } from '../components/thread-panel';
import { useCan } from '@/lib/staff-session';

/** The filters this list shows, by its request's fields (labels and values' words are text keys). */
const FILTERS: readonly FilterDecl[] = [
  { name: 'q', label: 'messages.search' },
  { name: 'unread', label: 'messages.filter', optionLabels: { true: 'messages.filter.unread', false: 'messages.filter.read' }, width: 140 },
];

/** Every customer conversation on the left (unread first, with who and what kind of account), the open one on the right. */
export default function MessagesPage() {
  const { t } = useTranslation();
  const list = useListRequest(conversationListRequest, { pageSize: 20 }, ['user']);
  const f = list.filters;
  const query = useConversations(list.request);
  const selected = Number(f.user) || 0;
  // The open conversation is not a filter: choosing one keeps the page of the list.
  const listParams = { ...list, filters: { q: f.q, unread: f.unread } };
  const [, setSearch] = useSearchParams();
  const open = (userId: number) =>
    setSearch((prev) => {
      const next = new URLSearchParams(prev);
      next.set('user', String(userId));
      return next;
    });
  const unread = query.data?.unreadConversations ?? 0;
  const can = useCan();
  const [managing, setManaging] = useState(false);

  return (
    <>
      <PageHeader title={t('messages.title')} subtitle={t('messages.subtitle')} 
        extra={
          <Space>
            {unread > 0 ? <Tag color="red">{t('messages.unread-count', { count: unread })}</Tag> : null}
            {can('messages.write') ? <Button onClick={() => setManaging(true)}>{t('messages.saved.title')}</Button> : null}
          </Space>
        }
      />
      <SavedRepliesManager open={managing} onClose={() => setManaging(false)} />
      <Row gutter={16}>
        <Col xs={24} xl={8}>
          <Card title={t('messages.conversations')} styles={{ body: { padding: 12 } }}>
            <FilterBar schema={conversationListRequest} list={list} fields={FILTERS} />
            <ListTable<Conversation>
              query={query}
              list={listParams}
              rowKey="userId"
              size="small"
              showHeader={false}
              // Fixed: a long last message is cut to the column's width instead of widening the table.
              tableLayout="fixed"
              onRow={(c) => ({
                onClick: () => open(c.userId),
                style: { cursor: 'pointer', background: c.userId === selected ? '#e6f4ff' : undefined },
              })}
              columns={[
                {
                  key: 'conversation',
                  render: (_, c) => {
                    const account = c.email ?? c.tel ?? `#${c.userId}`;
                    return (
                      <div style={{ minWidth: 0 }}>
                        <Space size={8} style={{ width: '100%', justifyContent: 'space-between' }}>
                          <Typography.Link
                            strong={c.unread > 0}
                            onClick={(e) => {
                              e.stopPropagation();
                              open(c.userId);
                            }}
                          >
                            {account}
                          </Typography.Link>
                          <Typography.Text style={{ fontSize: 12 }}>
                            {c.nickname}{' '}
                            <Tag color={isResellerRole(c.role) ? 'blue' : 'default'} style={{ marginInlineEnd: 0 }}>
                              {t(roleLabelKey(c.role))}
                            </Tag>
                          </Typography.Text>
                          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                            <DateTime value={c.last.createdAt} />
                          </Typography.Text>
                        </Space>
                        <Flex gap={8} justify="space-between" align="center">
                          <Typography.Text type="secondary" ellipsis style={{ minWidth: 0, flex: 1 }}>
                            {c.last.from === 'shop' ? t('messages.you') : ''}
                            {c.last.content}
                          </Typography.Text>
                          {c.unread > 0 ? <Badge count={c.unread} aria-label={t('messages.unread-count', { count: c.unread })} /> : null}
                        </Flex>
                      </div>
                    );
                  },
                },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} xl={selected ? 10 : 16}>
          <ThreadPanel key={selected} userId={selected} />
        </Col>
        {selected ? (
          <Col xs={24} xl={6}>
            <CustomerContext userId={selected} />
          </Col>
        ) : null}
      </Row>
    </>
  );
}
