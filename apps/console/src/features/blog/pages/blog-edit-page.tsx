import { ArrowLeftOutlined } from '@ant-design/icons';
import { App, Button, Card, Col, DatePicker, Form, Input, Result, Row, Segmented, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { adminBlogCreateRequest, type AdminBlogPost, BLOG_CATEGORIES, type BlogCategory, serverErrors } from '@simshop/contract';
import dayjs, { type Dayjs } from 'dayjs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { DateTime } from '@/components/date-time';
import { PageHeader } from '@/components/page-header';
import { QueryError } from '@/components/query-error';
import { ArticlePreview } from '@/components/article-preview';
import { ApiError } from '@/lib/api-client';
import { errorText, showFieldError } from '@/lib/form-errors';
import { useCan } from '@/lib/staff-session';
import { useCreateBlogPost } from '../api/blog-create';
import { useBlogPost } from '../api/blog-get';
import { usePublishBlogPost } from '../api/blog-publish';
import { useProductChoices } from '../api/product-choices';
import { useUpdateBlogPost } from '../api/blog-update';
import { CoverField, coverSrc } from '../components/cover-field';
import { formatDateTime } from '@/lib/format';
import { datedSlug, slugFromText } from '@/lib/slug';
import { zodRules } from '@/lib/zod-rules';

interface Bi {
  en: string;
  zh: string;
}
interface BlogFormValues {
  slug: string;
  category: BlogCategory;
  tags: string[];
  productKeys: string[];
  cover: string | null;
  publishedAt: Dayjs | null;
  title: Bi;
  summary: Bi;
  body: Bi;
}

const blank = (): BlogFormValues => ({ slug: '', category: 'news', tags: [], productKeys: [], cover: null, publishedAt: null, title: { en: '', zh: '' }, summary: { en: '', zh: '' }, body: { en: '', zh: '' } });

/** Writes a new post (`blog/new`) or edits one (`blog/:id`), with the shop's rendering beside it. */
export default function BlogEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const id = params.id === 'new' ? null : Number(params.id);
  const valid = id === null || (Number.isInteger(id) && id > 0);
  const post = useBlogPost(valid ? id : null);
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/blog')}>
      {t('blog.back')}
    </Button>
  );
  if (!valid || (post.error instanceof ApiError && post.error.code === serverErrors.notFound.code)) return <Result status="404" title={t('blog.not-found')} extra={back} />;
  if (post.isError) return <QueryError error={post.error} onRetry={() => void post.refetch()} />;
  if (id !== null && !post.data) return <Skeleton active paragraph={{ rows: 12 }} />;
  return <BlogEditor key={post.data ? `${post.data.id}:${post.data.version}` : 'new'} post={post.data ?? null} back={back} />;
}

function BlogEditor({ post, back }: { post: AdminBlogPost | null; back: React.ReactNode }) {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const canWrite = useCan()('content.write');
  const [form] = Form.useForm<BlogFormValues>();
  const [lang, setLang] = useState<'en' | 'zh-Hans'>('en');
  const [dirty, setDirty] = useState(false);
  const create = useCreateBlogPost();
  const update = useUpdateBlogPost();
  const publish = usePublishBlogPost();
  const products = useProductChoices();
  const side = lang === 'en' ? 'en' : 'zh';
  const title = (Form.useWatch(['title', side], form) as string | undefined) ?? '';
  const summary = (Form.useWatch(['summary', side], form) as string | undefined) ?? '';
  const body = (Form.useWatch(['body', side], form) as string | undefined) ?? '';
  const cover = Form.useWatch('cover', form) as string | null | undefined;
  const publishedAt = Form.useWatch('publishedAt', form) as Dayjs | null | undefined;
  const scheduled = Boolean(publishedAt && publishedAt.valueOf() > Date.now());
  // A new post: which create button was pressed, and the slug made from the title until typed by hand.
  const publishNow = useRef(false);
  const slugTyped = useRef(post !== null);
  const fallbackSlug = useRef<string | null>(null);

  const initial: BlogFormValues = post
    ? { slug: post.slug, category: post.category, tags: post.tags, productKeys: post.productKeys, cover: post.cover, publishedAt: post.publishedAt === null ? null : dayjs(post.publishedAt), title: post.title, summary: post.summary, body: post.body }
    : blank();

  const failed = (error: unknown) => {
    if (error instanceof ApiError && error.code === serverErrors.changedBySomeoneElse.code) {
      modal.error({ title: t('blog.conflict'), content: errorText(error, t) });
      return;
    }
    if (error instanceof ApiError && error.field) {
      if (error.field.endsWith('.zh')) setLang('zh-Hans');
      else if (error.field.endsWith('.en')) setLang('en');
    }
    if (!showFieldError(form, error, t)) void message.error(errorText(error, t));
  };

  const submit = (v: BlogFormValues) => {
    const input = {
      slug: v.slug.trim(),
      category: v.category,
      tags: v.tags ?? [],
      productKeys: v.productKeys ?? [],
      cover: v.cover ?? null,
      publishedAt: v.publishedAt ? v.publishedAt.valueOf() : null,
      title: { en: v.title.en ?? '', zh: v.title.zh ?? '' },
      summary: { en: v.summary.en ?? '', zh: v.summary.zh ?? '' },
      body: { en: v.body.en ?? '', zh: v.body.zh ?? '' },
    };
    if (!post) {
      create.mutate({ ...input, published: publishNow.current }, {
        onSuccess: (created) => {
          if (!created.published) void message.success(t('blog.created'));
          else if (created.publishedAt !== null && created.publishedAt > Date.now()) void message.success(t('blog.scheduled', { date: formatDateTime(created.publishedAt, i18n.language) }));
          else void message.success(t('blog.now-published'));
          navigate(`/blog/${created.id}`, { replace: true });
        },
        onError: failed,
      });
      return;
    }
    update.mutate({ id: post.id, version: post.version, ...input }, { onSuccess: () => void message.success(t('console.saved')), onError: failed });
  };

  const togglePublished = () => {
    if (!post) return;
    if (dirty) {
      void message.warning(t('blog.publish.unsaved'));
      return;
    }
    publish.mutate({ id: post.id, version: post.version, published: !post.published }, { onSuccess: (p) => void message.success(t(p.published ? 'blog.now-published' : 'blog.now-draft')), onError: failed });
  };

  const rules = zodRules(adminBlogCreateRequest, t);

  const changed = (values: Partial<BlogFormValues>) => {
    setDirty(true);
    if (values.slug !== undefined) slugTyped.current = true;
    if (!values.title || slugTyped.current) return;
    const typed = form.getFieldValue('title') as Bi;
    const slug = slugFromText(typed.en ?? '') || slugFromText(typed.zh ?? '') || (typed.en?.trim() || typed.zh?.trim() ? (fallbackSlug.current ??= datedSlug('post')) : '');
    form.setFieldValue('slug', slug);
  };
  const createAs = (publish: boolean) => {
    publishNow.current = publish;
    form.submit();
  };

  return (
    <>
      <PageHeader
        title={post ? t('blog.edit', { title: i18n.language === 'zh-Hans' ? post.title.zh : post.title.en }) : t('blog.new')}
        subtitle={
          post ? (
            <>
              {t('blog.updated')}: <DateTime value={post.updatedAt} /> · <Tag color={post.published ? 'green' : undefined}>{t(post.published ? 'blog.published' : 'blog.draft')}</Tag>
            </>
          ) : (
            t('blog.new.subtitle')
          )
        }
        extra={
          <Space>
            {back}
            {canWrite && post ? (
              <Button loading={publish.isPending} onClick={togglePublished}>
                {t(post.published ? 'blog.unpublish' : 'blog.publish')}
              </Button>
            ) : null}
            {canWrite && post ? (
              <Button type="primary" loading={update.isPending} disabled={!dirty} onClick={() => form.submit()}>
                {t('console.save')}
              </Button>
            ) : null}
            {canWrite && !post ? (
              <>
                <Button loading={create.isPending && !publishNow.current} disabled={create.isPending} onClick={() => createAs(false)}>
                  {t('blog.save-draft')}
                </Button>
                <Button type="primary" loading={create.isPending && publishNow.current} disabled={create.isPending} onClick={() => createAs(true)}>
                  {t(scheduled ? 'blog.schedule' : 'blog.publish')}
                </Button>
              </>
            ) : null}
          </Space>
        }
      />
      <Form<BlogFormValues> form={form} layout="vertical" initialValues={initial} disabled={!canWrite} requiredMark={false} onValuesChange={changed} onFinish={submit} onFinishFailed={() => void message.error(t('blog.form.invalid'))}>
        <Card size="small" style={{ marginBottom: 16 }}>
          <Row gutter={16}>
            <Col span={8}>
              <Form.Item name="slug" label={t('blog.slug')} extra={post ? t('blog.slug.hint') : t('blog.slug.auto')} rules={rules('slug', { message: t('blog.slug.invalid') })}>
                <Input placeholder="tokyo-first-day-online" />
              </Form.Item>
            </Col>
            <Col span={5}>
              <Form.Item name="category" label={t('blog.category')} rules={rules('category')}>
                <Select options={BLOG_CATEGORIES.map((c) => ({ value: c, label: t(`blog.category.${c}`) }))} />
              </Form.Item>
            </Col>
            <Col span={5}>
              <Form.Item name="publishedAt" label={t('blog.published-at')} extra={t('blog.published-at.hint')}>
                <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="tags" label={t('blog.tags')} extra={t('blog.tags.hint')} rules={rules('tags', { message: t('blog.tags.hint') })}>
                <Select mode="tags" tokenSeparators={[',']} open={false} suffixIcon={null} />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item name="productKeys" label={t('blog.products')} extra={t('blog.products.hint')} rules={rules('productKeys', { message: t('blog.products.hint') })}>
                <Select mode="multiple" loading={products.isPending} optionFilterProp="label" options={(products.data?.items ?? []).map((p) => ({ value: p.key, label: `${p.name.en} · ${p.name.zh} (${p.key})` }))} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="cover" label={t('blog.cover')}>
                <CoverField disabled={!canWrite} />
              </Form.Item>
            </Col>
          </Row>
        </Card>
        <Segmented<'en' | 'zh-Hans'>
          aria-label={t('blog.language')}
          value={lang}
          onChange={setLang}
          style={{ marginBottom: 12 }}
          options={[
            { value: 'en', label: t('blog.lang.en') },
            { value: 'zh-Hans', label: t('blog.lang.zh') },
          ]}
        />
        <Row gutter={16} wrap={false}>
          <Col flex="auto" style={{ minWidth: 0 }}>
            {(['en', 'zh'] as const).map((l) => (
              // Both halves stay mounted (hidden when not shown) so the form checks and keeps both.
              <Card key={l} size="small" hidden={side !== l} title={t(l === 'en' ? 'blog.lang.en' : 'blog.lang.zh')}>
                <Form.Item name={['title', l]} label={t('blog.post-title')} rules={rules(`title.${l}`)}>
                  <Input />
                </Form.Item>
                <Form.Item name={['summary', l]} label={t('blog.summary')} rules={rules(`summary.${l}`)}>
                  <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} />
                </Form.Item>
                <Form.Item name={['body', l]} label={t('blog.body')} extra={t('blog.markup')} rules={rules(`body.${l}`)}>
                  <Input.TextArea autoSize={{ minRows: 14, maxRows: 40 }} style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 13 }} />
                </Form.Item>
              </Card>
            ))}
          </Col>
          <Col flex="none" style={{ width: 432 }}>
            <Card size="small" title={t('blog.preview')} style={{ position: 'sticky', top: 88 }}>
              {coverSrc(cover) ? <img src={coverSrc(cover)} alt="" style={{ display: 'block', width: 390, maxWidth: '100%', margin: '0 auto 8px', aspectRatio: '15 / 8', objectFit: 'cover', borderRadius: 12 }} /> : null}
              {summary ? (
                <Typography.Paragraph type="secondary" style={{ width: 390, maxWidth: '100%', margin: '0 auto 8px' }}>
                  {summary}
                </Typography.Paragraph>
              ) : null}
              <ArticlePreview title={title} content={body} lang={lang} />
            </Card>
          </Col>
        </Row>
      </Form>
    </>
  );
}
