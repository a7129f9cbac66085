import { Badge, Card, Col, Input, Row, Select, Space, Tag, Typography } from 'antd';
import { isResellerRole, roleLabelKey, type Conversation } from '@simshop/contract';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DateTime } from '@/components/date-time';
import { ListTable } from '@/components/list-table';
import { PageHeader } from '@/components/page-header';
import { useListParams } from '@/lib/use-list-params';
import { useConversations } from '../api/conversations';
import { ThreadPanel } from '../components/thread-panel';

/** Every customer conversation on the left (unread first, with who and what kind of account), the open one on the right. */
export default function MessagesPage() {
  const { t } = useTranslation();
  const list = useListParams(['q', 'unread', 'user'] as const, { pageSize: 20 });
  const f = list.filters;
  const query = useConversations({
    page: list.page,
    pageSize: list.pageSize,
    sortOrder: list.sortOrder,
    q: f.q,
    unread: f.unread === 'true' ? true : f.unread === 'false' ? false : undefined,
  });
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

  return (
    <>
      <PageHeader title={t('messages.title')} subtitle={t('messages.subtitle')} extra={unread > 0 ? <Tag color="red">{t('messages.unread-count', { count: unread })}</Tag> : null} />
      <Row gutter={16}>
        <Col xs={24} xl={10}>
          <Card title={t('messages.conversations')} styles={{ body: { padding: 12 } }}>
            <Space wrap style={{ marginBottom: 12 }}>
              <Input.Search allowClear placeholder={t('messages.search')} aria-label={t('messages.search')} defaultValue={f.q} onSearch={(q) => list.setFilters({ q })} style={{ width: 260 }} />
              <Select
                allowClear
                placeholder={t('messages.filter')}
                aria-label={t('messages.filter')}
                value={f.unread}
                onChange={(v) => list.setFilters({ unread: v })}
                options={[
                  { value: 'true', label: t('messages.filter.unread') },
                  { value: 'false', label: t('messages.filter.read') },
                ]}
                style={{ width: 140 }}
              />
            </Space>
            <ListTable<Conversation>
              query={query}
              list={listParams}
              rowKey="userId"
              size="small"
              showHeader={false}
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
                        <Space size={8} style={{ width: '100%', justifyContent: 'space-between' }}>
                          <Typography.Text type="secondary" ellipsis style={{ maxWidth: 360 }}>
                            {c.last.from === 'shop' ? t('messages.you') : ''}
                            {c.last.content}
                          </Typography.Text>
                          {c.unread > 0 ? <Badge count={c.unread} aria-label={t('messages.unread-count', { count: c.unread })} /> : null}
                        </Space>
                      </div>
                    );
                  },
                },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} xl={14}>
          <ThreadPanel key={selected} userId={selected} />
        </Col>
      </Row>
    </>
  );
}
