import { MCP_SCOPE_TEXTS, type ConnectedAssistant } from '@simshop/contract';
import { App, Button, Card, Empty, List, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTime } from '@/components/date-time';
import { QueryError } from '@/components/query-error';
import { errorText } from '@/lib/form-errors';
import { useRevokeStaffAssistant, useStaffAssistants } from '../api/assistants';

/**
 * The assistants this member approved for the staff tools (on the shop's consent page, with their
 * console account): what each may do, when it was approved and last used, and revoking one after
 * a confirmation; its tokens are refused from then on.
 */
export function AssistantsCard() {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const query = useStaffAssistants();
  const revoke = useRevokeStaffAssistant();
  const zh = i18n.language === 'zh-Hans';
  const confirmRevoke = (a: ConnectedAssistant) =>
    modal.confirm({
      title: t('auth.assistants.revoke.title', { name: a.name }),
      content: t('auth.assistants.revoke.text'),
      okText: t('auth.assistants.revoke'),
      okButtonProps: { danger: true },
      cancelText: t('console.cancel'),
      onOk: () => revoke.mutateAsync({ id: a.id }).then(() => void message.success(t('auth.assistants.revoked', { name: a.name })), (e: unknown) => void message.error(errorText(e, t))),
    });
  return (
    <Card title={t('auth.assistants.title')} data-testid="staff-assistants">
      <Typography.Paragraph type="secondary">{t('auth.assistants.help')}</Typography.Paragraph>
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : query.data.items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('auth.assistants.none')} />
      ) : (
        <List
          dataSource={query.data.items}
          renderItem={(a) => (
            <List.Item
              actions={[
                <Button key="revoke" danger size="small" autoInsertSpace={false} onClick={() => confirmRevoke(a)} aria-label={`${t('auth.assistants.revoke')} ${a.name}`}>
                  {t('auth.assistants.revoke')}
                </Button>,
              ]}
            >
              <List.Item.Meta
                title={a.name}
                description={
                  <>
                    <div>{a.scopes.map((s) => MCP_SCOPE_TEXTS[s][zh ? 'zh' : 'en']).join(zh ? '；' : '; ')}</div>
                    <div>
                      {t('auth.assistants.approved')} <DateTime value={a.grantedAt} /> · {t('auth.assistants.last-used')} {a.lastUsedAt === null ? t('auth.assistants.never') : <DateTime value={a.lastUsedAt} />}
                    </div>
                  </>
                }
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
