import { HistoryOutlined } from '@ant-design/icons';
import { App, Button, Card, Col, Flex, Form, Row, Segmented, Skeleton, Space, Tag, Typography, type FormInstance } from 'antd';
import { serverErrors, type ContentLanguage, type HomeContentSource, type HomeEditor } from '@simshop/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DateTime } from '@/components/date-time';
import { PageHeader } from '@/components/page-header';
import { QueryError } from '@/components/query-error';
import { ApiError } from '@/lib/api-client';
import { errorText, showFieldError } from '@/lib/form-errors';
import { useCan } from '@/lib/staff-session';
import { useDiscardHome } from '../api/home-discard';
import { useHomeEditor } from '../api/home-get';
import { usePublishHome } from '../api/home-publish';
import { useSaveHome } from '../api/home-save';
import { useProductChoices } from '../api/product-choices';
import { ContentWarnings } from '../components/content-warnings';
import { HomeForm } from '../components/home-form';
import { describePath, toContent, type HomeFormValues } from '../components/home-form-values';
import { PhonePreview } from '../components/phone-preview';
import { RevisionsDrawer } from '../components/revisions-drawer';

const EMPTY: HomeContentSource = { title: '', banners: [], shortcuts: [], sections: [] };
const toPath = (path: string) => path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));

export default function HomeContentPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const lang: ContentLanguage = search.get('lang') === 'zh-Hans' ? 'zh-Hans' : 'en';
  const editor = useHomeEditor(lang);
  const products = useProductChoices();
  const canWrite = useCan()('content.write');
  const [revisionsOpen, setRevisionsOpen] = useState(false);

  return (
    <>
      <PageHeader
        title={t('content.home.title')}
        subtitle={t('content.home.subtitle')}
        extra={
          <Button icon={<HistoryOutlined />} onClick={() => setRevisionsOpen(true)}>
            {t('content.revisions')}
          </Button>
        }
      />
      <Segmented<ContentLanguage>
        aria-label={t('content.language')}
        style={{ marginBottom: 16 }}
        value={lang}
        options={[
          { value: 'en', label: t('content.lang.en') },
          { value: 'zh-Hans', label: t('content.lang.zh-Hans') },
        ]}
        onChange={(value) => setSearch({ lang: value }, { replace: true })}
      />
      {editor.isError ? (
        <QueryError error={editor.error} onRetry={() => void editor.refetch()} />
      ) : !editor.data ? (
        <Card>
          <Skeleton active paragraph={{ rows: 10 }} />
        </Card>
      ) : (
        <Editor
          // A new edition (a save, publish, discard or restore) starts the form from what the server holds.
          key={`${lang}:${editor.data.edition}:${editor.data.published?.revision ?? 0}`}
          state={editor.data}
          canWrite={canWrite}
          products={products.data?.items ?? []}
          productsLoading={products.isPending}
          onReload={() => void editor.refetch()}
        />
      )}
      {editor.data ? <RevisionsDrawer open={revisionsOpen} onClose={() => setRevisionsOpen(false)} lang={lang} edition={editor.data.edition} current={editor.data.published?.revision ?? null} canWrite={canWrite} onRestored={() => setRevisionsOpen(false)} /> : null}
    </>
  );
}

function Editor({ state, canWrite, products, productsLoading, onReload }: { state: HomeEditor; canWrite: boolean; products: Parameters<typeof HomeForm>[0]['products']; productsLoading: boolean; onReload: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<HomeFormValues>();
  const [dirty, setDirty] = useState(false);
  const save = useSaveHome();
  const publish = usePublishHome();
  const discard = useDiscardHome();
  const busy = save.isPending || publish.isPending || discard.isPending;

  // Entries that would not work in the shop are marked by their field, as well as listed above.
  useEffect(() => {
    (form as FormInstance).setFields(
      state.warnings.map((w) => {
        const p = describePath(w.path);
        return { name: ['content', ...toPath(w.path), w.kind === 'missing-product' ? 'key' : 'page'], warnings: [t(w.kind === 'missing-product' ? 'content.warning.missing-product' : 'content.warning.id-link', { where: t(`content.where.${p.kind}`, { n: p.n, m: p.m }), key: w.key, id: w.productId })] };
      }),
    );
  }, [form, state.warnings, t]);

  const failed = (error: unknown) => {
    if (error instanceof ApiError && error.code === serverErrors.changedBySomeoneElse.code) {
      modal.confirm({ title: t('content.conflict.title'), content: errorText(error, t), okText: t('content.conflict.reload'), cancelText: t('console.cancel'), onOk: onReload });
      return;
    }
    if (!showFieldError(form, error, t)) void message.error(errorText(error, t));
  };

  /** Saves what the form holds; resolves with the new state, or null when it was refused. */
  const saveDraft = async (): Promise<HomeEditor | null> => {
    try {
      await form.validateFields();
    } catch {
      void message.error(t('content.form.invalid'));
      return null;
    }
    try {
      return await save.mutateAsync({ lang: state.lang, edition: state.edition, content: toContent(form.getFieldsValue(true) as HomeFormValues) });
    } catch (error) {
      failed(error);
      return null;
    }
  };

  const onSave = async () => {
    if (await saveDraft()) void message.success(t('content.saved'));
  };

  const onPublish = () =>
    modal.confirm({
      title: t('content.publish.confirm.title'),
      content: t('content.publish.confirm.text', { lang: t(`content.lang.${state.lang}`) }),
      okText: t('content.publish'),
      cancelText: t('console.cancel'),
      onOk: async () => {
        const current = dirty ? await saveDraft() : state;
        if (!current) return;
        try {
          const done = await publish.mutateAsync({ lang: state.lang, edition: current.edition });
          void message.success(t('content.published', { n: done.published?.revision }));
        } catch (error) {
          failed(error);
        }
      },
    });

  const onDiscard = () =>
    modal.confirm({
      title: t('content.discard.confirm'),
      okText: t('content.discard'),
      okButtonProps: { danger: true },
      cancelText: t('console.cancel'),
      onOk: () => discard.mutateAsync({ lang: state.lang, edition: state.edition }).then(() => void message.success(t('content.discarded')), failed),
    });

  const canPublish = dirty || state.unpublished;
  return (
    <>
      <Card size="small" style={{ marginBottom: 16 }}>
        <Flex justify="space-between" align="center" gap={16} wrap>
          <Space size="large" wrap>
            <span>
              <Typography.Text type="secondary">{t('content.live')}: </Typography.Text>
              {state.published ? (
                <>
                  <Tag color="green">{t('content.revision.live', { n: state.published.revision })}</Tag>
                  <DateTime value={state.published.publishedAt} /> · {state.published.publishedBy}
                </>
              ) : (
                <Tag>{t('content.never-published')}</Tag>
              )}
            </span>
            <span data-testid="draft-state">
              {dirty ? <Tag color="orange">{t('content.state.unsaved')}</Tag> : state.unpublished ? <Tag color="gold">{t('content.state.unpublished')}</Tag> : <Tag>{t('content.state.same')}</Tag>}
              {state.unpublished && state.updatedAt ? (
                <Typography.Text type="secondary">
                  {t('content.saved-by')} <DateTime value={state.updatedAt} /> · {state.updatedBy}
                </Typography.Text>
              ) : null}
            </span>
          </Space>
          {canWrite ? (
            <Space>
              <Button disabled={!state.unpublished || dirty || busy} onClick={onDiscard}>
                {t('content.discard')}
              </Button>
              <Button disabled={!dirty || busy} loading={save.isPending} onClick={() => void onSave()}>
                {t('content.save')}
              </Button>
              <Button type="primary" disabled={!canPublish || busy} loading={publish.isPending} onClick={onPublish}>
                {t('content.publish')}
              </Button>
            </Space>
          ) : (
            <Typography.Text type="secondary">{t('content.read-only')}</Typography.Text>
          )}
        </Flex>
      </Card>
      <ContentWarnings warnings={state.publishedWarnings} published />
      {state.unpublished ? <ContentWarnings warnings={state.warnings} /> : null}
      <Row gutter={16} wrap={false}>
        <Col flex="auto" style={{ minWidth: 0 }}>
          <HomeForm form={form} disabled={!canWrite} initial={{ content: state.content ?? EMPTY }} lang={state.lang} products={products} productsLoading={productsLoading} onChange={() => setDirty(true)} />
        </Col>
        <Col flex="none" style={{ width: 432 }}>
          <div style={{ position: 'sticky', top: 88 }}>
            <PhonePreview lang={state.lang} version={`${state.edition}:${state.published?.revision ?? 0}`} dirty={dirty} />
          </div>
        </Col>
      </Row>
    </>
  );
}
