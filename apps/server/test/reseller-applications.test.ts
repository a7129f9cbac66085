import { Role, serverErrors, type StaffRole } from '@simshop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';

const t = useTestApp();
let support: string;
let owner: string;
beforeAll(async () => {
  [support, owner] = await Promise.all([t.staffSignIn('support'), t.staffSignIn('owner')]).then((s) => s.map((x) => x.token));
});

let serial = 0;
const form = (over: Record<string, unknown> = {}) => {
  serial += 1;
  return {
    businessName: `Wanderlust Travel ${serial}`,
    contactName: 'Li Na',
    contactEmail: `Sales${serial}@Wanderlust.example`,
    contactPhone: '+852 9123 4567',
    country: 'HK',
    businessType: 'travel_agency',
    monthlyVolume: '50_200',
    website: 'https://wanderlust.example',
    note: '',
    ...over,
  };
};

const mine = (token: string) => t.call('user', 'reseller_application', {}, { token });
const apply = (token: string, body: Record<string, unknown>) => t.call('user', 'reseller_apply', body, { token });
const rows = (userId: number) => t.db.selectFrom('reseller_applications').selectAll().where('user_id', '=', userId).orderBy('id').execute();
const mailsTo = async (to: string) =>
  (await t.db.selectFrom('outbox').select('payload').where('topic', '=', 'mail.send').orderBy('id').execute()).map((r) => JSON.parse(r.payload) as { to: string; subject: string; text: string }).filter((m) => m.to === to);

describe('applying in the shop', () => {
  it('sends an application once, shows it, and refuses a second while it is under review', async () => {
    const { userId, token } = await t.signIn();
    expect((await mine(token)).body.data).toEqual({ application: null, canApply: true, canCreateReseller: false });

    const body = form();
    const sent = await apply(token, body);
    expect(sent.body.code).toBe(0);
    expect(sent.body.data).toMatchObject({ businessName: body.businessName, contactEmail: body.contactEmail.toLowerCase(), country: 'HK', status: 'pending', rejectReason: null, decidedAt: null });
    expect((await mine(token)).body.data).toMatchObject({ application: { id: sent.body.data!.id, status: 'pending' }, canApply: false });

    expect((await apply(token, form())).body.code).toBe(serverErrors.resellerApplicationOpen.code);
    expect(await rows(userId)).toHaveLength(1);
  });

  it('opens one application when two are sent at once', async () => {
    const { userId, token } = await t.signIn();
    const codes = (await Promise.all([apply(token, form()), apply(token, form())])).map((r) => r.body.code).sort((a, b) => a - b);
    expect(codes).toEqual([0, serverErrors.resellerApplicationOpen.code]);
    expect(await rows(userId)).toHaveLength(1);
  });

  it('refuses bad input by field and writes nothing', async () => {
    const { userId, token } = await t.signIn();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ businessName: ' ' }, 'businessName'],
      [{ contactEmail: 'not-an-email' }, 'contactEmail'],
      [{ contactPhone: 'call me' }, 'contactPhone'],
      [{ country: 'XX' }, 'country'],
      [{ businessType: 'bank' }, 'businessType'],
      [{ monthlyVolume: '' }, 'monthlyVolume'],
      [{ website: 'javascript:alert(1)' }, 'website'],
      [{ website: '', note: '' }, 'note'],
      [{ note: 'x'.repeat(1001) }, 'note'],
      // A field the form does not have is refused as a whole.
      [{ role: Role.reseller }, 'body'],
    ];
    for (const [over, field] of cases) {
      const res = await apply(token, form(over));
      expect(res.body, JSON.stringify(over)).toMatchObject({ code: serverErrors.paramInvalid.code, field });
    }
    expect(await rows(userId)).toHaveLength(0);
    // A note alone is enough.
    expect((await apply(token, form({ website: '', note: 'We run two phone shops in Mong Kok.' }))).body.code).toBe(0);
  });

  it('refuses a reseller account and a signed-out caller', async () => {
    for (const role of [Role.reseller, Role.resellerEsim, Role.foreignReseller]) {
      // A reseller signed in as a regular customer is still a reseller.
      const { userId, token } = await t.signIn(role, 'regular');
      expect((await mine(token)).body.data).toEqual({ application: null, canApply: false, canCreateReseller: false });
      expect((await apply(token, form())).body.code).toBe(serverErrors.resellerAlready.code);
      expect(await rows(userId)).toHaveLength(0);
    }
    expect((await apply('', form())).body.code).toBe(serverErrors.unauthenticated.code);
  });

  it('says when the account may create its reseller account at once', async () => {
    const { userId, token } = await t.signIn();
    await t.db.updateTable('users').set({ can_create_reseller: 1 }).where('id', '=', userId).execute();
    expect((await mine(token)).body.data).toMatchObject({ canApply: true, canCreateReseller: true });
  });
});

describe('deciding in the console', () => {
  it('approves: the role becomes reseller, sessions end, the application is approved, audited and the applicant is told', async () => {
    const { userId, token } = await t.signIn();
    const body = form();
    const id = (await apply(token, body)).body.data!.id;

    const listed = (await t.call('adminResellerApplication', 'list', { status: 'pending', q: body.businessName }, { token: support })).body.data!;
    expect(listed).toMatchObject({ total: 1, items: [{ id, status: 'pending', applicant: { userId, role: Role.normal }, decidedBy: null, version: 1 }] });

    const approved = await t.call('adminResellerApplication', 'approve', { id, version: 1 }, { token: support });
    expect(approved.body.data).toMatchObject({ id, status: 'approved', decidedBy: 'support@simshop.local', decidedAt: expect.any(Number), applicant: { userId, role: Role.reseller }, version: 2 });
    expect((await t.db.selectFrom('users').select('role').where('id', '=', userId).executeTakeFirstOrThrow()).role).toBe(Role.reseller);
    // A new role takes effect at once: the customer signs in again, at the reseller sign-in.
    expect((await mine(token)).body.code).toBe(serverErrors.sessionExpired.code);

    expect((await t.auditOf('reseller_application', id)).map((a) => [a.action, a.actor, JSON.parse(a.after_json!)])).toEqual([
      ['reseller_application.approve', 'support@simshop.local', { status: 'approved', rejectReason: null, userId }],
    ]);
    expect((await t.auditOf('customer', userId)).map((a) => [a.action, JSON.parse(a.after_json!)])).toEqual([['customer.update', { role: Role.reseller }]]);
    const [mail] = await mailsTo(body.contactEmail.toLowerCase());
    expect(mail!.subject).toContain('approved');
    expect(mail!.text).toContain('/uni/pages/mine/reseller-apply');

    // Decided once: a second decision, or one on an old version, is refused and changes nothing.
    expect((await t.call('adminResellerApplication', 'reject', { id, version: 2, reason: 'no' }, { token: support })).body.code).toBe(serverErrors.resellerApplicationDecided.code);
    expect((await t.call('adminResellerApplication', 'approve', { id, version: 1 }, { token: support })).body.code).toBe(serverErrors.changedBySomeoneElse.code);
    expect(await t.auditOf('reseller_application', id)).toHaveLength(1);
  });

  it('rejects with a reason the customer reads; the customer may apply again', async () => {
    const { userId, token } = await t.signIn();
    const body = form();
    const id = (await apply(token, body)).body.data!.id;
    expect((await t.call('adminResellerApplication', 'reject', { id, version: 1, reason: ' ' }, { token: owner })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'reason' });

    const rejected = await t.call('adminResellerApplication', 'reject', { id, version: 1, reason: 'Please add your business licence number in the note' }, { token: owner });
    expect(rejected.body.data).toMatchObject({ status: 'rejected', rejectReason: 'Please add your business licence number in the note', decidedBy: 'owner@simshop.local' });
    expect((await t.db.selectFrom('users').select('role').where('id', '=', userId).executeTakeFirstOrThrow()).role).toBe(Role.normal);
    expect((await mine(token)).body.data).toMatchObject({ application: { id, status: 'rejected', rejectReason: 'Please add your business licence number in the note' }, canApply: true });
    expect((await mailsTo(body.contactEmail.toLowerCase()))[0]!.text).toContain('business licence number');
    expect((await t.auditOf('reseller_application', id)).map((a) => a.action)).toEqual(['reseller_application.reject']);

    const again = await apply(token, form({ note: 'Licence 12345678' }));
    expect(again.body.data).toMatchObject({ status: 'pending' });
    expect((await mine(token)).body.data).toMatchObject({ application: { id: again.body.data!.id, status: 'pending' }, canApply: false });
    expect((await rows(userId)).map((r) => r.status)).toEqual(['rejected', 'pending']);
  });

  it('approves an applicant whom staff made a reseller meanwhile without changing the role again', async () => {
    const { userId, token } = await t.signIn();
    const id = (await apply(token, form())).body.data!.id;
    await t.call('adminCustomer', 'update', { id: userId, role: Role.foreignReseller }, { token: support });
    expect((await t.call('adminResellerApplication', 'approve', { id, version: 1 }, { token: support })).body.data).toMatchObject({ status: 'approved', applicant: { role: Role.foreignReseller } });
    expect((await t.auditOf('customer', userId)).map((a) => a.action)).toEqual(['customer.update']);
  });

  it('answers not found for an unknown id and shows one application', async () => {
    const { token } = await t.signIn();
    const id = (await apply(token, form())).body.data!.id;
    expect((await t.call('adminResellerApplication', 'detail', { id }, { token: support })).body.data).toMatchObject({ id, status: 'pending' });
    expect((await t.call('adminResellerApplication', 'detail', { id: 999_999 }, { token: support })).body).toMatchObject({ code: serverErrors.resellerApplicationNotFound.code, field: 'id' });
    expect((await t.call('adminResellerApplication', 'approve', { id: 999_999, version: 1 }, { token: support })).body).toMatchObject({ code: serverErrors.resellerApplicationNotFound.code, field: 'id' });
    expect((await t.call('adminResellerApplication', 'reject', { id: 999_999, version: 1, reason: 'x' }, { token: support })).body).toMatchObject({ code: serverErrors.resellerApplicationNotFound.code, field: 'id' });
  });

  it('refuses every staff role that does not manage customers, and merchant staff, writing nothing', async () => {
    const { userId, token } = await t.signIn();
    const id = (await apply(token, form())).body.data!.id;
    const refused = await Promise.all((['operator', 'finance', 'merchant' as StaffRole] as const).map(async (role) => [role, (await t.staffSignIn(role)).token] as const));
    for (const [role, staff] of refused) {
      for (const [action, input] of [
        ['list', {}],
        ['detail', { id }],
        ['approve', { id, version: 1 }],
        ['reject', { id, version: 1, reason: 'no' }],
      ] as const) {
        expect((await t.call('adminResellerApplication', action, input, { token: staff })).body.code, `${role} ${action}`).toBe(serverErrors.permissionDenied.code);
      }
    }
    // A customer's session is not a staff session.
    expect((await t.call('adminResellerApplication', 'approve', { id, version: 1 }, { token })).body.code).not.toBe(0);
    expect((await rows(userId)).map((r) => r.status)).toEqual(['pending']);
    expect(await t.auditOf('reseller_application', id)).toHaveLength(0);
  });
});

describe('another customer', () => {
  it('sees only their own application', async () => {
    const first = await t.signIn();
    const other = await t.signIn();
    await apply(first.token, form());
    expect((await mine(other.token)).body.data).toEqual({ application: null, canApply: true, canCreateReseller: false });
    // The request names no id: one cannot be given.
    expect((await t.call('user', 'reseller_application', { userId: first.userId }, { token: other.token })).body).toMatchObject({ code: serverErrors.paramInvalid.code });
  });
});
