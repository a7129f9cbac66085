import { api, MESSAGE_MAX_LENGTH, Role, serverErrors, type EndpointName } from '@simshop/contract';
import { describe, expect, it } from 'vitest';
import { allHandlers } from '../src/handlers.ts';
import { shopReply } from '../src/modules/messages/message.service.ts';
import { useTestApp } from './harness.ts';

const t = useTestApp();

/** A reseller with an email account, so the shop can address it from the command line. */
async function reseller() {
  const { userId, token } = await t.signIn(Role.reseller);
  const email = (await t.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow()).email!;
  return { userId, token, email };
}

const list = (token: string, body: Record<string, unknown> = {}) => t.call('resellerMessage', 'list', body, { token });
const send = (token: string, content: unknown) => t.call('resellerMessage', 'send', { content }, { token });

describe('reseller messages', () => {
  it('starts empty, sends trimmed messages and lists them oldest first', async () => {
    const r = await reseller();
    expect((await list(r.token)).body.data).toEqual({ items: [], hasOlder: false, unread: 0 });
    const sent = await send(r.token, '  Hello shop, where is my order?  ');
    expect(sent.body).toMatchObject({ code: 0, data: { from: 'customer', content: 'Hello shop, where is my order?', readAt: null } });
    await send(r.token, 'Second');
    const items = (await list(r.token)).body.data.items;
    expect(items.map((m) => m.content)).toEqual(['Hello shop, where is my order?', 'Second']);
    expect(items[0]!.id).toBeLessThan(items[1]!.id);
  });

  it('refuses empty, blank, too long and missing content, and writes nothing', async () => {
    const r = await reseller();
    for (const content of ['', '   \n ', 'x'.repeat(MESSAGE_MAX_LENGTH + 1), 42]) {
      expect((await send(r.token, content)).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'content' });
    }
    expect((await t.call('resellerMessage', 'send', {}, { token: r.token })).body).toMatchObject({ code: serverErrors.paramMissing.code, field: 'content' });
    expect((await send(r.token, 'y'.repeat(MESSAGE_MAX_LENGTH))).body.code).toBe(0);
    expect((await list(r.token)).body.data.items).toHaveLength(1);
  });

  it('pages back with before and polls news with after', async () => {
    const r = await reseller();
    const ids: number[] = [];
    for (let i = 1; i <= 7; i++) ids.push((await send(r.token, `m${i}`)).body.data.id);
    const newest = (await list(r.token, { size: 3 })).body.data;
    expect(newest.items.map((m) => m.content)).toEqual(['m5', 'm6', 'm7']);
    expect(newest.hasOlder).toBe(true);
    const older = (await list(r.token, { size: 3, before: newest.items[0]!.id })).body.data;
    expect(older.items.map((m) => m.content)).toEqual(['m2', 'm3', 'm4']);
    const oldest = (await list(r.token, { size: 3, before: older.items[0]!.id })).body.data;
    expect(oldest).toMatchObject({ hasOlder: false });
    expect(oldest.items.map((m) => m.content)).toEqual(['m1']);

    expect((await list(r.token, { after: ids[6]! })).body.data.items).toEqual([]);
    const news = (await list(r.token, { after: ids[4]! })).body.data;
    expect(news.items.map((m) => m.content)).toEqual(['m6', 'm7']);
    expect((await list(r.token, { after: ids[0]!, size: 2 })).body.data.items.map((m) => m.content)).toEqual(['m2', 'm3']);

    // Ids are 32-bit in PostgreSQL: a larger cursor is a wrong parameter, not a server error.
    for (const body of [{ before: 0 }, { after: -1 }, { size: 101 }, { size: 0 }, { before: 'x' }, { before: ids[1], after: ids[0] }, { before: 2 ** 31 }, { after: 3_000_000_000 }]) {
      expect((await list(r.token, body)).body.code, JSON.stringify(body)).toBe(serverErrors.paramInvalid.code);
    }
  });

  it("keeps each reseller's conversation to itself, whatever cursor is sent", async () => {
    const a = await reseller();
    const b = await reseller();
    const secret = (await send(a.token, 'A private note')).body.data;
    await shopReply(t.db, a.email, 'Answer for A', Date.now());
    expect((await list(b.token)).body.data).toEqual({ items: [], hasOlder: false, unread: 0 });
    expect((await list(b.token, { after: secret.id - 1 })).body.data.items).toEqual([]);
    expect((await list(b.token, { before: secret.id + 10 })).body.data.items).toEqual([]);
    expect((await t.call('resellerMessage', 'unread', {}, { token: b.token })).body.data.unread).toBe(0);
    expect((await t.call('resellerMessage', 'read', {}, { token: b.token })).body.data.unread).toBe(0);
    // B marking read did not touch A's conversation.
    expect((await list(a.token)).body.data).toMatchObject({ unread: 1, items: [{ content: 'A private note' }, { from: 'shop', content: 'Answer for A', readAt: null }] });
  });

  it("counts the shop's answers as unread until read, and the shop's reply marks the reseller's read", async () => {
    const r = await reseller();
    const mine = (await send(r.token, 'Question')).body.data;
    await shopReply(t.db, r.email, 'First answer', Date.now());
    await shopReply(t.db, r.email, 'Second answer', Date.now());
    const polled = (await list(r.token, { after: mine.id })).body.data;
    expect(polled).toMatchObject({ unread: 2, items: [{ from: 'shop', content: 'First answer' }, { from: 'shop', content: 'Second answer' }] });
    expect((await list(r.token)).body.data.items[0]!.readAt).toEqual(expect.any(Number));
    expect((await t.call('resellerMessage', 'unread', {}, { token: r.token })).body.data.unread).toBe(2);
    expect((await t.call('resellerMessage', 'read', {}, { token: r.token })).body).toMatchObject({ code: 0, data: { unread: 0 } });
    expect((await list(r.token)).body.data.items.every((m) => m.readAt !== null)).toBe(true);
    expect((await t.call('resellerMessage', 'read', { extra: 1 }, { token: r.token })).body.code).toBe(serverErrors.paramInvalid.code);
  });

  it('limits how fast one reseller can send', async () => {
    const r = await reseller();
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) codes.push((await send(r.token, `spam ${i}`)).body.code);
    expect(codes.slice(0, 20).every((c) => c === 0)).toBe(true);
    expect(codes[20]).toBe(serverErrors.tooFrequent.code);
    expect((await list(r.token, { size: 100 })).body.data.items).toHaveLength(20);
  });
});

describe('the shop answers from the command line', () => {

  it('lists conversations, shows one, replies; refuses unknown accounts and empty text', async () => {
    const r = await reseller();
    await send(r.token, 'Need 200 ECodes by Friday');
    const lineOf = async () => (await t.admin('message', 'list')).out.split('\n').find((l) => l.startsWith(`${r.email} (`));
    expect(await lineOf()).toMatch(/^\S+ \(\w+\): 1 messages, 1 unread; last \S+ \S+ customer: Need 200 ECodes by Friday$/);
    const thread = await t.admin('message', 'list', r.email);
    expect(thread).toMatchObject({ code: 0, out: expect.stringMatching(/^#\d+ \S+ \S+ customer Need 200 ECodes by Friday$/) });
    // Reading the conversation counts as the shop having read it.
    expect(await lineOf()).toContain(': 1 messages, 0 unread;');

    const reply = await t.admin('message', 'reply', r.email, 'Yes,', 'they', 'will', 'be', 'ready.');
    expect(reply).toMatchObject({ code: 0, out: expect.stringMatching(/^replied to .+ \(#\d+\)$/) });
    expect((await list(r.token)).body.data).toMatchObject({ unread: 1, items: [{ from: 'customer' }, { from: 'shop', content: 'Yes, they will be ready.' }] });

    expect(await t.admin('message', 'reply', r.email)).toMatchObject({ code: 1, out: expect.stringContaining('(content)') });
    expect(await t.admin('message', 'reply', 'nobody@example.com', 'hi')).toMatchObject({ code: 1, out: `admin: ${serverErrors.accountNotFound.en} (account)` });
    // Every customer has a conversation now, regular ones too.
    expect(await t.admin('message', 'reply', 'demo@simshop.local', 'Hello from the shop')).toMatchObject({ code: 0 });
    expect((await list(r.token)).body.data.items).toHaveLength(2);
    // Seven command-line processes: each starts tsx and opens the database.
  }, 90_000);
});

describe('permissions across the reseller area (SPEC §6)', () => {
  const resellerActions = (Object.keys(api) as EndpointName[]).flatMap((endpoint) =>
    Object.entries(api[endpoint].actions as Record<string, { access: string }>)
      // Actions still without a handler answer "invalid action" first; the wire test catches those.
      .filter(([action, def]) => def.access === 'reseller' && allHandlers.some((h) => h.endpoint === endpoint && h.action === action))
      .map(([action]) => [endpoint, action] as const),
  );

  it('covers the messages and every other reseller action', () => {
    expect(resellerActions).toEqual(expect.arrayContaining([['resellerMessage', 'list'], ['resellerMessage', 'send'], ['resellerMessage', 'read'], ['resellerMessage', 'unread']]));
  });

  it('answers a regular user, and a reseller signed in as regular, with the permission-denied entry; nobody signed in gets 401', async () => {
    const regular = await t.signIn(Role.normal);
    const resellerAsRegular = await t.signIn(Role.reseller, 'regular');
    for (const [endpoint, action] of resellerActions) {
      for (const who of [regular, resellerAsRegular]) {
        const res = await t.call(endpoint, action as never, {}, { token: who.token });
        expect(res.http).toBe(200);
        expect(res.body, `${endpoint}.${action}`).toMatchObject({ code: serverErrors.permissionDenied.code, i18n: serverErrors.permissionDenied.i18n });
      }
      expect((await t.call(endpoint, action as never, {})).http, `${endpoint}.${action}`).toBe(401);
    }
    // Nothing was written by the refused calls.
    expect(Number((await t.db.selectFrom('customer_messages').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', 'in', [regular.userId, resellerAsRegular.userId]).executeTakeFirstOrThrow()).n)).toBe(0);
  });

  it('lets every reseller role in: reseller, reseller for eSIM, foreign reseller', async () => {
    for (const role of [Role.reseller, Role.resellerEsim, Role.foreignReseller]) {
      const { token } = await t.signIn(role);
      expect((await t.call('resellerMessage', 'unread', {}, { token })).body, `role ${role}`).toMatchObject({ code: 0, data: { unread: 0 } });
    }
  });
});
