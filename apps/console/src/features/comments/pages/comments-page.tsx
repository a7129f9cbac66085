import type { AdminComment } from '@simshop/contract';
import { App, Button, Image, Input, Rate, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime } from '@/components/date-time';
import { ListTable } from '@/components/list-table';
import { PageHeader } from '@/components/page-header';
import { errorText } from '@/lib/form-errors';
import { useListParams } from '@/lib/use-list-params';
import { useHideComment } from '../api/comment-hide';
import { useCommentList } from '../api/comment-list';
import { useCommentProducts } from '../api/comment-products';
import { ReplyModal } from '../components/reply-modal';

const flag = (v: string | undefined) => (v === 'true' ? true : v === 'false' ? false : undefined);

export default function CommentsPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const zh = i18n.language === 'zh-Hans';
  const list = useListParams(['productId', 'hidden', 'replied', 'rating', 'q'] as const, { sortField: 'createdAt' });
  const f = list.filters;
  const query = useCommentList({
    page: list.page,
    pageSize: list.pageSize,
    sortOrder: list.sortOrder,
    productId: f.productId ? Number(f.productId) : undefined,
    hidden: flag(f.hidden),
    replied: flag(f.replied),
    rating: [1, 2, 3, 4, 5].includes(Number(f.rating)) ? Number(f.rating) : undefined,
    q: f.q,
  });
  const products = useCommentProducts();
  const hide = useHideComment();
  const [replying, setReplying] = useState<AdminComment | null>(null);

  const toggle = (c: AdminComment) =>
    hide.mutate(
      { id: c.id, hidden: !c.hidden },
      { onSuccess: () => void message.success(t(c.hidden ? 'comments.show.done' : 'comments.hide.done')), onError: (e) => void message.error(errorText(e, t)) },
    );

  return (
    <>
      <PageHeader title={t('comments.title')} subtitle={t('comments.subtitle')} />
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search allowClear placeholder={t('comments.search')} aria-label={t('comments.search')} defaultValue={f.q} onSearch={(q) => list.setFilters({ q })} style={{ width: 240 }} />
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
        <Select
          allowClear
          placeholder={t('comments.visibility')}
          aria-label={t('comments.visibility')}
          value={f.hidden}
          onChange={(hidden) => list.setFilters({ hidden })}
          options={[
            { value: 'false', label: t('comments.shown') },
            { value: 'true', label: t('comments.hidden') },
          ]}
          style={{ width: 140 }}
        />
        <Select
          allowClear
          placeholder={t('comments.answer')}
          aria-label={t('comments.answer')}
          value={f.replied}
          onChange={(replied) => list.setFilters({ replied })}
          options={[
            { value: 'false', label: t('comments.unanswered') },
            { value: 'true', label: t('comments.answered') },
          ]}
          style={{ width: 140 }}
        />
        <Select
          allowClear
          placeholder={t('comments.rating')}
          aria-label={t('comments.rating')}
          value={f.rating}
          onChange={(rating) => list.setFilters({ rating })}
          options={[5, 4, 3, 2, 1].map((n) => ({ value: String(n), label: t('comments.stars', { count: n }) }))}
          style={{ width: 140 }}
        />
      </Space>
      <ListTable<AdminComment>
        query={query}
        list={list}
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
          { title: t('comments.written'), dataIndex: 'createdAt', width: 170, sorter: true, sortOrder: list.sortOrderOf('createdAt'), render: (v: number) => <DateTime value={v} /> },
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
