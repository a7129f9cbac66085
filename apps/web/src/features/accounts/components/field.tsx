import type { ReactNode } from 'react';
import { useTranslation } from '@/i18n';
import type { z } from 'zod';

/** A labelled form row with its translated validation message under it. */
export function Field({ label, error, children }: { label: string; error?: string | null | undefined; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <label className={error ? 'field field--error' : 'field'}>
      <span className="field-label">{label}</span>
      {children}
      {error ? (
        <span className="field-error" role="alert">
          {t(error)}
        </span>
      ) : null}
    </label>
  );
}

/** The i18n key of the first problem with a value, or null: the contract's rule decides. */
export function problemOf(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'validation.invalid');
}

/** The message for a server failure about one field: the rule's own key when the server names it. */
export function serverFieldMessage(err: { i18n: string | null; data: unknown }): string | null {
  const issues = (err.data as { issues?: Array<{ message?: string }> } | null)?.issues;
  const message = issues?.[0]?.message;
  return message?.startsWith('validation.') ? message : err.i18n;
}
