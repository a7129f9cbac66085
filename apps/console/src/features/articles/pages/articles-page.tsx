import { EditOutlined, ExportOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, InputNumber, Space, Switch, Tag, Typography } from 'antd';
import { type AdminArticleSummary, articleAdminListRequest } from '@simshop/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DateTime } from '@/components/date-time';
import type { FilterDecl } from '@/components/filter-bar';
import { ListTable } from '@/components/list-table';
import { PageHeader } from '@/components/page-header';
import { runtime } from '@/config/runtime';
import { errorText } from '@/lib/form-errors';
import { useCan } from '@/lib/staff-session';
import { useListRequest } from '@/lib/use-list-request';
import { useArticleList } from '../api/article-list';
import { useUpdateArticle } from '../api/article-update';

/** The filters this list shows, by its request's fields (labels and values' words are text keys). */
const FILTERS: readonly FilterDecl[] = [
  { name: 'q', label: 'articles.search', width: 280 },
  { name: 'published', label: 'articles.status', optionLabels: { yes: 'articles.published', no: 'articles.hidden' } },
];

export default function ArticlesPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const canWrite = useCan()('content.write');
  const list = useListRequest(articleAdminListRequest, { sortField: 'sort', sortOrder: 'asc' });
  const query = useArticleList(list.request);
  const update = useUpdateArticle();
  const zh = i18n.language === 'zh-Hans';
  const titleOf = (a: AdminArticleSummary) => (zh && a.title.zh ? a.title.zh : a.title.en);

  const change = (row: AdminArticleSummary, patch: { published?: boolean; sort?: number }, done: string) =>
    update.mutate({ id: row.id, version: row.version, ...patch }, { onSuccess: () => void message.success(done), onError: (e) => void message.error(errorText(e, t)) });

  return (
    <>
      <PageHeader
        title={t('articles.title')}
        subtitle={t('articles.subtitle')}
        extra={
          canWrite ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/articles/new')}>
              {t('articles.new')}
            </Button>
          ) : null
        }
      />
      <ListTable<AdminArticleSummary> query={query} list={list} filters={{ schema: articleAdminListRequest, fields: FILTERS }}
        columns={[
          {
            title: t('articles.sort'),
            dataIndex: 'sort',
            width: 110,
            ...list.sortable('sort'),
            render: (sort: number, row) =>
              canWrite ? (
                <InputNumber
                  key={`${row.id}:${row.version}`}
                  size="small"
                  style={{ width: 80 }}
                  defaultValue={sort}
                  precision={0}
                  min={-100000}
                  max={100000}
                  aria-label={t('articles.sort-of', { title: titleOf(row) })}
                  onBlur={(e) => {
                    const next = Number(e.target.value);
                    if (Number.isInteger(next) && next !== sort) change(row, { sort: next }, t('articles.sorted'));
                  }}
                  onPressEnter={(e) => (e.target as HTMLInputElement).blur()}
                />
              ) : (
                sort
              ),
          },
          {
            title: t('articles.article'),
            key: 'title',
            render: (_, row) => (
              <Space orientation="vertical" size={0}>
                <Link to={`/articles/${row.id}`}>{row.title.en}</Link>
                {row.title.zh ? <Typography.Text type="secondary">{row.title.zh}</Typography.Text> : <Tag>{t('articles.no-chinese')}</Tag>}
              </Space>
            ),
          },
          { title: t('articles.slug'), dataIndex: 'slug', render: (slug: string) => <Typography.Text code>{slug}</Typography.Text> },
          {
            title: t('articles.status'),
            dataIndex: 'published',
            width: 150,
            render: (published: boolean, row) => (
              <Space>
                <Switch
                  size="small"
                  checked={published}
                  disabled={!canWrite}
                  loading={update.isPending && update.variables?.id === row.id}
                  aria-label={t('articles.publish-toggle', { title: titleOf(row) })}
                  onChange={(on) => change(row, { published: on }, t(on ? 'articles.now-published' : 'articles.now-hidden'))}
                />
                <span>{t(published ? 'articles.published' : 'articles.hidden')}</span>
              </Space>
            ),
          },
          { title: t('articles.released'), dataIndex: 'releasedAt', ...list.sortable('releasedAt'), render: (v: number) => <DateTime value={v} /> },
          { title: t('articles.updated'), dataIndex: 'updatedAt', ...list.sortable('updatedAt'), render: (v: number) => <DateTime value={v} /> },
          {
            title: t('console.actions'),
            key: 'actions',
            render: (_, row) => (
              <Space>
                <Button size="small" icon={<EditOutlined />} onClick={() => navigate(`/articles/${row.id}`)} aria-label={`${canWrite ? t('console.edit') : t('console.details')} ${titleOf(row)}`}>
                  {canWrite ? t('console.edit') : t('console.details')}
                </Button>
                {row.published ? (
                  <Button size="small" type="link" icon={<ExportOutlined />} href={`${runtime.shopBase}/pages/mine/tutorial/tutorial-detail?id=${row.id}`} target="_blank" rel="noreferrer">
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
