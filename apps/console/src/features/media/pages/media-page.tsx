import { type AdminMedia, type MediaUse, mediaListRequest, mediaUrl } from '@simshop/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Modal, Space, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime } from '@/components/date-time';
import type { FilterDecl } from '@/components/filter-bar';
import { ListTable } from '@/components/list-table';
import { mediaListQuery, useDeleteMedia, useUpdateMedia } from '@/components/media-picker/media-api';
import { fileSize, MediaThumb } from '@/components/media-picker/media-thumb';
import { MediaUpload } from '@/components/media-picker/media-upload';
import { PageHeader } from '@/components/page-header';
import { ApiError } from '@/lib/api-client';
import { errorText, useFormOutcome } from '@/lib/form-errors';
import { useCan } from '@/lib/staff-session';
import { useListRequest } from '@/lib/use-list-request';

const FILTERS: readonly FilterDecl[] = [{ name: 'search', label: 'media.search', width: 320 }];

/** Where a picture is used, in the reader's language. */
const useText = (use: MediaUse, t: TFunction) => t(`media.use.${use.place}`, { name: use.name, lang: t(`media.lang.${use.id}`) });

/** The media library: every picture with its sizes and alt texts, uploads, alt text edits and deletes. */
export default function MediaPage() {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const writable = useCan()('content.write');
  const list = useListRequest(mediaListRequest, { sortField: 'createdAt', sortOrder: 'desc' });
  const query = useQuery(mediaListQuery(list.request));
  const update = useUpdateMedia();
  const remove = useDeleteMedia();
  const [editing, setEditing] = useState<AdminMedia | null>(null);
  const [form] = Form.useForm<{ alt: { en: string; zh: string } }>();
  const outcome = useFormOutcome(form);

  const confirmDelete = (row: AdminMedia) =>
    modal.confirm({
      title: t('media.delete.title'),
      content: t('media.delete.text', { name: row.fileName }),
      okText: t('console.delete'),
      okButtonProps: { danger: true },
      cancelText: t('console.cancel'),
      onOk: () =>
        remove.mutateAsync({ id: row.id }).then(
          () => void message.success(t('media.deleted')),
          (err: unknown) => {
            const uses = err instanceof ApiError && err.data && typeof err.data === 'object' ? ((err.data as { uses?: MediaUse[] }).uses ?? []) : [];
            if (uses.length === 0) return void message.error(errorText(err, t));
            modal.warning({
              title: t('media.in-use'),
              content: (
                <ul>
                  {uses.map((u) => (
                    <li key={`${u.place}:${u.id}`}>{useText(u, t)}</li>
                  ))}
                </ul>
              ),
              okText: t('media.close'),
            });
          },
        ),
    });

  return (
    <>
      <PageHeader title={t('media.title')} subtitle={t('media.subtitle')} />
      {writable ? (
        <Card size="small" style={{ marginBottom: 16, maxWidth: 520 }}>
          <MediaUpload onUploaded={(m) => (void message.success(t('media.uploaded')), setEditing(m), form.setFieldsValue({ alt: m.alt }))} />
        </Card>
      ) : null}
      <ListTable<AdminMedia>
        query={query}
        list={list}
        filters={{ schema: mediaListRequest, fields: FILTERS }}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            title: t('media.preview'),
            key: 'preview',
            width: 88,
            render: (_, row) => (
              <a href={mediaUrl(row.key, 1920, row.format)} target="_blank" rel="noreferrer" aria-label={`${t('media.open')} ${row.fileName}`}>
                <MediaThumb media={row} size={64} lang={i18n.language} />
              </a>
            ),
          },
          {
            title: t('media.file'),
            dataIndex: 'fileName',
            ...list.sortable('fileName'),
            render: (name: string, row) => (
              <Space orientation="vertical" size={0}>
                <Typography.Text ellipsis={{ tooltip: name }} style={{ maxWidth: 280 }}>
                  {name}
                </Typography.Text>
                <Typography.Text type="secondary">{t('media.dimensions', { width: row.width, height: row.height, size: fileSize(row.size) })}</Typography.Text>
              </Space>
            ),
          },
          {
            title: t('media.alt-text'),
            key: 'alt',
            render: (_, row) => (
              <Space orientation="vertical" size={0}>
                <Typography.Text ellipsis={{ tooltip: row.alt.en }} style={{ maxWidth: 320 }} lang="en">
                  {row.alt.en || '—'}
                </Typography.Text>
                <Typography.Text ellipsis={{ tooltip: row.alt.zh }} style={{ maxWidth: 320 }} lang="zh-Hans">
                  {row.alt.zh || '—'}
                </Typography.Text>
              </Space>
            ),
          },
          { title: t('media.added-by'), dataIndex: 'createdBy', width: 200, ellipsis: true },
          { title: t('media.added'), dataIndex: 'createdAt', width: 170, ...list.sortable('createdAt'), render: (v: number) => <DateTime value={v} /> },
          ...(writable
            ? [
                {
                  title: t('console.actions'),
                  key: 'actions',
                  width: 210,
                  render: (_: unknown, row: AdminMedia) => (
                    <Space>
                      <Button size="small" autoInsertSpace={false} onClick={() => (setEditing(row), form.setFieldsValue({ alt: row.alt }))} aria-label={`${t('media.edit')}: ${row.fileName}`}>
                        {t('media.edit')}
                      </Button>
                      <Button size="small" autoInsertSpace={false} danger onClick={() => confirmDelete(row)} aria-label={`${t('console.delete')}: ${row.fileName}`}>
                        {t('console.delete')}
                      </Button>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing ? `${t('media.edit')}: ${editing.fileName}` : ''}
        okText={t('console.save')}
        cancelText={t('console.cancel')}
        confirmLoading={update.isPending}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        destroyOnHidden
      >
        {editing ? <MediaThumb media={editing} size={120} lang={i18n.language} /> : null}
        <Form form={form} layout="vertical" style={{ marginTop: 12 }} onFinish={(values) => editing && update.mutate({ id: editing.id, alt: values.alt }, outcome(t('media.alt.saved'), () => setEditing(null)))}>
          <Form.Item name={['alt', 'en']} label={t('media.alt.en')} extra={t('media.alt.help')} rules={[{ max: 200 }]}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name={['alt', 'zh']} label={t('media.alt.zh')} rules={[{ max: 200 }]}>
            <Input maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
