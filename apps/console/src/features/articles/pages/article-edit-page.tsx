import { ArrowLeftOutlined } from '@ant-design/icons';
import { App, Button, Card, Col, Form, Input, InputNumber, Result, Row, Segmented, Skeleton, Space, Switch, Typography } from 'antd';
import { type AdminArticle, articleCreateRequest, serverErrors } from '@simshop/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { DateTime } from '@/components/date-time';
import { PageHeader } from '@/components/page-header';
import { QueryError } from '@/components/query-error';
import { ApiError } from '@/lib/api-client';
import { errorText, showFieldError } from '@/lib/form-errors';
import { useCan } from '@/lib/staff-session';
import { useArticle } from '../api/article-get';
import { useCreateArticle } from '../api/article-create';
import { useUpdateArticle } from '../api/article-update';
import { ArticlePreview } from '@/components/article-preview';
import { zodRules } from '@/lib/zod-rules';

interface ArticleFormValues {
  slug: string;
  sort: number;
  published: boolean;
  title: { en: string; zh: string };
  content: { en: string; zh: string };
}

const BLANK: ArticleFormValues = { slug: '', sort: 0, published: false, title: { en: '', zh: '' }, content: { en: '', zh: '' } };

/** Writes a new tutorial (`articles/new`) or edits one (`articles/:id`). */
export default function ArticleEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const id = params.id === 'new' ? null : Number(params.id);
  const valid = id === null || (Number.isInteger(id) && id > 0);
  const article = useArticle(valid ? id : null);

  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/articles')}>
      {t('articles.back')}
    </Button>
  );
  if (!valid || (article.error instanceof ApiError && article.error.code === serverErrors.notFound.code)) {
    return <Result status="404" title={t('articles.not-found')} extra={back} />;
  }
  if (article.isError) return <QueryError error={article.error} onRetry={() => void article.refetch()} />;
  if (id !== null && !article.data) return <Skeleton active paragraph={{ rows: 12 }} />;
  return <ArticleEditor key={article.data ? `${article.data.id}:${article.data.version}` : 'new'} article={article.data ?? null} back={back} />;
}

function ArticleEditor({ article, back }: { article: AdminArticle | null; back: React.ReactNode }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const canWrite = useCan()('content.write');
  const [form] = Form.useForm<ArticleFormValues>();
  // A cleared order is sent as it is, so it is needed though the request has a default.
  const rules = zodRules(articleCreateRequest, t);
  const [lang, setLang] = useState<'en' | 'zh-Hans'>('en');
  const [dirty, setDirty] = useState(false);
  const create = useCreateArticle();
  const update = useUpdateArticle();
  const side = lang === 'en' ? 'en' : 'zh';
  const title = (Form.useWatch(['title', side], form) as string | undefined) ?? '';
  const content = (Form.useWatch(['content', side], form) as string | undefined) ?? '';

  const initial: ArticleFormValues = article ? { slug: article.slug, sort: article.sort, published: article.published, title: article.title, content: article.content } : BLANK;

  const failed = (error: unknown) => {
    if (error instanceof ApiError && error.code === serverErrors.changedBySomeoneElse.code) {
      modal.error({ title: t('articles.conflict'), content: errorText(error, t) });
      return;
    }
    if (error instanceof ApiError && error.field) {
      // A refusal about the Chinese (or English) half: show that half, where the message is.
      if (error.field.endsWith('.zh')) setLang('zh-Hans');
      else if (error.field.endsWith('.en')) setLang('en');
    }
    if (!showFieldError(form, error, t)) void message.error(errorText(error, t));
  };

  const submit = (values: ArticleFormValues) => {
    const body = { slug: values.slug.trim(), sort: values.sort ?? 0, published: values.published, title: { en: values.title.en ?? '', zh: values.title.zh ?? '' }, content: { en: values.content.en ?? '', zh: values.content.zh ?? '' } };
    if (!article) {
      create.mutate(body, {
        onSuccess: (created) => {
          void message.success(t('articles.created'));
          navigate(`/articles/${created.id}`, { replace: true });
        },
        onError: failed,
      });
      return;
    }
    update.mutate({ id: article.id, version: article.version, ...body }, { onSuccess: () => void message.success(t('console.saved')), onError: failed });
  };

  return (
    <>
      <PageHeader
        title={article ? t('articles.edit', { title: article.title.en }) : t('articles.new')}
        subtitle={
          article ? (
            <>
              {t('articles.updated')}: <DateTime value={article.updatedAt} /> · {t(article.published ? 'articles.published' : 'articles.hidden')}
            </>
          ) : (
            t('articles.new.subtitle')
          )
        }
        extra={
          <Space>
            {back}
            {canWrite ? (
              <Button type="primary" loading={create.isPending || update.isPending} disabled={article !== null && !dirty} onClick={() => form.submit()}>
                {article ? t('console.save') : t('console.create')}
              </Button>
            ) : null}
          </Space>
        }
      />
      <Form<ArticleFormValues> form={form} layout="vertical" initialValues={initial} disabled={!canWrite} requiredMark={false} onValuesChange={() => setDirty(true)} onFinish={submit} onFinishFailed={() => void message.error(t('articles.form.invalid'))}>
        <Card size="small" style={{ marginBottom: 16 }}>
          <Row gutter={16}>
            <Col span={10}>
              <Form.Item name="slug" label={t('articles.slug')} extra={t('articles.slug.hint')} rules={rules('slug', { message: t('articles.slug.invalid') })}>
                <Input placeholder="install-esim-iphone" />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="sort" label={t('articles.sort')} extra={t('articles.sort.hint')} rules={rules('sort', { required: true, message: t('articles.sort.invalid') })}>
                <InputNumber precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="published" label={t('articles.published')} valuePropName="checked" extra={t('articles.published.hint')}>
                <Switch />
              </Form.Item>
            </Col>
          </Row>
        </Card>
        <Segmented<'en' | 'zh-Hans'>
          aria-label={t('articles.language')}
          value={lang}
          onChange={setLang}
          style={{ marginBottom: 12 }}
          options={[
            { value: 'en', label: t('articles.lang.en') },
            { value: 'zh-Hans', label: t('articles.lang.zh') },
          ]}
        />
        <Row gutter={16} wrap={false}>
          <Col flex="auto" style={{ minWidth: 0 }}>
            {(['en', 'zh'] as const).map((l) => (
              // Both halves stay mounted (hidden when not shown) so the form checks and keeps both.
              <Card key={l} size="small" hidden={side !== l} title={t(l === 'en' ? 'articles.lang.en' : 'articles.lang.zh')}>
                {l === 'zh' ? <Typography.Paragraph type="secondary">{t('articles.zh.hint')}</Typography.Paragraph> : null}
                <Form.Item name={['title', l]} label={t('articles.article-title')} rules={rules(`title.${l}`)}>
                  <Input />
                </Form.Item>
                <Form.Item name={['content', l]} label={t('articles.body')} extra={t('articles.markup')} rules={rules(`content.${l}`)}>
                  <Input.TextArea autoSize={{ minRows: 18, maxRows: 40 }} style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 13 }} />
                </Form.Item>
              </Card>
            ))}
          </Col>
          <Col flex="none" style={{ width: 432 }}>
            <Card size="small" title={t('articles.preview')} style={{ position: 'sticky', top: 88 }}>
              <ArticlePreview title={title} content={content} lang={lang} />
            </Card>
          </Col>
        </Row>
      </Form>
    </>
  );
}
