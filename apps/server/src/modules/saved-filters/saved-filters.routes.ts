import { serverErrors } from '@simshop/contract';
import { handle } from '../../http/handlers.ts';
import type { StaffContext } from '../../http/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordSecurityEvent } from '../security/security-event.service.ts';
import * as views from './saved-filters.service.ts';

const member = (ctx: StaffContext): views.Member => ({ staffId: ctx.staff.staffId, role: ctx.staff.role });

/** A refusal for the list's permission is recorded as the dispatcher records its own. */
async function recorded<T>(ctx: StaffContext, action: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof AppError && err.def === serverErrors.permissionDenied) {
      await recordSecurityEvent(ctx.db, ctx.log, { kind: 'permission_denied', staffId: ctx.staff.staffId, account: ctx.staff.email, ip: ctx.ip, detail: `adminSavedFilter.${action}` }, ctx.now);
    }
    throw err;
  }
}

/** The console's saved views of its lists: each staff member's own. */
export const savedFilterHandlers = [
  handle('adminSavedFilter', 'list', (ctx, input) => recorded(ctx, 'list', () => views.listSavedFilters(ctx.db, member(ctx), input.list))),
  handle('adminSavedFilter', 'create', (ctx, input) => recorded(ctx, 'create', () => views.createSavedFilter(ctx.db, member(ctx), ctx.actor, input, ctx.now))),
  handle('adminSavedFilter', 'rename', (ctx, input) => recorded(ctx, 'rename', () => views.renameSavedFilter(ctx.db, member(ctx), ctx.actor, input, ctx.now))),
  handle('adminSavedFilter', 'delete', (ctx, input) => recorded(ctx, 'delete', () => views.deleteSavedFilter(ctx.db, member(ctx), ctx.actor, input.id, ctx.now))),
];
