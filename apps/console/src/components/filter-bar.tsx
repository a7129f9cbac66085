import { DatePicker, Input, Segmented, Select, Space } from 'antd';
import type { TFunction } from 'i18next';
import { Fragment, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { dayjsRange, rangeToMillis } from '@/lib/date-range';
import { baseSchema, choicesOf } from '@/lib/use-list-request';
import type { useListParams } from '@/lib/use-list-params';

/**
 * One filter a page shows, by the list request's field, with text keys: its label, and for a
 * choice the words of each value, as a key prefix (`blog.category.` + value), a key per value,
 * or a function for words that need more than a key (a count, a code shown as it is). The values
 * themselves (an enum's, yes/no, a small whole-number range) come from the schema; `reverse`
 * lists them the other way round (ratings from five stars down), `segmented` shows a choice that
 * always has a value as buttons. `range` is a date range over two epoch-millisecond fields.
 */
export type FilterDecl =
  | {
      name: string;
      label: string;
      optionLabels?: string | Readonly<Record<string, string>> | ((value: string, t: TFunction) => string);
      width?: number;
      reverse?: boolean;
      segmented?: boolean;
    }
  | { range: readonly [string, string]; label: string }
  /** A page's own control for what the schema cannot say (one select behind two request fields). */
  | { key: string; control: ReactNode };

type ListState = Pick<ReturnType<typeof useListParams>, 'filters' | 'setFilters'>;
type FieldDecl = Extract<FilterDecl, { name: string }>;

/**
 * A list's filter bar from its request schema: a text field is a search box, an enum a select
 * with its values' words, a list of an enum a select of several, a yes/no a select of the two;
 * the page says only which fields to show and their labels. Values live in the address
 * (useListRequest reads them back through the same schema; several values are comma-separated).
 */
export function FilterBar({ schema, fields, list }: { schema: z.ZodObject; fields: readonly FilterDecl[]; list: ListState }) {
  const { t } = useTranslation();
  const shape = schema.shape as Record<string, z.ZodType>;
  const filters = list.filters as Record<string, string | undefined>;
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      {fields.map((field) => {
        if ('control' in field) return <Fragment key={field.key}>{field.control}</Fragment>;
        if ('range' in field) {
          const [from, to] = field.range;
          return <DatePicker.RangePicker key={from} aria-label={t(field.label)} value={dayjsRange(filters[from], filters[to])} onChange={(range) => { const r = rangeToMillis(range); list.setFilters({ [from]: r.from, [to]: r.to }); }} />;
        }
        const schemaOf = shape[field.name];
        if (!schemaOf) throw new Error(`filter-bar: the list request has no field ${field.name}`);
        return <FieldControl key={field.name} field={field} schema={schemaOf} value={filters[field.name]} set={(value) => list.setFilters({ [field.name]: value })} t={t} />;
      })}
    </Space>
  );
}

function FieldControl({ field, schema, value, set, t }: { field: FieldDecl; schema: z.ZodType; value: string | undefined; set: (value: string | undefined) => void; t: TFunction }) {
  const base = baseSchema(schema);
  const label = t(field.label);
  if (base instanceof z.ZodString) {
    return <SearchBox label={label} value={value} set={set} width={field.width ?? 260} />;
  }
  const several = base instanceof z.ZodArray;
  const values = choicesOf(several ? (base.element as z.ZodType) : base);
  if (!values) throw new Error(`filter-bar: no control for ${field.name}`);
  if (field.reverse) values.reverse();
  const words = field.optionLabels ?? { true: 'console.yes', false: 'console.no' };
  const word = (v: string) => (typeof words === 'function' ? words(v, t) : t(typeof words === 'string' ? `${words}${v}` : (words[v] ?? v)));
  const options = values.map((v) => ({ value: v, label: word(v) }));
  if (field.segmented) {
    // A choice with a default always has one: the default shows chosen when the address has none.
    const shown = value !== undefined && values.includes(value) ? value : String(schema.safeParse(undefined).data ?? '');
    return <Segmented aria-label={label} value={shown} onChange={(v) => set(String(v))} options={options} />;
  }
  if (several) {
    const chosen = (value ?? '').split(',').filter((v) => values.includes(v));
    return (
      <Select
        mode="multiple"
        allowClear
        maxTagCount="responsive"
        optionFilterProp="label"
        placeholder={label}
        aria-label={label}
        value={chosen}
        onChange={(v: string[]) => set(v.join(','))}
        style={{ width: field.width ?? 260 }}
        options={options}
      />
    );
  }
  return <Select allowClear placeholder={label} aria-label={label} value={value} onChange={set} style={{ width: field.width ?? 160 }} options={options} />;
}

/** A search box that shows what is typed, and the address again when a reset or a link changes it. */
function SearchBox({ label, value, set, width }: { label: string; value: string | undefined; set: (value: string) => void; width: number }) {
  const [text, setText] = useState(value ?? '');
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value ?? '');
  }
  return <Input.Search allowClear placeholder={label} aria-label={label} value={text} onChange={(e) => setText(e.target.value)} onSearch={set} style={{ width }} />;
}
