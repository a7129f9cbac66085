import { MESSAGE_MAX_LENGTH, SAVED_REPLY_TITLE_MAX, serverErrors } from '@simshop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';

/** Beside a conversation in the console: the customer's orders, eSIMs and balances; and the shop's saved replies. */
const t = useTestApp();
let support: { staffId: number; token: string };
let finance: string;
beforeAll(async () => {
  [support, finance] = await Promise.all([t.staffSignIn('support'), t.staffSignIn('finance').then((s) => s.token)]);
});

const call = <A extends 'context' | 'saved_replies' | 'saved_reply_create' | 'saved_reply_update' | 'saved_reply_delete'>(action: A, body: unknown, token = support.token) =>
  t.call('adminMessage', action, body as never, { token });
const parsed = (rows: Awaited<ReturnType<typeof t.auditOf>>) => rows.map((r) => ({ ...r, before: r.before_json ? JSON.parse(r.before_json) : null, after: r.after_json ? JSON.parse(r.after_json) : null }));

describe('the customer beside a conversation', () => {
  it("shows the newest orders with status and amount, the eSIMs' state and the balances", async () => {
    const { userId, token } = await t.signIn();
    const paid = await t.buy(token, 'ESIM-ASIA-5-7', 1);
    const unpaid = (await t.call('order', 'create', { items: [{ skuId: (await t.sku('ESIM-ASIA-10-30')).id, quantity: 2 }] }, { token })).body.data.orderNo;
    const context = (await call('context', { userId })).body.data;
    expect(context.orderCount).toBe(2);
    expect(context.orders.map((o) => [o.orderNo, o.status])).toEqual([
      [unpaid, 'unpaid'],
      [paid, 'delivered'],
    ]);
    expect(context.orders[1]).toMatchObject({ currency: 'USD', firstItem: { en: 'Asia eSIM' } });
    expect(context.orders[1]!.total).toBeGreaterThan(0);
    expect(context).toMatchObject({ esimCount: 1, esims: [{ orderNo: paid, name: { en: 'Asia eSIM' } }], balances: [], language: 'en' });
    expect(context.esims[0]!.status).toEqual(expect.any(String));

    const reseller = (await t.db.selectFrom('users').select('id').where('email', '=', 'reseller@simshop.local').executeTakeFirstOrThrow()).id;
    // Written to in the language of their notifications.
    await t.db.insertInto('notification_settings').values({ user_id: userId, language: 'zh-Hans', updated_at: Date.now() }).onConflict((oc) => oc.column('user_id').doUpdateSet({ language: 'zh-Hans' })).execute();
    expect((await call('context', { userId })).body.data.language).toBe('zh-Hans');

    const withMoney = (await call('context', { userId: reseller })).body.data;
    expect(withMoney.balances.map((b) => b.currency).sort()).toEqual(['CNY', 'USD']);
  });

  it('refuses an unknown customer, a bad id and staff without the messages permission', async () => {
    expect((await call('context', { userId: 999_999 })).body).toMatchObject({ code: serverErrors.accountNotFound.code, field: 'userId' });
    expect((await call('context', { userId: 'x' })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'userId' });
    expect((await call('context', {})).body).toMatchObject({ code: serverErrors.paramMissing.code, field: 'userId' });
    const { userId } = await t.signIn();
    expect((await call('context', { userId }, finance)).body.code).toBe(serverErrors.permissionDenied.code);
  });
});

describe('saved replies', () => {
  it('creates, lists by language, edits and deletes, each with an audit row saying who', async () => {
    const created = await call('saved_reply_create', { language: 'en', title: '  Install help ', content: ' Open Settings > Mobile data > Add eSIM. ' }, support.token);
    expect(created.body.data).toMatchObject({ language: 'en', title: 'Install help', content: 'Open Settings > Mobile data > Add eSIM.', updatedBy: 'support@simshop.local' });
    const id = created.body.data.id;
    const zh = (await call('saved_reply_create', { language: 'zh-Hans', title: '安装帮助', content: '打开设置 > 蜂窝网络 > 添加eSIM。' })).body.data;

    expect((await call('saved_replies', { language: 'en' })).body.data.items.map((r) => r.id)).toContain(id);
    expect((await call('saved_replies', { language: 'en' })).body.data.items.map((r) => r.id)).not.toContain(zh.id);
    expect((await call('saved_replies', {})).body.data.items.map((r) => r.id)).toEqual(expect.arrayContaining([id, zh.id]));

    const updated = (await call('saved_reply_update', { id, language: 'en', title: 'Install help', content: 'Scan the QR code in Settings.' })).body.data;
    expect(updated).toMatchObject({ id, content: 'Scan the QR code in Settings.' });
    expect((await call('saved_reply_delete', { id })).body.data).toEqual({ id });
    expect((await call('saved_replies', { language: 'en' })).body.data.items.map((r) => r.id)).not.toContain(id);

    expect(parsed(await t.auditOf('saved_reply', id))).toMatchObject([
      { action: 'saved_reply.create', staff_id: support.staffId, after: { language: 'en', title: 'Install help', content: 'Open Settings > Mobile data > Add eSIM.' } },
      { action: 'saved_reply.update', staff_id: support.staffId, before: { content: 'Open Settings > Mobile data > Add eSIM.' }, after: { content: 'Scan the QR code in Settings.' } },
      { action: 'saved_reply.delete', staff_id: support.staffId, before: { title: 'Install help' }, after: null },
    ]);
  });

  it('refuses bad input with its catalogue error and writes nothing', async () => {
    const before = (await call('saved_replies', {})).body.data.items.length;
    const bad = [
      ['saved_reply_create', { language: 'fr', title: 'A', content: 'B' }, serverErrors.paramInvalid, 'language'],
      ['saved_reply_create', { language: 'en', title: '   ', content: 'B' }, serverErrors.paramInvalid, 'title'],
      ['saved_reply_create', { language: 'en', title: 'x'.repeat(SAVED_REPLY_TITLE_MAX + 1), content: 'B' }, serverErrors.paramInvalid, 'title'],
      ['saved_reply_create', { language: 'en', title: 'A', content: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) }, serverErrors.paramInvalid, 'content'],
      ['saved_reply_create', { language: 'en', title: 'A' }, serverErrors.paramMissing, 'content'],
      ['saved_reply_update', { id: 999_999, language: 'en', title: 'A', content: 'B' }, serverErrors.notFound, 'id'],
      ['saved_reply_update', { language: 'en', title: 'A', content: 'B' }, serverErrors.paramMissing, 'id'],
      ['saved_reply_delete', { id: 999_999 }, serverErrors.notFound, 'id'],
      ['saved_reply_delete', { id: -1 }, serverErrors.paramInvalid, 'id'],
      ['saved_replies', { language: 'de' }, serverErrors.paramInvalid, 'language'],
    ] as const;
    for (const [action, body, def, field] of bad) {
      expect((await call(action, body)).body, `${action} ${JSON.stringify(body).slice(0, 80)}`).toMatchObject({ code: def.code, field });
    }
    expect((await call('saved_replies', {})).body.data.items.length).toBe(before);
    expect(await t.db.selectFrom('audit_log').select('id').where('target_type', '=', 'saved_reply').where('action', 'in', ['saved_reply.update', 'saved_reply.delete']).where('target_id', '=', '999999').execute()).toEqual([]);
  });

  it('refuses staff without the messages permission', async () => {
    const kept = (await call('saved_reply_create', { language: 'en', title: 'Kept', content: 'Still here' })).body.data;
    for (const [action, body] of [
      ['saved_replies', {}],
      ['saved_reply_create', { language: 'en', title: 'A', content: 'B' }],
      ['saved_reply_update', { id: kept.id, language: 'en', title: 'Changed', content: 'B' }],
      ['saved_reply_delete', { id: kept.id }],
    ] as const) {
      expect((await call(action, body, finance)).body.code, action).toBe(serverErrors.permissionDenied.code);
    }
    expect((await call('saved_replies', { language: 'en' })).body.data.items.find((r) => r.id === kept.id)).toMatchObject({ title: 'Kept', content: 'Still here' });
    expect((await t.auditOf('saved_reply', kept.id)).map((r) => r.action)).toEqual(['saved_reply.create']);
  });
});
