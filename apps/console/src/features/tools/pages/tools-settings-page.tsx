import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { TOOLS, type AdminTools } from '@simshop/contract';
import { Alert, App, Button, Card, Flex, Skeleton, Space, Switch, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime } from '@/components/date-time';
import { PageHeader } from '@/components/page-header';
import { QueryError } from '@/components/query-error';
import { errorText } from '@/lib/form-errors';
import { useAdminTools } from '../api/tools-list';
import { useSaveTools } from '../api/tools-save';
import { McpSettingsCard } from '../components/mcp-settings-card';

type Item = AdminTools['items'][number];
const routeOf = new Map<string, string>(TOOLS.map((tool) => [tool.id, tool.route]));

/** Tools plugin: the owner shows, hides and orders the shop's tools, and switches its tools for assistants. */
export default function ToolsSettingsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const query = useAdminTools();
  const save = useSaveTools();
  const [items, setItems] = useState<Item[] | null>(null);
  const saved = query.data;

  useEffect(() => {
    if (saved) setItems(saved.items);
  }, [saved]);

  const changed = saved !== undefined && items !== null && JSON.stringify(items) !== JSON.stringify(saved.items);
  const move = (index: number, by: -1 | 1) =>
    setItems((current) => {
      if (!current) return current;
      const next = [...current];
      const [item] = next.splice(index, 1);
      next.splice(index + by, 0, item!);
      return next;
    });
  const toggle = (id: string, enabled: boolean) => setItems((current) => current?.map((item) => (item.id === id ? { ...item, enabled } : item)) ?? null);
  const submit = () => {
    if (!saved || !items) return;
    save.mutate(
      { version: saved.updatedAt, items },
      {
        onSuccess: () => void message.success(t('tools.saved')),
        onError: (e) => void message.error(errorText(e, t)),
      },
    );
  };

  return (
    <>
      <PageHeader title={t('tools.title')} subtitle={t('tools.subtitle')} />
      {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {!saved && !query.isError ? <Skeleton active /> : null}
      {saved && items ? (
        <Card>
          <Flex vertical gap={16}>
            <Typography.Text type="secondary">
              {saved.updatedAt === null ? (
                t('tools.never-saved')
              ) : (
                <>
                  {t('tools.last-saved')}: <DateTime value={saved.updatedAt} />
                </>
              )}
            </Typography.Text>
            {items.every((item) => !item.enabled) ? <Alert type="warning" showIcon message={t('tools.none-shown')} /> : null}
            <Table<Item>
              rowKey="id"
              pagination={false}
              dataSource={items}
              columns={[
                {
                  title: t('tools.column.order'),
                  width: 120,
                  render: (_, item, index) => {
                    const name = t(`tools.name.${item.id}`);
                    return (
                      <Space>
                        <Button size="small" icon={<ArrowUpOutlined />} aria-label={t('tools.up', { name })} disabled={index === 0} onClick={() => move(index, -1)} />
                        <Button size="small" icon={<ArrowDownOutlined />} aria-label={t('tools.down', { name })} disabled={index === items.length - 1} onClick={() => move(index, 1)} />
                      </Space>
                    );
                  },
                },
                { title: t('tools.column.tool'), render: (_, item) => <Typography.Text strong>{t(`tools.name.${item.id}`)}</Typography.Text> },
                { title: t('tools.column.page'), render: (_, item) => <Typography.Text code>{routeOf.get(item.id)}</Typography.Text> },
                {
                  title: t('tools.column.shown'),
                  width: 180,
                  render: (_, item) => <Switch checked={item.enabled} aria-label={t('tools.toggle', { name: t(`tools.name.${item.id}`) })} onChange={(on) => toggle(item.id, on)} />,
                },
              ]}
            />
            <Space>
              <Button type="primary" disabled={!changed} loading={save.isPending} onClick={submit}>
                {t('tools.save')}
              </Button>
              <Button disabled={!changed || save.isPending} onClick={() => setItems(saved.items)}>
                {t('tools.discard')}
              </Button>
            </Space>
          </Flex>
        </Card>
      ) : null}
      <McpSettingsCard />
    </>
  );
}
