import { useQuery } from '@tanstack/react-query';
import { useLanguage, useTranslation } from '@/i18n';
import { labelListQuery } from '@/features/labels/api/list-labels';
import './product-labels.css';

/** Chips to narrow a product list to one label ("All" clears it); nothing when the shop has no labels. */
export function LabelFilter({ value, onChange }: { value: number | undefined; onChange: (labelId: number | undefined) => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const labels = useQuery(labelListQuery(lang));
  const items = labels.data?.items ?? [];
  if (!items.length) return null;
  const chip = (id: number | undefined, text: string, color?: string) => {
    const on = value === id;
    return (
      <button
        key={id ?? 'all'}
        type="button"
        aria-pressed={on}
        className={on ? 'label-chip label-chip--on' : 'label-chip'}
        style={on && color ? { background: color, borderColor: color } : undefined}
        onClick={() => onChange(id)}
      >
        {color ? <span className="label-chip-dot" style={{ background: color }} aria-hidden /> : null}
        {text}
      </button>
    );
  };
  return (
    <div className="label-filter" role="group" aria-label={t('label.filter')}>
      {chip(undefined, t('label.all'))}
      {items.map((l) => chip(l.id, l.text, l.color))}
    </div>
  );
}
