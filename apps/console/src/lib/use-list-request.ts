import { z } from 'zod';
import { useListParams } from './use-list-params';

/** The request fields every list has; the rest of a list request's shape are its filters. */
const PAGING = new Set(['page', 'pageSize', 'sortField', 'sortOrder']);

type ListShape = z.ZodObject<{ page: z.ZodType; pageSize: z.ZodType; sortField: z.ZodType; sortOrder: z.ZodType }>;

/** The schema under optional / default / nullable: what a filter's value is. */
export function baseSchema(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault) return baseSchema(schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodPipe) return baseSchema(schema.in as z.ZodType);
  return schema;
}

/**
 * The values a choice filter offers, as the address writes them: an enum's, yes/no, or a small
 * whole-number range (stars); null for anything else.
 */
export function choicesOf(schema: z.ZodType): string[] | null {
  const base = baseSchema(schema);
  if (base instanceof z.ZodEnum) return base.options.map(String);
  if (base instanceof z.ZodBoolean) return ['true', 'false'];
  if (base instanceof z.ZodNumber && base.isInt && base.minValue !== null && base.maxValue !== null && base.maxValue - base.minValue < 12) {
    return Array.from({ length: base.maxValue - base.minValue + 1 }, (_, i) => String(base.minValue! + i));
  }
  return null;
}

/** The address keeps strings: a number or yes/no filter becomes its value again before the schema checks it. */
function fromAddress(schema: z.ZodType, raw: string): unknown {
  const base = baseSchema(schema);
  // Several values are comma-separated; a stale one is dropped, the rest still filter.
  if (base instanceof z.ZodArray) {
    const element = base.element as z.ZodType;
    return raw.split(',').map((one) => fromAddress(element, one)).filter((one) => element.safeParse(one).success);
  }
  if (base instanceof z.ZodNumber) return Number(raw);
  const choices: unknown[] = base instanceof z.ZodEnum ? base.options : base instanceof z.ZodLiteral ? [...base.values] : [];
  if (choices.some((o) => typeof o === 'number')) return Number(raw);
  if (base instanceof z.ZodBoolean) return raw === 'true' ? true : raw === 'false' ? false : raw;
  return raw;
}

/** One field of the address through its schema: a wrong or stale value is left out, so the request's default applies. */
export function parsed(schema: z.ZodType, raw: string | undefined): unknown {
  if (raw === undefined || raw === '') return undefined;
  const value = fromAddress(schema, raw);
  if (Array.isArray(value) && value.length === 0) return undefined;
  const result = schema.safeParse(value);
  return result.success ? result.data : undefined;
}

/**
 * A list page's state from the address, read through the list request's own schema: the filter
 * names are the schema's fields, each value is checked as the server will check it, and the
 * request (paging, sort and filters) is ready to send.
 */
export function useListRequest<S extends ListShape>(schema: S, defaults: { sortField?: string; sortOrder?: 'asc' | 'desc'; pageSize?: number } = {}, also: readonly string[] = []) {
  const shape = schema.shape as Record<string, z.ZodType>;
  const names = Object.keys(shape).filter((name) => !PAGING.has(name));
  // `also`: address parameters of the page that are not the request's (the open conversation, a view).
  const list = useListParams([...names, ...also], defaults);
  const request: Record<string, unknown> = {
    page: list.page,
    pageSize: list.pageSize,
    sortField: parsed(shape.sortField!, list.sortField),
    sortOrder: list.sortOrder,
  };
  for (const name of names) request[name] = parsed(shape[name]!, list.filters[name]);
  return { ...list, request: request as z.input<S> };
}

export type ListRequestState = ReturnType<typeof useListRequest>;
