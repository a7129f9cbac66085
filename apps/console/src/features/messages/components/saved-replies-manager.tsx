import { PlusOutlined } from '@ant-design/icons';
import { type Language, MESSAGE_MAX_LENGTH, SAVED_REPLY_TITLE_MAX, savedReplyCreateRequest, type SavedReply } from '@simshop/contract';
import { Button, Flex, Form, Input, Modal, Segmented, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime } from '@/components/date-time';
import { QueryError } from '@/components/query-error';
import { RecordEditorModal, useRecordEditor } from '@/components/record-editor';
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
  const [language, setLanguage] = useState<Language>(i18n.language === 'zh-Hans' ? 'zh-Hans' : 'en');
  const query = useSavedReplies(open);
  const editor = useRecordEditor<SavedReply, Values>({
    create: useCreateSavedReply(),
    update: useUpdateSavedReply(),
    remove: useDeleteSavedReply(),
    valuesOf: (reply) => (reply === 'new' ? { language, title: '', content: '' } : { language: reply.language, title: reply.title, content: reply.content }),
    deleting: (reply) => ({ title: t('messages.saved.delete.title'), content: t('messages.saved.delete.text', { title: reply.title }), deleted: t('messages.saved.deleted') }),
  });
  const rules = zodRules(savedReplyCreateRequest, t);
  const replies = (query.data?.items ?? []).filter((r) => r.language === language);

  return (
    <Modal open={open} title={t('messages.saved.title')} footer={null} onCancel={onClose} width={760} destroyOnHidden>
      <Flex justify="space-between" align="center" gap={8} style={{ marginBottom: 12 }}>
        <Segmented<Language> value={language} onChange={setLanguage} options={LANGUAGE_CHOICES.map((c) => ({ value: c.value, label: t(c.labelKey) }))} aria-label={t('messages.saved.lang')} />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => editor.open('new')}>
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
            editor.actionsColumn((row) => row.title, 150),
          ]}
        />
      )}
      <RecordEditorModal editor={editor} titles={{ add: t('messages.saved.add'), edit: t('messages.saved.edit') }}>
          <Form.Item name="language" label={t('messages.saved.lang')} rules={rules('language')}>
            <Segmented<Language> options={LANGUAGE_CHOICES.map((c) => ({ value: c.value, label: t(c.labelKey) }))} />
          </Form.Item>
          <Form.Item name="title" label={t('messages.saved.field.title')} rules={rules('title')}>
            <Input maxLength={SAVED_REPLY_TITLE_MAX} showCount />
          </Form.Item>
          <Form.Item name="content" label={t('messages.saved.field.content')} rules={rules('content')}>
            <Input.TextArea rows={5} maxLength={MESSAGE_MAX_LENGTH} showCount />
          </Form.Item>
      </RecordEditorModal>
    </Modal>
  );
}
