import { fail, merchantScopeOf, serverErrors } from '@simshop/contract';
import type { Executor } from '../../db/database.ts';
import { NOT_FOUND_OF, ownerOf } from './merchant.service.ts';

/**
 * The dispatcher's merchant check for a staff member of a merchant, before the body
 * is validated or the handler runs: platform-only actions (and any action the scope table does
 * not know) answer the permission error; an action on one object answers that object's
 * not-found error unless the object is this merchant's — also when it does not exist at all, so
 * the answer never tells whether another merchant's object is there. List and create actions
 * pass; their handlers filter by or assign `ctx.staff.merchantId`. Null: go on.
 */
export async function merchantScopeRefusal(db: Executor, endpoint: string, action: string, merchantId: number, rawBody: string): Promise<ReturnType<typeof fail> | null> {
  const scope = merchantScopeOf(endpoint, action);
  if (scope === undefined || scope === 'platform') return fail(serverErrors.permissionDenied);
  if (typeof scope === 'string') return null;
  let key: unknown;
  try {
    key = rawBody.trim() === '' ? undefined : (JSON.parse(rawBody) as Record<string, unknown> | null)?.[scope.field];
  } catch {
    return null; // not JSON: the validation step answers
  }
  // Missing: the validation step names the required field.
  if (key === undefined) return null;
  const owner = typeof key === 'number' || typeof key === 'string' ? await ownerOf(db, scope.object, key) : undefined;
  return owner === merchantId ? null : fail(NOT_FOUND_OF[scope.object], scope.field);
}
