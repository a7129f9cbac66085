import { App, Button, Form, Modal, Space, type FormInstance } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, useFormOutcome } from '@/lib/form-errors';

/** The part of a TanStack mutation the editor drives: what `useEndpointMutation` answers. */
interface Write<I> {
  mutate: (input: I, options: { onSuccess: (answer: unknown) => void; onError: (e: unknown) => void }) => void;
  mutateAsync: (input: I) => Promise<unknown>;
  isPending: boolean;
}

export interface RecordEditorOptions<Row extends { id: number }, Values> {
  create: Write<Values>;
  update: Write<Values & { id: number }>;
  remove: Write<{ id: number }>;
  /** The form's values when a record (or a new one) is opened. */
  valuesOf: (row: Row | 'new') => Values;
  /** The delete confirmation's texts and the message once deleted. */
  deleting: (row: Row) => { title: string; content: string; deleted: string };
}

/**
 * A list of small records edited in a dialog (labels, saved replies): which record is open (a
 * new one, a row, none), its form, saving through create or update, and delete after a
 * confirmation. `actionsColumn` gives the rows their Edit and Delete buttons, named with the row
 * for screen readers; `RecordEditorModal` draws the dialog around the record's fields.
 */
export function useRecordEditor<Row extends { id: number }, Values>(options: RecordEditorOptions<Row, Values>) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const [form] = Form.useForm<Values>();
  const outcome = useFormOutcome(form);
  const { create, update, remove } = options;

  const open = (row: Row | 'new') => {
    setEditing(row);
    form.setFieldsValue(options.valuesOf(row) as Parameters<FormInstance<Values>['setFieldsValue']>[0]);
  };
  const save = (values: Values) => {
    const done = outcome(t('console.saved'), () => setEditing(null));
    if (editing === 'new') create.mutate(values, done);
    else if (editing) update.mutate({ ...values, id: editing.id }, done);
  };
  const confirmDelete = (row: Row) => {
    const texts = options.deleting(row);
    modal.confirm({
      title: texts.title,
      content: texts.content,
      okText: t('console.delete'),
      okButtonProps: { danger: true },
      cancelText: t('console.cancel'),
      onOk: () => remove.mutateAsync({ id: row.id }).then(() => void message.success(texts.deleted), (e: unknown) => void message.error(errorText(e, t))),
    });
  };
  const actionsColumn = (nameOf: (row: Row) => string, width: number) => ({
    title: t('console.actions'),
    key: 'actions',
    width,
    render: (_: unknown, row: Row) => (
      <Space>
        <Button size="small" autoInsertSpace={false} onClick={() => open(row)} aria-label={`${t('console.edit')} ${nameOf(row)}`}>
          {t('console.edit')}
        </Button>
        <Button size="small" autoInsertSpace={false} danger onClick={() => confirmDelete(row)} aria-label={`${t('console.delete')} ${nameOf(row)}`}>
          {t('console.delete')}
        </Button>
      </Space>
    ),
  });
  return { editing, form, open, save, close: () => setEditing(null), pending: create.isPending || update.isPending, actionsColumn };
}

export type RecordEditor<Row extends { id: number }, Values> = ReturnType<typeof useRecordEditor<Row, Values>>;

/** The dialog of a record editor: "add" or "edit" by what is open, its form around the fields. */
export function RecordEditorModal<Row extends { id: number }, Values>({ editor, titles, children }: { editor: RecordEditor<Row, Values>; titles: { add: string; edit: string }; children: ReactNode }) {
  const { t } = useTranslation();
  const isNew = editor.editing === 'new';
  return (
    <Modal
      open={editor.editing !== null}
      title={isNew ? titles.add : titles.edit}
      okText={t(isNew ? 'console.create' : 'console.save')}
      cancelText={t('console.cancel')}
      confirmLoading={editor.pending}
      onCancel={editor.close}
      onOk={() => editor.form.submit()}
      destroyOnHidden
      forceRender
    >
      <Form form={editor.form} layout="vertical" requiredMark={false} onFinish={editor.save}>
        {children}
      </Form>
    </Modal>
  );
}
