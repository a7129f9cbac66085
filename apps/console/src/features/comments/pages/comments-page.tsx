import { commentListRequest, type AdminComment } from '@simshop/contract';
import { App, Button, Image, Rate, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime } from '@/components/date-time';
import type { FilterDecl } from '@/components/filter-bar';
import { ListTable } from '@/components/list-table';
import { PageHeader } from '@/components/page-header';
import { errorText } from '@/lib/form-errors';
import { useListRequest } from '@/lib/use-list-request';
import { useHideComment } from '../api/comment-hide';
import { useCommentList } from '../api/comment-list';
import { useCommentProducts } from '../api/comment-products';
import { ReplyModal } from '../components/reply-modal';

export default function CommentsPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const zh = i18n.language === 'zh-Hans';
  const list = useListRequest(commentListRequest, { sortField: 'createdAt' });
  const f = list.filters;
  const query = useCommentList(list.request);
  const products = useCommentProducts();
  const hide = useHideComment();
  const [replying, setReplying] = useState<AdminComment | null>(null);

  const toggle = (c: AdminComment) =>
    hide.mutate(
      { id: c.id, hidden: !c.hidden },
      { onSuccess: () => void message.success(t(c.hidden ? 'comments.show.done' : 'comments.hide.done')), onError: (e) => void message.error(errorText(e, t)) },
    );

  const filters: FilterDecl[] = [
    { name: 'q', label: 'comments.search', width: 240 },
    // The products with comments, with their counts: the request says only an id.
    {
      key: 'productId',
      control: (
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('comments.all-products')}
          aria-label={t('comments.product')}
          loading={products.isPending}
          value={f.productId}
          onChange={(productId) => list.setFilters({ productId })}
          options={(products.data?.items ?? []).map((p) => ({ value: String(p.id), label: `${zh ? p.name.zh : p.name.en} (${p.comments})` }))}
          style={{ width: 260 }}
        />
      ),
    },
    { name: 'hidden', label: 'comments.visibility', optionLabels: { false: 'comments.shown', true: 'comments.hidden' }, reverse: true, width: 140 },
    { name: 'replied', label: 'comments.answer', optionLabels: { false: 'comments.unanswered', true: 'comments.answered' }, reverse: true, width: 140 },
    { name: 'rating', label: 'comments.rating', optionLabels: (n, tr) => tr('comments.stars', { count: Number(n) }), reverse: true, width: 140 },
  ];

  return (
    <>
      <PageHeader title={t('comments.title')} subtitle={t('comments.subtitle')} />
      <ListTable<AdminComment> query={query} list={list} filters={{ schema: commentListRequest, fields: filters }}
        columns={[
          { title: t('comments.product'), key: 'product', width: 200, render: (_, c) => (zh ? c.product.name.zh : c.product.name.en) },
          {
            title: t('comments.comment'),
            key: 'comment',
            render: (_, c) => (
              <div style={{ opacity: c.hidden ? 0.75 : 1 }}>
                <Space size={8} wrap>
                  <Typography.Text strong>{c.nickname}</Typography.Text>
                  {c.rating !== null ? <Rate disabled value={c.rating} style={{ fontSize: 14 }} aria-label={t('comments.stars', { count: c.rating })} /> : null}
                  {c.orderItemId !== null ? <Tag>{t('comments.verified')}</Tag> : null}
                </Space>
                <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{c.content}</Typography.Paragraph>
                {c.pictures.length ? (
                  <Image.PreviewGroup>
                    <Space size={4} wrap style={{ marginTop: 4 }}>
                      {c.pictures.map((src, i) => (
                        <Image key={src} src={src} width={56} height={56} style={{ objectFit: 'cover', borderRadius: 4 }} alt={t('comments.picture', { n: i + 1 })} />
                      ))}
                    </Space>
                  </Image.PreviewGroup>
                ) : null}
                {c.reply ? (
                  <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0', paddingInlineStart: 8, borderInlineStart: '3px solid #d9d9d9', whiteSpace: 'pre-wrap' }}>
                    {t('comments.shop-reply', { reply: c.reply })}
                  </Typography.Paragraph>
                ) : null}
              </div>
            ),
          },
          { title: t('comments.visibility'), dataIndex: 'hidden', width: 110, render: (h: boolean) => <Tag color={h ? 'red' : 'green'}>{t(h ? 'comments.hidden' : 'comments.shown')}</Tag> },
          { title: t('comments.written'), dataIndex: 'createdAt', width: 170, ...list.sortable('createdAt'), render: (v: number) => <DateTime value={v} /> },
          {
            title: t('console.actions'),
            key: 'actions',
            width: 220,
            render: (_, c) => (
              <Space>
                <Button size="small" onClick={() => setReplying(c)}>
                  {t(c.reply ? 'comments.edit-reply' : 'comments.reply')}
                </Button>
                <Button size="small" danger={!c.hidden} loading={hide.isPending && hide.variables?.id === c.id} onClick={() => toggle(c)}>
                  {t(c.hidden ? 'comments.show' : 'comments.hide')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <ReplyModal comment={replying} onClose={() => setReplying(null)} />
    </>
  );
}
