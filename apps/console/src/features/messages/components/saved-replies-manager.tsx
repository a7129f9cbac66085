import { PlusOutlined } from '@ant-design/icons';
import { type Language, MESSAGE_MAX_LENGTH, SAVED_REPLY_TITLE_MAX, savedReplyCreateRequest, type SavedReply } from '@simshop/contract';
import { App, Button, Flex, Form, Input, Modal, Segmented, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime } from '@/components/date-time';
import { QueryError } from '@/components/query-error';
import { errorText, useFormOutcome } from '@/lib/form-errors';
import { zodRules } from '@/lib/zod-rules';
import { useCreateSavedReply, useDeleteSavedReply, useSavedReplies, useUpdateSavedReply } from '../api/saved-replies';
import { LANGUAGE_CHOICES } from './saved-reply-picker';

interface Values {
  language: Language;
  title: string;
  content: string;
}

/** Staff with the messages permission write the shop's saved replies here, one language at a time. */
export function SavedRepliesManager({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const [language, setLanguage] = useState<Language>(i18n.language === 'zh-Hans' ? 'zh-Hans' : 'en');
  const [editing, setEditing] = useState<SavedReply | 'new' | null>(null);
  const query = useSavedReplies(open);
  const create = useCreateSavedReply();
  const update = useUpdateSavedReply();
  const remove = useDeleteSavedReply();
  const [form] = Form.useForm<Values>();
  const outcome = useFormOutcome(form);
  const rules = zodRules(savedReplyCreateRequest, t);
  const replies = (query.data?.items ?? []).filter((r) => r.language === language);

  const edit = (reply: SavedReply | 'new') => {
    setEditing(reply);
    form.setFieldsValue(reply === 'new' ? { language, title: '', content: '' } : { language: reply.language, title: reply.title, content: reply.content });
  };
  const save = (values: Values) => {
    const done = outcome(t('console.saved'), () => setEditing(null));
    if (editing === 'new') create.mutate(values, done);
    else if (editing) update.mutate({ id: editing.id, ...values }, done);
  };
  const confirmDelete = (reply: SavedReply) =>
    modal.confirm({
      title: t('messages.saved.delete.title'),
      content: t('messages.saved.delete.text', { title: reply.title }),
      okText: t('console.delete'),
      okButtonProps: { danger: true },
      cancelText: t('console.cancel'),
      onOk: () => remove.mutateAsync({ id: reply.id }).then(() => void message.success(t('messages.saved.deleted')), (e: unknown) => void message.error(errorText(e, t))),
    });

  return (
    <Modal open={open} title={t('messages.saved.title')} footer={null} onCancel={onClose} width={760} destroyOnHidden>
      <Flex justify="space-between" align="center" gap={8} style={{ marginBottom: 12 }}>
        <Segmented<Language> value={language} onChange={setLanguage} options={LANGUAGE_CHOICES.map((c) => ({ value: c.value, label: t(c.labelKey) }))} aria-label={t('messages.saved.lang')} />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => edit('new')}>
          {t('messages.saved.add')}
        </Button>
      </Flex>
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Table<SavedReply>
          rowKey="id"
          size="small"
          loading={query.isPending}
          dataSource={replies}
          pagination={false}
          scroll={{ y: 360 }}
          locale={{ emptyText: t('messages.saved.none') }}
          columns={[
            { title: t('messages.saved.field.title'), dataIndex: 'title', width: 170 },
            { title: t('messages.saved.field.content'), dataIndex: 'content', ellipsis: true },
            { title: t('messages.saved.updated'), dataIndex: 'updatedAt', width: 150, render: (v: number) => <DateTime value={v} /> },
            {
              title: t('console.actions'),
              key: 'actions',
              width: 150,
              render: (_, row) => (
                <Space>
                  <Button size="small" autoInsertSpace={false} onClick={() => edit(row)} aria-label={`${t('console.edit')} ${row.title}`}>
                    {t('console.edit')}
                  </Button>
                  <Button size="small" autoInsertSpace={false} danger onClick={() => confirmDelete(row)} aria-label={`${t('console.delete')} ${row.title}`}>
                    {t('console.delete')}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      )}
      <Modal
        open={editing !== null}
        title={t(editing === 'new' ? 'messages.saved.add' : 'messages.saved.edit')}
        okText={t(editing === 'new' ? 'console.create' : 'console.save')}
        cancelText={t('console.cancel')}
        confirmLoading={create.isPending || update.isPending}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        destroyOnHidden
        forceRender
      >
        <Form form={form} layout="vertical" requiredMark={false} onFinish={save}>
          <Form.Item name="language" label={t('messages.saved.lang')} rules={rules('language')}>
            <Segmented<Language> options={LANGUAGE_CHOICES.map((c) => ({ value: c.value, label: t(c.labelKey) }))} />
          </Form.Item>
          <Form.Item name="title" label={t('messages.saved.field.title')} rules={rules('title')}>
            <Input maxLength={SAVED_REPLY_TITLE_MAX} showCount />
          </Form.Item>
          <Form.Item name="content" label={t('messages.saved.field.content')} rules={rules('content')}>
            <Input.TextArea rows={5} maxLength={MESSAGE_MAX_LENGTH} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </Modal>
  );
}
