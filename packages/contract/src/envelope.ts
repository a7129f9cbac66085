import { z } from 'zod';
import type { ErrorDef } from './errors.ts';

/**
 * Every /fetch response is HTTP 200 (401 for a lost session) with this envelope (DESIGN §3).
 * Success is status 200 and code 0; a failure carries the catalogue's code, i18n key and an
 * English msg. `total` carries counters (the cart count) where a call changes them.
 */
export const totalSchema = z.object({ cart: z.number().int().nonnegative() });
export type Total = z.infer<typeof totalSchema>;

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({
    status: z.number().int(),
    code: z.number().int(),
    data,
    msg: z.string(),
    i18n: z.string(),
    total: totalSchema.optional(),
    /** The field a validation failure is about, when there is one. */
    field: z.string().optional(),
  });

export interface Envelope<T> {
  status: number;
  code: number;
  data: T;
  msg: string;
  i18n: string;
  total?: Total;
  field?: string;
}

export const SUCCESS_STATUS = 200;
export const SUCCESS_CODE = 0;

export function ok<T>(data: T, total?: Total): Envelope<T> {
  return total ? { status: 200, code: 0, data, msg: 'ok', i18n: 'common.success', total } : { status: 200, code: 0, data, msg: 'ok', i18n: 'common.success' };
}

export function fail(error: ErrorDef, field?: string, data: unknown = null): Envelope<unknown> {
  const msg = field ? `${error.en}: ${field}` : error.en;
  return field === undefined
    ? { status: error.status, code: error.code, data, msg, i18n: error.i18n }
    : { status: error.status, code: error.code, data, msg, i18n: error.i18n, field };
}

/** SPEC §7: success means status 200 or code 0. */
export function isSuccess(body: { status?: unknown; code?: unknown }): boolean {
  return body.status === SUCCESS_STATUS || body.code === SUCCESS_CODE;
}
