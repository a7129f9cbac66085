import { MCP_TOOL_GROUP_TEXTS, mcpToolsOf, type McpSettings, type McpToolGroup } from '@simshop/contract';
import { Alert, App, Button, Card, Flex, Skeleton, Space, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime } from '@/components/date-time';
import { QueryError } from '@/components/query-error';
import { errorText } from '@/lib/form-errors';
import { useMcpSettings, useSaveMcpSettings } from '../api/mcp-settings';

type Draft = Pick<McpSettings, 'enabled' | 'groups'>;

/**
 * The shop's tools for assistants (its MCP server at /mcp), next to the page tools: the owner
 * turns the server and each tool group on or off and saves. Only groups that have tools are
 * shown; each switch is a labelled button (Space or Enter toggles it) described by its hint.
 */
export function McpSettingsCard() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const query = useMcpSettings();
  const save = useSaveMcpSettings();
  const saved = query.data;
  const [draft, setDraft] = useState<Draft | null>(null);
  const zh = i18n.language === 'zh-Hans';

  useEffect(() => {
    if (saved) setDraft({ enabled: saved.enabled, groups: saved.groups });
  }, [saved]);

  const changed = saved !== undefined && draft !== null && JSON.stringify(draft) !== JSON.stringify({ enabled: saved.enabled, groups: saved.groups });
  const setGroup = (group: McpToolGroup, enabled: boolean) => setDraft((d) => (d ? { ...d, groups: d.groups.map((g) => (g.group === group ? { ...g, enabled } : g)) } : d));
  const submit = () => {
    if (!saved || !draft) return;
    save.mutate({ version: saved.updatedAt, ...draft }, { onSuccess: () => void message.success(t('tools.mcp.saved')), onError: (e) => void message.error(errorText(e, t)) });
  };
  const address = `${window.location.origin}/mcp`;

  return (
    <Card title={t('tools.mcp.title')} style={{ marginTop: 16 }}>
      {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {!saved && !query.isError ? <Skeleton active /> : null}
      {saved && draft ? (
        <Flex vertical gap={16}>
          <Typography.Paragraph style={{ marginBottom: 0 }}>
            {t('tools.mcp.intro')} <Typography.Text code copyable>{address}</Typography.Text>
          </Typography.Paragraph>
          <Typography.Text type="secondary">
            {saved.updatedAt === null ? (
              t('tools.mcp.never-saved')
            ) : (
              <>
                {t('tools.last-saved')}: <DateTime value={saved.updatedAt} />
              </>
            )}
          </Typography.Text>
          <Flex gap={12} align="center">
            <Switch id="mcp-server-switch" aria-describedby="mcp-server-hint" checked={draft.enabled} onChange={(enabled) => setDraft((d) => (d ? { ...d, enabled } : d))} />
            <label htmlFor="mcp-server-switch">
              <Typography.Text strong>{t('tools.mcp.server')}</Typography.Text>
            </label>
          </Flex>
          <Typography.Text id="mcp-server-hint" type="secondary">
            {t(draft.enabled ? 'tools.mcp.server.on' : 'tools.mcp.server.off')}
          </Typography.Text>
          {draft.groups
            .filter((g) => mcpToolsOf(g.group).length > 0)
            .map((g) => {
              const texts = MCP_TOOL_GROUP_TEXTS[g.group];
              const id = `mcp-group-${g.group}`;
              const tools = mcpToolsOf(g.group).map((tool) => (zh ? tool.title.zh : tool.title.en));
              return (
                <Flex key={g.group} vertical gap={4} style={{ paddingInlineStart: 24 }}>
                  <Flex gap={12} align="center">
                    <Switch id={id} aria-describedby={`${id}-hint`} checked={g.enabled} onChange={(on) => setGroup(g.group, on)} />
                    <label htmlFor={id}>{zh ? texts.name.zh : texts.name.en}</label>
                  </Flex>
                  <Typography.Text id={`${id}-hint`} type="secondary">
                    {zh ? texts.hint.zh : texts.hint.en} {t('tools.mcp.group.tools', { tools: tools.join(zh ? '、' : ', ') })}
                  </Typography.Text>
                </Flex>
              );
            })}
          {draft.enabled && draft.groups.every((g) => !g.enabled || mcpToolsOf(g.group).length === 0) ? <Alert type="warning" showIcon message={t('tools.mcp.none-on')} /> : null}
          <Space>
            <Button type="primary" disabled={!changed} loading={save.isPending} onClick={submit}>
              {t('tools.mcp.save')}
            </Button>
            <Button disabled={!changed || save.isPending} onClick={() => setDraft({ enabled: saved.enabled, groups: saved.groups })}>
              {t('tools.mcp.discard')}
            </Button>
          </Space>
        </Flex>
      ) : null}
    </Card>
  );
}
