import { COMMENT_REPLY_MAX_LENGTH, MESSAGE_MAX_LENGTH, Role, serverErrors } from '@simshop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertComment } from '../src/modules/catalogue/catalogue.repository.ts';
import { useTestApp, type TestApp } from './harness.ts';

const t = useTestApp();
let support: string;
let operator: string;
beforeAll(async () => {
  [support, operator] = await Promise.all([t.staffSignIn('support'), t.staffSignIn('operator')]).then((s) => s.map((x) => x.token));
});

const parsed = (rows: Awaited<ReturnType<TestApp['auditOf']>>) => rows.map((r) => ({ ...r, before: r.before_json ? JSON.parse(r.before_json) : null, after: r.after_json ? JSON.parse(r.after_json) : null }));

/** A reseller with a nickname the searches can find. */
async function reseller(nickname: string) {
  const r = await t.signIn(Role.reseller);
  await t.db.updateTable('users').set({ nickname }).where('id', '=', r.userId).execute();
  return r;
}
const send = (token: string, content: string) => t.call('resellerMessage', 'send', { content }, { token });

describe('customer conversations in the console', () => {
  it('lists every conversation unread first with the unread counts; opening one marks it read', async () => {
    const quiet = await reseller('Quiet Trader');
    const busy = await reseller('Busy Trader');
    await send(busy.token, 'First question');
    await send(quiet.token, 'Old question');
    await t.call('adminMessage', 'thread', { userId: quiet.userId }, { token: support });
    await send(busy.token, 'Second question');

    const list = (await t.call('adminMessage', 'conversations', { q: 'trader' }, { token: support })).body.data;
    expect(list.total).toBe(2);
    expect(list.items.map((c) => [c.nickname, c.messages, c.unread])).toEqual([
      ['Busy Trader', 2, 2],
      ['Quiet Trader', 1, 0],
    ]);
    expect(list.items[0]!.last).toMatchObject({ from: 'customer', content: 'Second question' });
    expect(list.unreadConversations).toBeGreaterThanOrEqual(1);
    // An answered conversation with a newer message still comes after an unread one.
    await send(quiet.token, 'Newer but the shop read the rest');
    await t.call('adminMessage', 'thread', { userId: quiet.userId }, { token: support });
    expect((await t.call('adminMessage', 'conversations', { q: 'trader' }, { token: support })).body.data.items.map((c) => c.nickname)).toEqual(['Busy Trader', 'Quiet Trader']);
    expect((await t.call('adminMessage', 'conversations', { q: 'trader', unread: true }, { token: support })).body.data.items.map((c) => c.nickname)).toEqual(['Busy Trader']);
    expect((await t.call('adminMessage', 'conversations', { q: 'trader', unread: false }, { token: support })).body.data.items.map((c) => c.nickname)).toEqual(['Quiet Trader']);

    const thread = (await t.call('adminMessage', 'thread', { userId: busy.userId }, { token: support })).body.data;
    expect(thread).toMatchObject({ customer: { id: busy.userId, nickname: 'Busy Trader', role: Role.reseller }, hasOlder: false });
    expect(thread.items.map((m) => m.content)).toEqual(['First question', 'Second question']);
    const after = (await t.call('adminMessage', 'conversations', { q: 'busy' }, { token: support })).body.data;
    expect(after.items[0]!.unread).toBe(0);
    // The reseller sees that the shop read their messages.
    expect((await t.call('resellerMessage', 'list', {}, { token: busy.token })).body.data.items.every((m) => m.readAt !== null)).toBe(true);
  });

  it('pages back through a long conversation', async () => {
    const r = await reseller('Pager');
    for (let i = 1; i <= 5; i++) await send(r.token, `m${i}`);
    const newest = (await t.call('adminMessage', 'thread', { userId: r.userId, size: 2 }, { token: support })).body.data;
    expect(newest.items.map((m) => m.content)).toEqual(['m4', 'm5']);
    expect(newest.hasOlder).toBe(true);
    const older = (await t.call('adminMessage', 'thread', { userId: r.userId, size: 3, before: newest.items[0]!.id }, { token: support })).body.data;
    expect(older).toMatchObject({ hasOlder: false });
    expect(older.items.map((m) => m.content)).toEqual(['m1', 'm2', 'm3']);
  });

  it('replies as the shop: the reseller sees it, and the audit row says who', async () => {
    const r = await reseller('Answered');
    await send(r.token, 'Is it in stock?');
    const { staffId } = await t.staffSignIn('support');
    const reply = await t.call('adminMessage', 'reply', { userId: r.userId, content: '  Yes, 50 left.  ' }, { token: support, ip: '192.0.2.5' });
    expect(reply.body.data).toMatchObject({ from: 'shop', content: 'Yes, 50 left.', readAt: null });
    const seen = (await t.call('resellerMessage', 'list', {}, { token: r.token })).body.data;
    expect(seen.unread).toBe(1);
    expect(seen.items.at(-1)).toMatchObject({ from: 'shop', content: 'Yes, 50 left.' });
    // Answering reads what the reseller wrote.
    expect((await t.call('adminMessage', 'conversations', { q: 'answered' }, { token: support })).body.data.items[0]).toMatchObject({ unread: 0, last: { from: 'shop' } });
    expect(parsed(await t.auditOf('customer', r.userId))).toMatchObject([{ action: 'message.reply', actor: 'support@simshop.local', staff_id: staffId, ip: '192.0.2.5', after: { messageId: reply.body.data.id, content: 'Yes, 50 left.' } }]);
  });

  it('refuses empty, too long or missing replies and an unknown customer; writes nothing', async () => {
    const r = await reseller('Refused');
    const customer = await t.signIn();
    const bad = [
      [{ userId: r.userId, content: '' }, serverErrors.paramInvalid, 'content'],
      [{ userId: r.userId, content: '   ' }, serverErrors.paramInvalid, 'content'],
      [{ userId: r.userId, content: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) }, serverErrors.paramInvalid, 'content'],
      [{ userId: r.userId }, serverErrors.paramMissing, 'content'],
      [{ content: 'hi' }, serverErrors.paramMissing, 'userId'],
      [{ userId: 999_999, content: 'hi' }, serverErrors.accountNotFound, 'userId'],
    ] as const;
    for (const [body, def, field] of bad) {
      expect((await t.call('adminMessage', 'reply', body, { token: support })).body, JSON.stringify(body)).toMatchObject({ code: def.code, field });
    }
    expect((await t.call('adminMessage', 'thread', { userId: 999_999 }, { token: support })).body).toMatchObject({ code: serverErrors.accountNotFound.code, field: 'userId' });
    const finance = (await t.staffSignIn('finance')).token;
    expect((await t.call('adminMessage', 'reply', { userId: r.userId, content: 'hi' }, { token: finance })).body.code).toBe(serverErrors.permissionDenied.code);
    expect((await t.call('resellerMessage', 'list', {}, { token: r.token })).body.data.items).toEqual([]);
    expect(await t.auditOf('customer', r.userId)).toEqual([]);
    expect(await t.db.selectFrom('customer_messages').select('id').where('user_id', '=', customer.userId).execute()).toEqual([]);
  });

  it('the command line reply is audited as cli:<user>', async () => {
    const r = await reseller('Cli');
    const email = (await t.db.selectFrom('users').select('email').where('id', '=', r.userId).executeTakeFirstOrThrow()).email!;
    expect((await t.admin('message', 'reply', email, 'From', 'the', 'shell')).code).toBe(0);
    expect(parsed(await t.auditOf('customer', r.userId))).toMatchObject([{ action: 'message.reply', staff_id: null, actor: expect.stringMatching(/^cli:/), after: { content: 'From the shell' } }]);
  });
});

describe('product comments in the console', () => {
  const shopComments = async (productId: number) => (await t.call('product', 'comments', { id: productId, page: 1, size: 50 }, {})).body.data;

  async function freshComment(content: string) {
    const { productId } = await t.sku('ESIM-ASIA-5-7');
    const row = await insertComment(t.db, { productId, userId: null, nickname: 'Tester', avatar: null, content, now: Date.now() });
    return { id: row.id, productId };
  }

  it('lists comments with their product, filtered by product, hidden, answered and text', async () => {
    const products = (await t.call('adminMessage', 'comment_products', {}, { token: support })).body.data.items;
    const asia = products.find((p) => p.key === 'asia-esim')!;
    expect(asia).toMatchObject({ name: { en: 'Asia eSIM', zh: '亚洲eSIM' } });
    expect(asia.comments).toBeGreaterThanOrEqual(2);

    const ofAsia = (await t.call('adminMessage', 'comments', { productId: asia.id, pageSize: 100 }, { token: support })).body.data;
    expect(ofAsia.total).toBe(asia.comments);
    expect(ofAsia.items.every((c) => c.product.key === 'asia-esim' && c.hidden === false)).toBe(true);
    const answered = (await t.call('adminMessage', 'comments', { productId: asia.id, replied: true }, { token: support })).body.data.items;
    expect(answered.map((c) => c.nickname)).toContain('Mia');
    expect(answered.every((c) => c.reply !== null)).toBe(true);
    expect((await t.call('adminMessage', 'comments', { productId: asia.id, replied: false }, { token: support })).body.data.items.every((c) => c.reply === null)).toBe(true);
    expect((await t.call('adminMessage', 'comments', { q: 'TOKYO' }, { token: support })).body.data.items.map((c) => c.nickname)).toEqual(['Mia']);
    expect((await t.call('adminMessage', 'comments', { hidden: 'yes' }, { token: support })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'hidden' });
  });

  it('hides a comment from the shop (list and count) and shows it again, each audited', async () => {
    const { id, productId } = await freshComment('Rude words here');
    const countBefore = (await t.call('product', 'detail', { id: productId }, {})).body.data.commentCount;
    const { staffId } = await t.staffSignIn('support');

    const hidden = await t.call('adminMessage', 'comment_hide', { id, hidden: true }, { token: support });
    expect(hidden.body.data).toMatchObject({ id, hidden: true, content: 'Rude words here' });
    const shop = await shopComments(productId);
    expect(shop.items.map((c) => c.id)).not.toContain(id);
    expect(shop.total).toBe(countBefore - 1);
    expect((await t.call('product', 'detail', { id: productId }, {})).body.data.commentCount).toBe(countBefore - 1);
    expect((await t.call('adminMessage', 'comments', { hidden: true }, { token: support })).body.data.items.map((c) => c.id)).toContain(id);

    expect((await t.call('adminMessage', 'comment_hide', { id, hidden: true }, { token: support })).body).toMatchObject({ code: serverErrors.nothingChanged.code, field: 'hidden' });
    expect((await t.call('adminMessage', 'comment_hide', { id, hidden: false }, { token: operator })).body.data.hidden).toBe(false);
    expect((await shopComments(productId)).items.map((c) => c.id)).toContain(id);

    expect(parsed(await t.auditOf('comment', id))).toMatchObject([
      { action: 'comment.hide', actor: 'support@simshop.local', staff_id: staffId, before: { hidden: false }, after: { hidden: true } },
      { action: 'comment.unhide', actor: 'operator@simshop.local', before: { hidden: true }, after: { hidden: false } },
    ]);
  });

  it('answers a comment as the shop (shown on the goods page); an empty answer removes it', async () => {
    const { id, productId } = await freshComment('Does it work in Macau?');
    const answered = await t.call('adminMessage', 'comment_reply', { id, reply: '  Not yet, only the five listed.  ' }, { token: support });
    expect(answered.body.data).toMatchObject({ reply: 'Not yet, only the five listed.', repliedAt: expect.any(Number) });
    expect((await shopComments(productId)).items.find((c) => c.id === id)).toMatchObject({ reply: 'Not yet, only the five listed.' });
    expect((await t.call('adminMessage', 'comment_reply', { id, reply: 'Not yet, only the five listed.' }, { token: support })).body).toMatchObject({ code: serverErrors.nothingChanged.code, field: 'reply' });

    expect((await t.call('adminMessage', 'comment_reply', { id, reply: '' }, { token: support })).body.data).toMatchObject({ reply: null, repliedAt: null });
    expect((await shopComments(productId)).items.find((c) => c.id === id)).toMatchObject({ reply: null });
    expect(parsed(await t.auditOf('comment', id))).toMatchObject([
      { action: 'comment.reply', before: { reply: null }, after: { reply: 'Not yet, only the five listed.' } },
      { action: 'comment.reply', before: { reply: 'Not yet, only the five listed.' }, after: { reply: null } },
    ]);
  });

  it('refuses a too long answer, a missing field and an unknown comment; writes nothing', async () => {
    const { id } = await freshComment('Untouched');
    const bad = [
      ['comment_reply', { id, reply: 'r'.repeat(COMMENT_REPLY_MAX_LENGTH + 1) }, serverErrors.paramInvalid, 'reply'],
      ['comment_reply', { id }, serverErrors.paramMissing, 'reply'],
      ['comment_reply', { id: 999_999, reply: 'x' }, serverErrors.notFound, 'id'],
      ['comment_hide', { id }, serverErrors.paramMissing, 'hidden'],
      ['comment_hide', { id: 999_999, hidden: true }, serverErrors.notFound, 'id'],
      ['comment_hide', { id: 0, hidden: true }, serverErrors.paramInvalid, 'id'],
    ] as const;
    for (const [action, body, def, field] of bad) {
      expect((await t.call('adminMessage', action, body, { token: support })).body, `${action} ${JSON.stringify(body)}`).toMatchObject({ code: def.code, field });
    }
    const finance = (await t.staffSignIn('finance')).token;
    expect((await t.call('adminMessage', 'comment_hide', { id, hidden: true }, { token: finance })).body.code).toBe(serverErrors.permissionDenied.code);
    const row = await t.db.selectFrom('product_comments').select(['hidden', 'reply']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ hidden: 0, reply: null });
    expect(await t.auditOf('comment', id)).toEqual([]);
  });
});
