import { Button, Input, TextArea } from 'antd-mobile';
import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { useTranslation } from '@/i18n';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import './application-form.css';

/** One field of an application: a line (of a kind), several lines, or a choice from a list. */
export interface ApplicationField<F extends string> {
  readonly name: F;
  readonly label: string;
  readonly kind?: 'text' | 'email' | 'tel' | 'url' | 'textarea' | 'select';
  readonly rows?: number;
  readonly maxLength?: number;
  /** For a choice: the values with their labels, the first one's label asking to choose. */
  readonly options?: readonly { readonly value: string; readonly label: string }[];
}

interface Props<F extends string, S extends z.ZodType> {
  schema: S;
  fields: readonly ApplicationField<F>[];
  initial: Record<F, string>;
  intro?: ReactNode;
  submitLabel: string;
  sentText: string;
  failedText: string;
  pending: boolean;
  send: (input: z.output<S>) => Promise<unknown>;
}

/**
 * A form that applies for something the shop's staff then decide (opening a shop, becoming a
 * reseller): checked by the contract's schema before it is sent, a refusal the server names by
 * field shown at that field, any other refusal as a toast.
 */
export function ApplicationForm<F extends string, S extends z.ZodType>({ schema, fields, initial, intro, submitLabel, sentText, failedText, pending, send }: Props<F, S>) {
  const { t } = useTranslation();
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const named = (field: string | undefined): field is F => fields.some((f) => f.name === field);
  const set = (name: F) => (value: string) => setForm((x) => ({ ...x, [name]: value }));

  const submit = async () => {
    const checked = schema.safeParse(form);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])) as Partial<Record<F, string>>);
      return;
    }
    setErrors({});
    try {
      await send(checked.data);
      toast.success(sentText);
    } catch (err) {
      const field = err instanceof ApiError ? (err.field ?? undefined) : undefined;
      if (err instanceof ApiError && named(field)) setErrors({ [field]: err.i18n ?? 'validation.invalid' } as Partial<Record<F, string>>);
      else toast.error(err instanceof ApiError && err.i18n ? t(err.i18n) : failedText);
    }
  };

  const control = (f: ApplicationField<F>) => {
    const id = `application-${f.name}`;
    if (f.kind === 'select')
      return (
        <select id={id} name={f.name} className="field-select" value={form[f.name]} aria-invalid={errors[f.name] ? true : undefined} onChange={(e) => set(f.name)(e.target.value)}>
          {(f.options ?? []).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      );
    if (f.kind === 'textarea') return <TextArea id={id} name={f.name} value={form[f.name]} rows={f.rows ?? 3} maxLength={f.maxLength} onChange={set(f.name)} />;
    return <Input id={id} name={f.name} type={f.kind ?? 'text'} value={form[f.name]} onChange={set(f.name)} />;
  };

  return (
    <form
      className="card form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {intro}
      {fields.map((f) => (
        <label key={f.name} className={errors[f.name] ? 'field field--error' : 'field'}>
          <span className="field-label">{f.label}</span>
          {control(f)}
          {errors[f.name] ? (
            <span className="field-error" role="alert">
              {t(errors[f.name]!)}
            </span>
          ) : null}
        </label>
      ))}
      <Button block color="primary" type="submit" loading={pending}>
        {submitLabel}
      </Button>
    </form>
  );
}
