import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { z } from 'zod';

/** An empty input sends nothing: antd gives '' or null for a cleared field. */
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** What the form needs of a zod issue, whether the browser or the server found it. */
export interface FieldProblem {
  code?: string | undefined;
  message?: string | undefined;
}

/**
 * The text key for a field's first problem, one mapping for both sides: a contract rule that
 * names its own text (`validation.*`) keeps it, a length or count over the limit says so, a
 * missing value is "required", anything else "not valid". The server's refusal carries the same
 * issue, so a field reads the same whether the browser or the server stopped it.
 */
export function problemKey(problem: FieldProblem | undefined, value: unknown): string {
  if (problem?.message?.startsWith('validation.')) return problem.message;
  if (blankToUndefined(value) === undefined) return 'validation.required';
  if (problem?.code === 'too_big' && typeof value === 'string') return 'validation.too_long';
  if (problem?.code === 'too_big' && Array.isArray(value)) return 'validation.too_many';
  return 'validation.invalid';
}

/**
 * The schema of one field of a request, by its dotted path; arrays are stepped through, and a
 * union (a link of several kinds) by the kinds that have the field: one kind's own field is
 * that kind's schema, a field every kind has (the kind itself) accepts what any of them accepts.
 */
export function fieldSchema(schema: z.ZodType, path: string): z.ZodType {
  let at: z.ZodType = schema;
  for (const key of path.split('.')) {
    const found = objectsOf(at).flatMap((object) => {
      const next = (object.shape as Record<string, z.ZodType | undefined>)[key];
      return next ? [next] : [];
    });
    const [first, ...more] = found;
    if (!first) throw new Error(`zod-rules: no field ${path}`);
    at = more.length === 0 ? first : z.union([first, ...more]);
  }
  return at;
}

/** The objects a value of this schema can be: itself, an array's element, each kind of a union. */
function objectsOf(schema: z.ZodType): z.ZodObject[] {
  const inner = unwrap(schema);
  if (inner instanceof z.ZodArray) return objectsOf(inner.element as z.ZodType);
  if (inner instanceof z.ZodUnion) return (inner.options as readonly z.ZodType[]).flatMap(objectsOf);
  return inner instanceof z.ZodObject ? [inner] : [];
}

function unwrap(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault) return unwrap(schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodPipe) return unwrap(schema.in as z.ZodType);
  return schema;
}

export interface ZodRuleOptions {
  /** The form's own, more specific text for any problem with this field. */
  message?: string;
  /** The form's own text for an empty field only (what to pick); other problems keep the schema's. */
  requiredMessage?: string;
  /** The value as the request sends it, when the form holds it otherwise (major units, a date). */
  toWire?: (value: unknown) => unknown;
  /**
   * Overrides what the schema says about an absent value: true when the server needs the field
   * in this case only (a code once two-step sign-in is on), false when the page fills it in.
   */
  required?: boolean;
}

/**
 * An antd rule whose check is the contract's own schema for the field: the asterisk shows when
 * the schema refuses an absent (or, for a text, empty) value, and the message is the first
 * issue's text.
 */
export function zodRule(schema: z.ZodType, t: TFunction, options: ZodRuleOptions = {}): FormRule {
  const required = options.required ?? (!schema.safeParse(undefined).success && !schema.safeParse('').success);
  return {
    required,
    validator: async (_rule, raw: unknown) => {
      const value = blankToUndefined(raw);
      if (value === undefined) {
        if (required) throw new Error(options.message ?? options.requiredMessage ?? t(problemKey(undefined, value)));
        return;
      }
      const result = schema.safeParse(options.toWire ? options.toWire(value) : value);
      if (result.success) return;
      const issue = result.error.issues[0];
      // Only spaces is empty too, once the schema trims it.
      const blank = typeof value === 'string' && value.trim() === '';
      throw new Error(options.message ?? (blank ? options.requiredMessage : undefined) ?? t(problemKey(issue, blank ? undefined : value)));
    },
  };
}

/**
 * The rules of a form that sends `request`: `rules('name')` gives the field's rule list, with the
 * form's own message or wire conversion where it has one.
 */
export function zodRules(request: z.ZodType, t: TFunction) {
  return (path: string, options?: ZodRuleOptions): FormRule[] => [zodRule(fieldSchema(request, path), t, options)];
}
