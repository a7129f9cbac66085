import { DeleteOutlined, EditOutlined, MoreOutlined, SaveOutlined } from '@ant-design/icons';
import { SAVED_FILTER_NAME_MAX, savedFilterCreateRequest, type SavedFilter, type SavedFilterList } from '@simshop/contract';
import { Alert, App, Button, Dropdown, Flex, Form, Input, Modal, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, formErrorHandler } from '@/lib/form-errors';
import { focusFieldOnceOpen } from '@/lib/motion';
import type { useListParams } from '@/lib/use-list-params';
import { zodRules } from '@/lib/zod-rules';
import { useCreateSavedView, useDeleteSavedView, useRenameSavedView, useSavedViews } from './saved-views-api';

type ListState = Pick<ReturnType<typeof useListParams>, 'filters' | 'setFilters'>;
type Filters = Readonly<Record<string, string>>;

/** A view the page itself offers (a work queue), shown before the member's own. */
export interface PresetView {
  key: string;
  label: string;
  filters: Filters;
}

/** The filters set now, without the empty ones. */
const setFilters = (filters: Readonly<Record<string, string | undefined>>): Filters =>
  Object.fromEntries(Object.entries(filters).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ''));

const sameFilters = (a: Filters, b: Filters) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
};

const ALL = 'all';
const presetValue = (key: string) => `preset:${key}`;
const savedValue = (id: number) => `saved:${id}`;

/**
 * The views above a list: "All", the page's own presets, then the member's saved views (kept on
 * the server, so they follow the member to another device). Choosing one sets exactly its
 * filters and keeps the sort; the filters shown now can be saved under a name, and the chosen
 * saved view renamed or deleted. Any list page takes it with one line:
 * `<SavedViews list="orders" state={list} />`.
 */
export function SavedViews({ list, state, presets = [] }: { list: SavedFilterList; state: ListState; presets?: readonly PresetView[] }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const query = useSavedViews(list);
  const remove = useDeleteSavedView();
  const [editing, setEditing] = useState<'new' | SavedFilter | null>(null);
  const current = setFilters(state.filters as Record<string, string | undefined>);
  const saved = query.data?.items ?? [];

  const activePreset = presets.find((p) => sameFilters(p.filters, current));
  const activeSaved = saved.find((v) => sameFilters(v.filters, current));
  const nothingSet = Object.keys(current).length === 0;
  const value = nothingSet ? ALL : activeSaved ? savedValue(activeSaved.id) : activePreset ? presetValue(activePreset.key) : '';

  const apply = (filters: Filters) => {
    // Every filter of the list is cleared first, so a view shows exactly what it was saved with.
    const cleared = Object.fromEntries(Object.keys(state.filters).map((k) => [k, undefined]));
    state.setFilters({ ...cleared, ...filters });
  };
  const choose = (v: string) => {
    if (v === ALL) return apply({});
    const preset = presets.find((p) => presetValue(p.key) === v);
    if (preset) return apply(preset.filters);
    const view = saved.find((s) => savedValue(s.id) === v);
    if (view) apply(view.filters);
  };

  const confirmDelete = (view: SavedFilter) =>
    modal.confirm({
      title: t('saved-views.delete'),
      content: t('saved-views.delete.text', { name: view.name }),
      okText: t('saved-views.delete'),
      okButtonProps: { danger: true },
      cancelText: t('console.cancel'),
      onOk: () =>
        remove.mutateAsync({ id: view.id }).then(
          () => {
            void message.success(t('saved-views.deleted', { name: view.name }));
            apply({});
          },
          (e: unknown) => void message.error(errorText(e, t)),
        ),
    });

  const options = [
    { value: ALL, label: t('saved-views.all') },
    ...presets.map((p) => ({ value: presetValue(p.key), label: p.label })),
    ...saved.map((v) => ({ value: savedValue(v.id), label: <span style={{ whiteSpace: 'nowrap' }}>{v.name}</span> })),
  ];

  return (
    <div style={{ marginBottom: 12 }}>
      <Flex align="center" gap={8} wrap>
        <Segmented className="saved-views" aria-label={t('saved-views.label')} value={value} onChange={(v) => choose(String(v))} options={options} />
        {!nothingSet && !activeSaved && !activePreset ? (
          <Button icon={<SaveOutlined />} onClick={() => setEditing('new')}>
            {t('saved-views.save')}
          </Button>
        ) : null}
        {activeSaved ? (
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'rename', icon: <EditOutlined />, label: t('saved-views.rename'), onClick: () => setEditing(activeSaved) },
                { key: 'delete', icon: <DeleteOutlined />, danger: true, label: t('saved-views.delete'), onClick: () => confirmDelete(activeSaved) },
              ],
            }}
          >
            <Button icon={<MoreOutlined />} aria-label={t('saved-views.actions', { name: activeSaved.name })} title={t('saved-views.actions', { name: activeSaved.name })} />
          </Dropdown>
        ) : null}
      </Flex>
      {query.isError ? <Alert type="warning" showIcon style={{ marginTop: 8 }} title={t('saved-views.load-failed')} action={<Button size="small" onClick={() => void query.refetch()}>{t('console.retry')}</Button>} /> : null}
      {editing ? <NameDialog list={list} filters={current} view={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}

/** Names a new view of the filters shown now, or renames the chosen one. */
function NameDialog({ list, filters, view, onClose }: { list: SavedFilterList; filters: Filters; view: SavedFilter | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const create = useCreateSavedView();
  const rename = useRenameSavedView();
  const rules = zodRules(savedFilterCreateRequest, t);
  const onError = formErrorHandler(form, message, t);
  const submit = ({ name }: { name: string }) => {
    if (view) {
      rename.mutate({ id: view.id, name }, { onSuccess: (r) => { void message.success(t('saved-views.renamed', { name: r.name })); onClose(); }, onError });
    } else {
      create.mutate({ list, name, filters: { ...filters } }, { onSuccess: (r) => { void message.success(t('saved-views.saved', { name: r.name })); onClose(); }, onError });
    }
  };
  return (
    <Modal
      open
      title={view ? t('saved-views.rename') : t('saved-views.save.title')}
      okText={view ? t('saved-views.rename') : t('saved-views.save')}
      cancelText={t('console.cancel')}
      confirmLoading={create.isPending || rename.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterOpenChange={focusFieldOnceOpen(form, 'name')}
      destroyOnHidden
    >
      {view ? null : <Typography.Paragraph type="secondary">{t('saved-views.save.help')}</Typography.Paragraph>}
      <Form form={form} layout="vertical" initialValues={{ name: view?.name ?? '' }} onFinish={submit}>
        <Form.Item name="name" label={t('saved-views.name')} rules={rules('name')}>
          <Input maxLength={SAVED_FILTER_NAME_MAX} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
