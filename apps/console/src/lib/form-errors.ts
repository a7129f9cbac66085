import { App, type FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ApiError } from './api-client';
import { problemKey, type FieldProblem } from './zod-rules';

/** The catalogue errors of a request its schema refused; their issues name the rule that failed. */
const SCHEMA_REFUSALS = new Set(['res.param.missing', 'res.param.invalid']);

/**
 * Puts a server refusal next to the field it names (the envelope's `field`, e.g. `skus.0.price`
 * maps to the form path ['skus', 0, 'price']); returns false when the error names no field of
 * this form, so the caller shows it as a message instead. A schema refusal reads as the same
 * check in the browser would have (see zod-rules).
 */
export function showFieldError(form: FormInstance, error: unknown, t: TFunction): boolean {
  if (!(error instanceof ApiError) || !error.field) return false;
  const name = error.field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  const known = form.getFieldsValue(true) as Record<string, unknown>;
  let probe: unknown = known;
  for (const part of name) {
    if (typeof probe !== 'object' || probe === null || !(part in (probe as object))) return false;
    probe = (probe as Record<string | number, unknown>)[part];
  }
  const data = error.data && typeof error.data === 'object' ? (error.data as Record<string, unknown>) : {};
  const issue = (data.issues as FieldProblem[] | undefined)?.[0];
  const text = SCHEMA_REFUSALS.has(error.i18n) && issue ? t(problemKey(issue, probe)) : t(error.i18n, data);
  form.setFields([{ name, errors: [text] }]);
  return true;
}

/** The text to show for any failure: the catalogue's message in the current language. */
export function errorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) return t(error.i18n, error.data && typeof error.data === 'object' ? (error.data as Record<string, unknown>) : {});
  return t('console.error.load');
}

/** The usual onError of a form's mutation: by the field when the server names one, else a message. */
export function formErrorHandler(form: FormInstance, message: { error: (text: string) => unknown }, t: TFunction): (error: unknown) => void {
  return (error) => {
    if (!showFieldError(form, error, t)) void message.error(errorText(error, t));
  };
}

/**
 * What a form's mutation reports when it ends: on success the text it says (the answer may shape
 * it) and what follows (close the dialog, empty the form); a refusal as formErrorHandler shows it.
 */
export function useFormOutcome(form: FormInstance) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return <R = unknown>(done: string | ((answer: R) => string), then?: (answer: R) => void) => ({
    onSuccess: (answer: R) => {
      void message.success(typeof done === 'function' ? done(answer) : done);
      then?.(answer);
    },
    onError: formErrorHandler(form, message, t),
  });
}
