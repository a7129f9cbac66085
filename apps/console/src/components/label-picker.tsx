import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { localText } from '@/lib/format';
import { useLabelList } from '@/lib/label-list';
import { LabelTag } from './label-tag';

/** The product editor's label choice: the shop's labels, shown as the shop shows them. */
export function LabelPicker({ value, onChange, id }: { value?: number[]; onChange?: (ids: number[]) => void; id?: string }) {
  const { t, i18n } = useTranslation();
  const labels = useLabelList();
  const byId = new Map((labels.data?.items ?? []).map((l) => [l.id, l]));
  return (
    <Select
      id={id}
      mode="multiple"
      allowClear
      loading={labels.isPending}
      value={value ?? []}
      onChange={(ids: number[]) => onChange?.(ids)}
      placeholder={t('labels.picker.placeholder')}
      notFoundContent={t('labels.picker.none')}
      optionFilterProp="label"
      maxCount={10}
      options={(labels.data?.items ?? []).map((l) => ({ value: l.id, label: `${l.text.en} / ${l.text.zh}` }))}
      optionRender={(option) => {
        const label = byId.get(Number(option.value));
        return label ? <LabelTag label={label} lang={i18n.language} /> : option.label;
      }}
      tagRender={({ value: v, closable, onClose }) => {
        const label = byId.get(Number(v));
        return label ? <LabelTag label={label} lang={i18n.language} closable={closable} onClose={onClose} /> : <span>{localText({ en: String(v), zh: String(v) }, i18n.language)}</span>;
      }}
    />
  );
}
