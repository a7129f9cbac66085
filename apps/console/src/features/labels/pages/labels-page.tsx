import { PlusOutlined } from '@ant-design/icons';
import { type AdminLabel, labelColorReadable, labelCreateRequest } from '@simshop/contract';
import { Button, Col, Form, Input, InputNumber, Row, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateTime } from '@/components/date-time';
import { LabelTag } from '@/components/label-tag';
import { PageHeader } from '@/components/page-header';
import { QueryError } from '@/components/query-error';
import { RecordEditorModal, useRecordEditor } from '@/components/record-editor';
import { useCan } from '@/lib/staff-session';
import { useLabelList } from '@/lib/label-list';
import { useCreateLabel, useDeleteLabel, useUpdateLabel } from '../api/label-write';
import { ColorField } from '../components/color-field';
import { zodRules } from '@/lib/zod-rules';

interface LabelValues {
  text: { en: string; zh: string };
  color: string;
  sort: number;
}

/** The shop's labels: texts in both languages, a colour white text stays readable on, an order. */
export default function LabelsPage() {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const writable = can('catalogue.write');
  const query = useLabelList();
  const editor = useRecordEditor<AdminLabel, LabelValues>({
    create: useCreateLabel(),
    update: useUpdateLabel(),
    remove: useDeleteLabel(),
    valuesOf: (label) => (label === 'new' ? { text: { en: '', zh: '' }, color: '#1f6f43', sort: ((query.data?.items.at(-1)?.sort ?? 0) as number) + 10 } : { text: label.text, color: label.color, sort: label.sort }),
    deleting: (label) => ({ title: t('labels.delete.title'), content: t('labels.delete.text', { label: `${label.text.en} / ${label.text.zh}`, count: label.products }), deleted: t('labels.deleted') }),
  });
  const { form } = editor;
  const rules = zodRules(labelCreateRequest, t);
  const preview = Form.useWatch([], form) as Partial<LabelValues> | undefined;
  const lang = i18n.language;

  return (
    <>
      <PageHeader
        title={t('labels.title')}
        subtitle={t('labels.subtitle')}
        extra={
          writable ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => editor.open('new')}>
              {t('labels.add')}
            </Button>
          ) : null
        }
      />
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Table<AdminLabel>
          rowKey="id"
          loading={query.isPending}
          dataSource={query.data?.items ?? []}
          pagination={false}
          locale={{ emptyText: t('labels.empty') }}
          columns={[
            { title: t('labels.preview'), key: 'preview', render: (_, row) => <LabelTag label={row} lang={lang} /> },
            { title: t('labels.text.en'), key: 'en', render: (_, row) => row.text.en },
            { title: t('labels.text.zh'), key: 'zh', render: (_, row) => row.text.zh },
            { title: t('labels.color'), dataIndex: 'color', render: (c: string) => <Typography.Text code>{c}</Typography.Text> },
            { title: t('labels.sort'), dataIndex: 'sort', width: 90 },
            { title: t('labels.products'), dataIndex: 'products', width: 110, render: (n: number, row) => (n ? <Link to={`/products?labelId=${row.id}`}>{n}</Link> : 0) },
            { title: t('labels.updated'), dataIndex: 'updatedAt', width: 170, render: (v: number) => <DateTime value={v} /> },
            ...(writable ? [editor.actionsColumn((row) => row.text.en, 170)] : []),
          ]}
        />
      )}
      <RecordEditorModal editor={editor} titles={{ add: t('labels.add'), edit: t('labels.edit') }}>
          <Row gutter={12}>
            <Col span={12}>
              <Form.Item name={['text', 'en']} label={t('labels.text.en')} rules={rules('text.en')}>
                <Input maxLength={20} showCount placeholder="Hotspot" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name={['text', 'zh']} label={t('labels.text.zh')} rules={rules('text.zh')}>
                <Input maxLength={20} showCount placeholder="支持热点" />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item
            name="color"
            label={t('labels.color')}
            extra={t('labels.color.help')}
            validateFirst
            rules={[
              ...rules('color', { message: t('labels.color.format') }),
              // White text must stay readable on it: the server's check on the colour, with its own catalogue error.
              { validator: (_, v: string) => (!/^#[0-9a-fA-F]{6}$/.test(v ?? '') || labelColorReadable(v) ? Promise.resolve() : Promise.reject(new Error(t('res.label.color-unreadable')))) },
            ]}
          >
            <ColorField />
          </Form.Item>
          <Form.Item name="sort" label={t('labels.sort')} extra={t('labels.sort.help')} rules={rules('sort')}>
            <InputNumber min={0} max={1_000_000} precision={0} />
          </Form.Item>
          <Form.Item label={t('labels.preview')}>
            <LabelTag label={{ text: { en: preview?.text?.en || 'Label', zh: preview?.text?.zh || '标签' }, color: /^#[0-9a-fA-F]{6}$/.test(preview?.color ?? '') ? preview!.color! : '#1f6f43' }} lang={lang} />
          </Form.Item>
      </RecordEditorModal>
    </>
  );
}
