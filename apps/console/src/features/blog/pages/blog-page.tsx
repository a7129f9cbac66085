import { EditOutlined, ExportOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Space, Tag, Typography } from 'antd';
import { adminBlogListRequest, type AdminBlogPost, type BlogCategory } from '@simshop/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DateTime } from '@/components/date-time';
import type { FilterDecl } from '@/components/filter-bar';
import { ListTable } from '@/components/list-table';
import { PageHeader } from '@/components/page-header';
import { runtime } from '@/config/runtime';
import { useCan } from '@/lib/staff-session';
import { useListRequest } from '@/lib/use-list-request';
import { useBlogList } from '../api/blog-list';

/** The filters this list shows, by its request's fields (labels and values' words are text keys). */
const FILTERS: readonly FilterDecl[] = [
  { name: 'q', label: 'blog.search', width: 280 },
  { name: 'category', label: 'blog.category', optionLabels: 'blog.category.' },
  { name: 'published', label: 'blog.status', optionLabels: { yes: 'blog.published', no: 'blog.draft' } },
];

export default function BlogPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const canWrite = useCan()('content.write');
  const list = useListRequest(adminBlogListRequest, { sortField: 'updatedAt', sortOrder: 'desc' });
  // The table sorts by column (dataIndex); the server by its field names.
  const query = useBlogList({ ...list.request, sortField: list.sortField === 'publishedAt' ? 'published_at' : 'updated_at' });
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
      <ListTable<AdminBlogPost> query={query} list={list} filters={{ schema: adminBlogListRequest, fields: FILTERS }}
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
          { title: t('blog.published-at'), dataIndex: 'publishedAt', ...list.sortable('publishedAt'), render: (v: number | null) => (v === null ? '—' : <DateTime value={v} />) },
          { title: t('blog.updated'), dataIndex: 'updatedAt', ...list.sortable('updatedAt'), render: (v: number) => <DateTime value={v} /> },
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
