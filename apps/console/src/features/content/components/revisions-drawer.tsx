import { App, Button, Drawer, Empty, Popconfirm, Table, Tag, Typography } from 'antd';
import type { ContentLanguage, HomeRevision } from '@simshop/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime } from '@/components/date-time';
import { QueryError } from '@/components/query-error';
import { errorText } from '@/lib/form-errors';
import { useRestoreHome } from '../api/home-restore';
import { useHomeRevisions } from '../api/home-revisions';

/** Every published revision of one language, newest first; one can be copied into the draft. */
export function RevisionsDrawer({ open, onClose, lang, edition, current, canWrite, onRestored }: { open: boolean; onClose: () => void; lang: ContentLanguage; edition: number; current: number | null; canWrite: boolean; onRestored: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const revisions = useHomeRevisions({ lang, page, pageSize: 10 }, open);
  const restore = useRestoreHome();
  return (
    <Drawer open={open} onClose={onClose} title={t('content.revisions')} size={560} destroyOnHidden>
      {revisions.isError ? (
        <QueryError error={revisions.error} onRetry={() => void revisions.refetch()} />
      ) : (
        <Table<HomeRevision & { id: number }>
          rowKey="id"
          size="small"
          loading={revisions.isFetching}
          dataSource={revisions.data?.items}
          pagination={{ current: page, pageSize: 10, total: revisions.data?.total ?? 0, onChange: setPage }}
          locale={{ emptyText: revisions.isPending ? ' ' : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('content.revisions.empty')} /> }}
          columns={[
            { title: t('content.revision'), dataIndex: 'revision', render: (r: number) => (r === current ? <Tag color="green">{t('content.revision.live', { n: r })}</Tag> : `#${r}`) },
            { title: t('content.published-at'), dataIndex: 'publishedAt', render: (v: number) => <DateTime value={v} /> },
            { title: t('content.published-by'), dataIndex: 'publishedBy', render: (v: string) => <Typography.Text ellipsis>{v}</Typography.Text> },
            {
              title: t('console.actions'),
              key: 'actions',
              render: (_, r) =>
                canWrite && r.revision !== current && r.content ? (
                  <Popconfirm
                    title={t('content.restore.confirm', { n: r.revision })}
                    okText={t('console.confirm')}
                    cancelText={t('console.cancel')}
                    onConfirm={() =>
                      restore.mutateAsync({ lang, edition, revision: r.revision }).then(
                        () => {
                          void message.success(t('content.restored', { n: r.revision }));
                          onRestored();
                        },
                        (e: unknown) => void message.error(errorText(e, t)),
                      )
                    }
                  >
                    <Button size="small">{t('content.restore')}</Button>
                  </Popconfirm>
                ) : null,
            },
          ]}
        />
      )}
    </Drawer>
  );
}
