import { serverErrors, type BulkError, type BulkOutcome, type BulkResult } from '@simshop/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from './app-error.ts';

/**
 * Runs a bulk action one object after another, each in the transaction its own `run` opens, so
 * one object's refusal leaves the others done; collects, in the order asked, done or the
 * catalogue error that object got. An unexpected failure is logged and reported as the server
 * error for that object only (the ones before it are already committed). It does not retry.
 */
export async function eachInTurn(items: ReadonlyArray<{ ref: string; run: () => Promise<unknown> }>, log: FastifyBaseLogger): Promise<BulkResult> {
  const results: BulkOutcome[] = [];
  for (const item of items) {
    try {
      await item.run();
      results.push({ ref: item.ref, ok: true, error: null });
    } catch (err) {
      if (!(err instanceof AppError)) log.error({ err, ref: item.ref }, 'bulk action failed on one object');
      results.push({ ref: item.ref, ok: false, error: bulkError(err) });
    }
  }
  const done = results.filter((r) => r.ok).length;
  return { results, done, failed: results.length - done };
}

/** A thrown error as one object's outcome carries it: the catalogue's entry, its field and data. */
export function bulkError(err: unknown): BulkError {
  const appError = err instanceof AppError ? err : new AppError(serverErrors.serverError);
  const { def, field, data } = appError;
  return { code: def.code, i18n: def.i18n, msg: field ? `${def.en}: ${field}` : def.en, ...(field === undefined ? {} : { field }), ...(data === undefined || data === null ? {} : { data }) };
}

/**
 * The audit row that sums up a bulk call (each object's own change has its row already): which
 * objects were done, which failed and with what error. It is written even when all failed, so
 * the attempt is on record.
 */
export function bulkSummary(action: string, result: BulkResult, detail: Record<string, unknown> = {}) {
  return {
    action,
    targetType: 'bulk',
    targetId: `${result.done}/${result.results.length}`,
    after: { ...detail, done: result.results.filter((r) => r.ok).map((r) => r.ref), failed: result.results.filter((r) => !r.ok).map((r) => ({ ref: r.ref, error: r.error?.i18n })) },
  };
}
