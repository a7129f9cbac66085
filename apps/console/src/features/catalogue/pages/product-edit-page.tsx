import { ExportOutlined, ReloadOutlined } from '@ant-design/icons';
import { serverErrors, type AdminProduct } from '@simshop/contract';
import { Alert, App, Breadcrumb, Button, Card, Flex, Form, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { AuditTrail } from '@/components/audit-trail';
import { PageHeader } from '@/components/page-header';
import { QueryError } from '@/components/query-error';
import { runtime } from '@/config/runtime';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/form-errors';
import { localText } from '@/lib/format';
import { scrollBehavior } from '@/lib/motion';
import { useCan } from '@/lib/staff-session';
import { useCreateProduct } from '../api/product-create';
import { useProduct } from '../api/product-get';
import { useUpdateProduct } from '../api/product-update';
import { ProductForm } from '../components/product-form';
import { checkProduct, formFieldOf, productToValues, valuesToInput, type ProductValues } from '../components/product-values';
import { isTemplateChoice, templateValues, type TemplateChoice } from '../templates/product-templates';
import { TemplateChooser } from '../templates/template-chooser';
import { useNewProductFill } from '../templates/use-new-product-fill';

/** The editor of one product (`products/:id`) or of a new one (`products/new`). */
export default function ProductEditPage() {
  const { id: param } = useParams();
  const id = param === 'new' ? null : Number(param);
  const valid = id === null || (Number.isInteger(id) && id > 0);
  const query = useProduct(id ?? 0, id !== null && valid);
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const template = search.get('template');
  if (!valid) return <QueryError error={new ApiError('failure', serverErrors.productNotFound.i18n)} />;
  // A new product starts by choosing what is sold; the choice sits in the address, so Back returns to it.
  if (id === null && !isTemplateChoice(template)) return <NewProductStart onChoose={(choice) => setSearch({ template: choice })} />;
  if (id === null) return <Editor key={template} product={null} template={template as TemplateChoice} onReload={async () => null} />;
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data)
    return (
      <Flex justify="center" style={{ padding: 64 }}>
        <Spin aria-label={t('catalogue.loading')} />
      </Flex>
    );
  return <Editor key={query.data.id} product={query.data} onReload={async () => (await query.refetch()).data ?? null} />;
}

function NewProductStart({ onChoose }: { onChoose: (choice: TemplateChoice) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Breadcrumb style={{ marginBottom: 8 }} items={[{ title: <Link to="/products">{t('catalogue.title')}</Link> }, { title: t('catalogue.new') }]} />
      <PageHeader title={t('catalogue.new')} />
      <TemplateChooser onChoose={onChoose} />
    </>
  );
}

function Editor({ product, template = 'blank', onReload }: { product: (AdminProduct & { history: NonNullable<ReturnType<typeof useProduct>['data']>['history'] }) | null; template?: TemplateChoice; onReload: () => Promise<AdminProduct | null> }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const can = useCan();
  const [form] = Form.useForm<ProductValues>();
  const [initial] = useState(() => (product ? productToValues(product) : templateValues(template)));
  const fill = useNewProductFill(form, product === null);
  const [conflict, setConflict] = useState(false);
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const saving = create.isPending || update.isPending;
  const writable = can('catalogue.write');

  const showServerError = (error: unknown) => {
    if (error instanceof ApiError && error.code === serverErrors.changedBySomeoneElse.code) {
      setConflict(true);
      window.scrollTo({ top: 0, behavior: scrollBehavior() });
      return;
    }
    if (error instanceof ApiError && error.field && error.field !== 'version') {
      const name = formFieldOf(error.field.split('.'), form.getFieldsValue(true) as ProductValues);
      const data = error.data && typeof error.data === 'object' ? (error.data as Record<string, unknown>) : {};
      form.setFields([{ name: name as never, errors: [t(error.i18n, data)] }]);
      form.scrollToField(name as never, { block: 'center' });
      void message.error(t('catalogue.fix-errors'));
      return;
    }
    void message.error(errorText(error, t));
  };

  const save = () => {
    // The whole store: onFinish's values hold only the fields with an input, so each SKU would
    // lose its id (read as removed and added again, refused once it has orders) and loadedStock.
    const all = form.getFieldsValue(true) as ProductValues;
    // The fields have no rules of their own, so a message set by the last save stays until cleared.
    form.setFields(form.getFieldsError().flatMap((f) => (f.errors.length ? [{ name: f.name as never, errors: [] }] : [])));
    const issues = checkProduct(all, t);
    if (issues.length > 0) {
      form.setFields(issues.map((i) => ({ name: i.name as never, errors: i.errors })));
      form.scrollToField(issues[0]!.name as never, { block: 'center' });
      void message.error(t('catalogue.fix-errors'));
      return;
    }
    const input = valuesToInput(all);
    if (product === null) {
      create.mutate(input as never, {
        onSuccess: (saved) => {
          void message.success(t('catalogue.created'));
          if (Object.keys(fill.marks).length > 0) void message.warning(t('catalogue.template.review-left'));
          void navigate(`/products/${saved.id}`, { replace: true });
        },
        onError: showServerError,
      });
    } else {
      update.mutate(input as never, {
        onSuccess: (saved) => {
          form.setFieldsValue(productToValues(saved));
          void message.success(t('console.saved'));
        },
        onError: showServerError,
      });
    }
  };

  const reload = async () => {
    const fresh = await onReload();
    if (fresh) {
      form.resetFields();
      form.setFieldsValue(productToValues(fresh));
    }
    setConflict(false);
  };

  const title = product ? localText(product.name, i18n.language) : template === 'blank' ? t('catalogue.new') : `${t('catalogue.new')} · ${t(`catalogue.template.${template}`)}`;
  return (
    <>
      <Breadcrumb style={{ marginBottom: 8 }} items={[{ title: <Link to="/products">{t('catalogue.title')}</Link> }, { title }]} />
      <PageHeader
        title={title}
        subtitle={product ? <Typography.Text code>{product.key}</Typography.Text> : t(template === 'blank' ? 'catalogue.new.subtitle' : 'catalogue.template.subtitle')}
        extra={
          <>
            {product ? null : <Link to="/products/new">{t('catalogue.template.change')}</Link>}
            {product ? (
              <Button icon={<ExportOutlined />} href={`${runtime.shopBase}/pages/goods/goods?id=${product.id}`} target="_blank" rel="noreferrer">
                {t('console.view-in-shop')}
              </Button>
            ) : null}
            {writable ? (
              <Button type="primary" loading={saving} onClick={() => form.submit()} disabled={conflict}>
                {product ? t('console.save') : t('console.create')}
              </Button>
            ) : null}
          </>
        }
      />
      {conflict ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginBottom: 16 }}
          title={t('catalogue.conflict.title')}
          description={t('res.changed-by-someone-else')}
          action={
            <Button icon={<ReloadOutlined />} onClick={() => void reload()}>
              {t('catalogue.conflict.reload')}
            </Button>
          }
        />
      ) : null}
      {!writable ? <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('catalogue.read-only')} /> : null}
      <ProductForm
        form={form}
        initial={initial}
        existing={product}
        onFinish={save}
        marks={fill.marks}
        onValuesChange={fill.onValuesChange}
      />
      {writable ? (
        <Flex justify="flex-end" gap={8} style={{ marginTop: 16 }}>
          <Button onClick={() => void navigate('/products')}>{t('console.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()} disabled={conflict}>
            {product ? t('console.save') : t('console.create')}
          </Button>
        </Flex>
      ) : null}
      {product ? (
        <Card title={t('catalogue.section.history')} style={{ marginTop: 16 }} styles={{ body: { padding: 0 } }}>
          <AuditTrail entries={product.history} />
        </Card>
      ) : null}
    </>
  );
}
