import { SAVED_FILTER_NAME_MAX, SAVED_FILTERS_PER_LIST_MAX, serverErrors } from '@simshop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';

/** Saved views of the console's lists: each staff member's own, per list, audited. */
const t = useTestApp();
let owner: { staffId: number; token: string };
let operator: { staffId: number; token: string };
let support: { staffId: number; token: string };
beforeAll(async () => {
  [owner, operator, support] = await Promise.all([t.staffSignIn('owner'), t.staffSignIn('operator'), t.staffSignIn('support')]);
});

type Action = 'list' | 'create' | 'rename' | 'delete';
const call = <A extends Action>(action: A, body: unknown, token = operator.token) => t.call('adminSavedFilter', action, body as never, { token });
const parsed = (rows: Awaited<ReturnType<typeof t.auditOf>>) => rows.map((r) => ({ ...r, before: r.before_json ? JSON.parse(r.before_json) : null, after: r.after_json ? JSON.parse(r.after_json) : null }));

describe('saved views', () => {
  it('saves, lists, renames and deletes a view of a list, each with an audit row naming the member', async () => {
    const created = (await call('create', { list: 'orders', name: '  Paid eSIMs ', filters: { status: 'paid,delivered', kind: 'esim' } })).body.data;
    expect(created).toMatchObject({ list: 'orders', name: 'Paid eSIMs', filters: { status: 'paid,delivered', kind: 'esim' } });
    const second = (await call('create', { list: 'orders', name: 'Refunds', filters: { status: 'to_be_refunded' } })).body.data;
    // Per list: the products list has none of them.
    expect((await call('list', { list: 'orders' })).body.data.items.map((v) => v.name)).toEqual(['Paid eSIMs', 'Refunds']);
    expect((await call('list', { list: 'products' })).body.data.items).toEqual([]);

    const renamed = (await call('rename', { id: created.id, name: 'eSIMs paid' })).body.data;
    expect(renamed).toMatchObject({ id: created.id, name: 'eSIMs paid', filters: created.filters });
    // Only the case changed: still its own name, so allowed.
    expect((await call('rename', { id: second.id, name: 'refunds' })).body.data.name).toBe('refunds');
    expect((await call('delete', { id: second.id })).body.data).toEqual({ id: second.id });
    expect((await call('list', { list: 'orders' })).body.data.items.map((v) => v.id)).toEqual([created.id]);

    expect(parsed(await t.auditOf('saved_filter', created.id))).toMatchObject([
      { action: 'saved_filter.create', staff_id: operator.staffId, actor: 'operator@simshop.local', after: { list: 'orders', name: 'Paid eSIMs', filters: { status: 'paid,delivered', kind: 'esim' } } },
      { action: 'saved_filter.rename', staff_id: operator.staffId, before: { name: 'Paid eSIMs' }, after: { name: 'eSIMs paid' } },
    ]);
    expect(parsed(await t.auditOf('saved_filter', second.id)).map((r) => [r.action, r.before?.name ?? null])).toEqual([
      ['saved_filter.create', null],
      ['saved_filter.rename', 'Refunds'],
      ['saved_filter.delete', 'refunds'],
    ]);
  });

  it("keeps each member's views apart: another member's view is not found and stays as it was", async () => {
    const mine = (await call('create', { list: 'products', name: 'Off sale', filters: { onSale: 'false' } }, owner.token)).body.data;
    expect((await call('list', { list: 'products' })).body.data.items.map((v) => v.id)).not.toContain(mine.id);
    expect((await call('rename', { id: mine.id, name: 'Mine now' })).body).toMatchObject({ code: serverErrors.savedFilterNotFound.code, field: 'id' });
    expect((await call('delete', { id: mine.id })).body).toMatchObject({ code: serverErrors.savedFilterNotFound.code, field: 'id' });
    // The same name is free for another member.
    expect((await call('create', { list: 'products', name: 'Off sale', filters: { onSale: 'false' } })).body.data.name).toBe('Off sale');
    expect((await call('list', { list: 'products' }, owner.token)).body.data.items).toEqual([expect.objectContaining({ id: mine.id, name: 'Off sale' })]);
    expect((await t.auditOf('saved_filter', mine.id)).map((r) => r.action)).toEqual(['saved_filter.create']);
  });

  it('refuses bad input, a taken name and more than the limit with their catalogue errors, writing nothing', async () => {
    const first = (await call('create', { list: 'customers', name: 'Locked', filters: { status: 'locked' } })).body.data;
    const bad = [
      ['create', { list: 'stock', name: 'A', filters: { q: 'x' } }, serverErrors.paramInvalid, 'list'],
      ['create', { list: 'customers', name: '   ', filters: { q: 'x' } }, serverErrors.paramInvalid, 'name'],
      ['create', { list: 'customers', name: 'x'.repeat(SAVED_FILTER_NAME_MAX + 1), filters: { q: 'x' } }, serverErrors.paramInvalid, 'name'],
      ['create', { list: 'customers', name: 'Nothing', filters: {} }, serverErrors.paramInvalid, 'filters'],
      ['create', { list: 'customers', name: 'Odd key', filters: { 'a b': 'x' } }, serverErrors.paramInvalid, 'filters.a b'],
      ['create', { list: 'customers', name: 'Empty', filters: { q: '' } }, serverErrors.paramInvalid, 'filters.q'],
      ['create', { list: 'customers', name: 'A' }, serverErrors.paramMissing, 'filters'],
      ['create', { list: 'customers', name: 'LOCKED', filters: { q: 'x' } }, serverErrors.savedFilterNameTaken, 'name'],
      ['rename', { id: first.id, name: 'Locked' }, serverErrors.nothingChanged, 'name'],
      ['rename', { id: 999_999, name: 'A' }, serverErrors.savedFilterNotFound, 'id'],
      ['rename', { name: 'A' }, serverErrors.paramMissing, 'id'],
      ['delete', { id: 999_999 }, serverErrors.savedFilterNotFound, 'id'],
      ['delete', { id: -1 }, serverErrors.paramInvalid, 'id'],
      ['list', {}, serverErrors.paramMissing, 'list'],
    ] as const;
    for (const [action, body, def, field] of bad) {
      expect((await call(action, body)).body, `${action} ${JSON.stringify(body).slice(0, 80)}`).toMatchObject({ code: def.code, field });
    }
    const other = (await call('create', { list: 'customers', name: 'Other', filters: { q: 'x' } })).body.data;
    expect((await call('rename', { id: other.id, name: 'locked' })).body).toMatchObject({ code: serverErrors.savedFilterNameTaken.code, field: 'name' });

    for (let i = 2; i < SAVED_FILTERS_PER_LIST_MAX; i += 1) expect((await call('create', { list: 'customers', name: `View ${i}`, filters: { q: String(i) } })).body.code).toBe(0);
    const over = (await call('create', { list: 'customers', name: 'One too many', filters: { q: 'y' } })).body;
    expect(over).toMatchObject({ code: serverErrors.savedFilterLimit.code, field: 'name', data: { max: SAVED_FILTERS_PER_LIST_MAX } });
    expect((await call('list', { list: 'customers' })).body.data.items).toHaveLength(SAVED_FILTERS_PER_LIST_MAX);
    // The limit is per list.
    expect((await call('create', { list: 'coupons', name: 'One too many', filters: { q: 'y' } })).body.code).toBe(0);
    const written = await t.db.selectFrom('audit_log').select('target_id').where('target_type', '=', 'saved_filter').where('action', '=', 'saved_filter.create').execute();
    const names = (await t.db.selectFrom('saved_filter').select('name').where('staff_id', '=', operator.staffId).where('list', '=', 'customers').execute()).map((r) => r.name);
    expect(names).not.toContain('One too many');
    expect(written.length).toBeGreaterThanOrEqual(SAVED_FILTERS_PER_LIST_MAX);
  });

  it('lets parallel saves fill the last places of a list and no more', async () => {
    for (let i = 0; i < SAVED_FILTERS_PER_LIST_MAX - 3; i += 1) expect((await call('create', { list: 'audit', name: `Kept ${i}`, filters: { q: String(i) } }, owner.token)).body.code).toBe(0);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => call('create', { list: 'audit', name: `Race ${i}`, filters: { q: `r${i}` } }, owner.token)));
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(3);
    expect(answers.filter((a) => a.body.code === serverErrors.savedFilterLimit.code)).toHaveLength(7);
    expect((await call('list', { list: 'audit' }, owner.token)).body.data.items).toHaveLength(SAVED_FILTERS_PER_LIST_MAX);
  });

  it('refuses a member whose role may not read the list, and records the refusal', async () => {
    // Support reads orders but not payments; the owner's payments view stays out of reach too.
    const ownerView = (await call('create', { list: 'payments', name: 'Failed', filters: { status: 'failed' } }, owner.token)).body.data;
    expect((await call('list', { list: 'payments' }, support.token)).body).toMatchObject({ code: serverErrors.permissionDenied.code });
    expect((await call('create', { list: 'payments', name: 'Failed', filters: { status: 'failed' } }, support.token)).body).toMatchObject({ code: serverErrors.permissionDenied.code });
    expect((await call('create', { list: 'orders', name: 'Support view', filters: { status: 'paid' } }, support.token)).body.code).toBe(0);
    expect((await call('delete', { id: ownerView.id }, support.token)).body.code).toBe(serverErrors.savedFilterNotFound.code);
    expect((await t.db.selectFrom('saved_filter').select('id').where('staff_id', '=', support.staffId).where('list', '=', 'payments').execute())).toEqual([]);
    const events = await t.db.selectFrom('security_events').select(['kind', 'detail']).where('staff_id', '=', support.staffId).where('detail', 'like', 'adminSavedFilter.%').orderBy('id').execute();
    expect(events).toEqual([
      { kind: 'permission_denied', detail: 'adminSavedFilter.list' },
      { kind: 'permission_denied', detail: 'adminSavedFilter.create' },
    ]);
    // Not signed in: no views at all.
    expect((await t.call('adminSavedFilter', 'list', { list: 'orders' })).body.code).toBe(serverErrors.unauthenticated.code);
  });
});
