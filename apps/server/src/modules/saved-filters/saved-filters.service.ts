import { roleCan, SAVED_FILTER_LIST_PERMISSIONS, SAVED_FILTERS_PER_LIST_MAX, serverErrors, type SavedFilter, type SavedFilterList, type StaffRole } from '@simshop/contract';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import * as views from './saved-filters.repository.ts';

/**
 * Saved views of the console's lists: each staff member's own, per list. A member keeps views
 * only of lists their role may read; another member's view is not found, exactly as a missing
 * one. Every change is audited (target `saved_filter`) in the transaction that makes it.
 */
export interface Member {
  staffId: number;
  role: StaffRole;
}

const toSavedFilter = (r: views.SavedFilterRow): SavedFilter => ({
  id: r.id,
  list: r.list as SavedFilterList,
  name: r.name,
  filters: JSON.parse(r.filters_json) as Record<string, string>,
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
});
const snapshot = (f: SavedFilter) => ({ list: f.list, name: f.name, filters: f.filters });
const nameKey = (name: string) => name.toLowerCase();

/** Refuses a member whose role may not read the list the views are of. */
function requireListAccess(member: Member, list: SavedFilterList) {
  if (!roleCan(member.role, SAVED_FILTER_LIST_PERMISSIONS[list])) throw new AppError(serverErrors.permissionDenied, 'list');
}

async function requireOwnView(db: Executor, member: Member, id: number) {
  const row = await views.findSavedFilter(db, member.staffId, id);
  if (!row) throw new AppError(serverErrors.savedFilterNotFound, 'id');
  const view = toSavedFilter(row);
  requireListAccess(member, view.list);
  return view;
}

async function refuseTakenName(db: Executor, member: Member, list: SavedFilterList, name: string, exceptId: number | null) {
  if (await views.findByNameKey(db, member.staffId, list, nameKey(name), exceptId)) throw new AppError(serverErrors.savedFilterNameTaken, 'name');
}

export async function listSavedFilters(db: Executor, member: Member, list: SavedFilterList) {
  requireListAccess(member, list);
  return { items: (await views.listSavedFilters(db, member.staffId, list)).map(toSavedFilter) };
}

export function createSavedFilter(db: Database, member: Member, actor: Actor, input: { list: SavedFilterList; name: string; filters: Record<string, string> }, now: number): Promise<SavedFilter> {
  requireListAccess(member, input.list);
  return db.transaction().execute(async (tx) => {
    if ((await views.countSavedFiltersForUpdate(tx, member.staffId, input.list)) >= SAVED_FILTERS_PER_LIST_MAX) {
      throw new AppError(serverErrors.savedFilterLimit, 'name', { max: SAVED_FILTERS_PER_LIST_MAX });
    }
    await refuseTakenName(tx, member, input.list, input.name, null);
    const row = await views.insertSavedFilter(tx, {
      staff_id: member.staffId,
      list: input.list,
      name: input.name,
      name_key: nameKey(input.name),
      filters_json: JSON.stringify(input.filters),
      created_at: now,
      updated_at: now,
    });
    const saved = toSavedFilter(row);
    await recordAudit(tx, actor, { action: 'saved_filter.create', targetType: 'saved_filter', targetId: saved.id, after: snapshot(saved) }, now);
    return saved;
  });
}

export function renameSavedFilter(db: Database, member: Member, actor: Actor, input: { id: number; name: string }, now: number): Promise<SavedFilter> {
  return db.transaction().execute(async (tx) => {
    const before = await requireOwnView(tx, member, input.id);
    if (before.name === input.name) throw new AppError(serverErrors.nothingChanged, 'name');
    await refuseTakenName(tx, member, before.list, input.name, input.id);
    const row = await views.renameSavedFilter(tx, member.staffId, input.id, input.name, nameKey(input.name), now);
    if (!row) throw new AppError(serverErrors.savedFilterNotFound, 'id');
    const saved = toSavedFilter(row);
    await recordAudit(tx, actor, { action: 'saved_filter.rename', targetType: 'saved_filter', targetId: saved.id, before: { name: before.name }, after: { name: saved.name } }, now);
    return saved;
  });
}

export function deleteSavedFilter(db: Database, member: Member, actor: Actor, id: number, now: number): Promise<{ id: number }> {
  return db.transaction().execute(async (tx) => {
    const before = await requireOwnView(tx, member, id);
    await views.deleteSavedFilter(tx, member.staffId, id);
    await recordAudit(tx, actor, { action: 'saved_filter.delete', targetType: 'saved_filter', targetId: id, before: snapshot(before) }, now);
    return { id };
  });
}
