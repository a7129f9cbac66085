import { EditOutlined, ExportOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, Select, Space, Tag, Typography } from 'antd';
import { BLOG_CATEGORIES, type AdminBlogPost, type BlogCategory } from '@simshop/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DateTime } from '@/components/date-time';
import { ListTable } from '@/components/list-table';
import { PageHeader } from '@/components/page-header';
import { runtime } from '@/config/runtime';
import { useCan } from '@/lib/staff-session';
import { useListParams } from '@/lib/use-list-params';
import { useBlogList } from '../api/blog-list';

export default function BlogPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const canWrite = useCan()('content.write');
  const list = useListParams(['q', 'category', 'published'] as const, { sortField: 'updatedAt', sortOrder: 'desc' });
  const category = (BLOG_CATEGORIES as readonly string[]).includes(list.filters.category ?? '') ? (list.filters.category as BlogCategory) : undefined;
  const query = useBlogList({
    page: list.page,
    pageSize: list.pageSize,
    // The table sorts by column (dataIndex); the server by its field names.
    sortField: list.sortField === 'publishedAt' ? 'published_at' : 'updated_at',
    sortOrder: list.sortOrder,
    q: list.filters.q,
    category,
    published: list.filters.published === 'yes' || list.filters.published === 'no' ? list.filters.published : undefined,
  });
  const zh = i18n.language === 'zh-Hans';
  const titleOf = (p: AdminBlogPost) => (zh ? p.title.zh : p.title.en);

  return (
    <>
      <PageHeader
        title={t('blog.title')}
        subtitle={t('blog.subtitle')}
        extra={
          canWrite ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/blog/new')}>
              {t('blog.new')}
            </Button>
          ) : null
        }
      />
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search allowClear placeholder={t('blog.search')} defaultValue={list.filters.q} onSearch={(q) => list.setFilters({ q })} style={{ width: 280 }} aria-label={t('blog.search')} />
        <Select
          allowClear
          placeholder={t('blog.category')}
          aria-label={t('blog.category')}
          value={category}
          onChange={(c) => list.setFilters({ category: c })}
          style={{ width: 160 }}
          options={BLOG_CATEGORIES.map((c) => ({ value: c, label: t(`blog.category.${c}`) }))}
        />
        <Select
          allowClear
          placeholder={t('blog.status')}
          aria-label={t('blog.status')}
          value={list.filters.published}
          onChange={(published) => list.setFilters({ published })}
          style={{ width: 160 }}
          options={[
            { value: 'yes', label: t('blog.published') },
            { value: 'no', label: t('blog.draft') },
          ]}
        />
      </Space>
      <ListTable<AdminBlogPost>
        query={query}
        list={list}
        columns={[
          {
            title: t('blog.post'),
            key: 'title',
            render: (_, row) => (
              <Space orientation="vertical" size={0}>
                <Link to={`/blog/${row.id}`}>{row.title.en}</Link>
                <Typography.Text type="secondary">{row.title.zh}</Typography.Text>
              </Space>
            ),
          },
          { title: t('blog.category'), dataIndex: 'category', width: 110, render: (c: BlogCategory) => t(`blog.category.${c}`) },
          { title: t('blog.tags'), dataIndex: 'tags', render: (tags: string[]) => tags.map((tag) => <Tag key={tag}>{tag}</Tag>) },
          { title: t('blog.status'), dataIndex: 'published', width: 110, render: (published: boolean) => <Tag color={published ? 'green' : undefined}>{t(published ? 'blog.published' : 'blog.draft')}</Tag> },
          { title: t('blog.published-at'), dataIndex: 'publishedAt', sorter: true, sortOrder: list.sortOrderOf('publishedAt'), render: (v: number | null) => (v === null ? '—' : <DateTime value={v} />) },
          { title: t('blog.updated'), dataIndex: 'updatedAt', sorter: true, sortOrder: list.sortOrderOf('updatedAt'), render: (v: number) => <DateTime value={v} /> },
          {
            title: t('console.actions'),
            key: 'actions',
            render: (_, row) => (
              <Space>
                <Button size="small" icon={<EditOutlined />} onClick={() => navigate(`/blog/${row.id}`)} aria-label={`${canWrite ? t('console.edit') : t('console.details')} ${titleOf(row)}`}>
                  {canWrite ? t('console.edit') : t('console.details')}
                </Button>
                {row.published ? (
                  <Button size="small" type="link" icon={<ExportOutlined />} href={`${runtime.shopBase}/pages/blog/detail?id=${row.id}`} target="_blank" rel="noreferrer">
                    {t('console.view-in-shop')}
                  </Button>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}
