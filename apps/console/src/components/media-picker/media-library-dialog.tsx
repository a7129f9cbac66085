import type { AdminMedia, MediaRatio } from '@simshop/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Col, Empty, Flex, Form, Input, Modal, Pagination, Row, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/query-error';
import { errorText } from '@/lib/form-errors';
import { mediaListQuery, useUpdateMedia } from './media-api';
import { fileSize, MediaThumb } from './media-thumb';
import { MediaUpload } from './media-upload';

const PAGE_SIZE = 12;

/**
 * The media library as a dialog: search, a grid of thumbnails to pick one from, upload (cropped
 * to the slot's ratio), and the picked picture's alt text in both languages, saved when it is used.
 */
export function MediaLibraryDialog({ open, ratio, onPick, onClose }: { open: boolean; ratio?: MediaRatio | undefined; onPick: (media: AdminMedia) => void; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<AdminMedia | null>(null);
  const [alt, setAlt] = useState({ en: '', zh: '' });
  const query = useQuery({ ...mediaListQuery({ page, pageSize: PAGE_SIZE, search: search || undefined }), enabled: open });
  const update = useUpdateMedia();

  const select = (media: AdminMedia) => {
    setSelected(media);
    setAlt(media.alt);
  };

  const use = () => {
    if (!selected) return;
    const changed = alt.en.trim() !== selected.alt.en || alt.zh.trim() !== selected.alt.zh;
    if (!changed) return onPick(selected);
    update.mutate(
      { id: selected.id, alt: { en: alt.en.trim(), zh: alt.zh.trim() } },
      { onSuccess: (saved) => onPick(saved), onError: (err) => void message.error(errorText(err, t)) },
    );
  };

  const items = query.data?.items ?? [];
  return (
    <Modal
      open={open}
      title={t('media.pick.title')}
      width={960}
      okText={t('media.pick.use')}
      cancelText={t('console.cancel')}
      okButtonProps={{ disabled: !selected }}
      confirmLoading={update.isPending}
      onOk={use}
      onCancel={onClose}
      destroyOnHidden
    >
      <Row gutter={16}>
        <Col span={15}>
          <Input.Search allowClear placeholder={t('media.search')} aria-label={t('media.search')} onSearch={(v) => (setSearch(v.trim()), setPage(1))} style={{ marginBottom: 12 }} />
          {query.isError ? (
            <QueryError error={query.error} onRetry={() => void query.refetch()} />
          ) : query.isPending ? (
            <Skeleton active />
          ) : items.length === 0 ? (
            <Empty description={search ? t('media.none-found', { search }) : t('media.empty')} />
          ) : (
            <>
              <ul aria-label={t('media.pick.grid')} style={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 8 }}>
                {items.map((m) => (
                  <li key={m.id}>
                    <button
                      type="button"
                      aria-pressed={selected?.id === m.id}
                      onClick={() => select(m)}
                      onDoubleClick={() => (select(m), onPick(m))}
                      style={{ width: '100%', padding: 4, border: `2px solid ${selected?.id === m.id ? '#1677ff' : 'transparent'}`, borderRadius: 6, background: 'none', cursor: 'pointer' }}
                    >
                      <MediaThumb media={m} size={112} lang={i18n.language} />
                      <Typography.Text ellipsis style={{ display: 'block', fontSize: 12, maxWidth: 112 }}>
                        {m.fileName}
                      </Typography.Text>
                    </button>
                  </li>
                ))}
              </ul>
              <Pagination size="small" current={page} pageSize={PAGE_SIZE} total={query.data?.total ?? 0} onChange={setPage} showSizeChanger={false} style={{ marginTop: 12 }} />
            </>
          )}
        </Col>
        <Col span={9}>
          <MediaUpload ratio={ratio} onUploaded={(m) => (select(m), setSearch(''), setPage(1))} />
          {ratio ? (
            <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
              {t('media.pick.hint', { ratio })}
            </Typography.Paragraph>
          ) : null}
          {selected ? (
            <Flex vertical gap={8} style={{ marginTop: 12 }}>
              <Typography.Text strong>{t('media.selected', { name: selected.fileName })}</Typography.Text>
              <Typography.Text type="secondary">{t('media.dimensions', { width: selected.width, height: selected.height, size: fileSize(selected.size) })}</Typography.Text>
              <Form layout="vertical" component="div">
                <Form.Item label={t('media.alt.en')} htmlFor="media-alt-en" extra={t('media.alt.help')}>
                  <Input id="media-alt-en" value={alt.en} maxLength={200} onChange={(e) => setAlt((a) => ({ ...a, en: e.target.value }))} />
                </Form.Item>
                <Form.Item label={t('media.alt.zh')} htmlFor="media-alt-zh">
                  <Input id="media-alt-zh" value={alt.zh} maxLength={200} onChange={(e) => setAlt((a) => ({ ...a, zh: e.target.value }))} />
                </Form.Item>
              </Form>
            </Flex>
          ) : null}
        </Col>
      </Row>
    </Modal>
  );
}
