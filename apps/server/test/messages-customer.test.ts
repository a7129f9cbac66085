import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MESSAGE_AWAY_MS, Role, serverErrors } from '@simshop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { drainOutbox } from '../src/jobs/outbox.ts';
import { useTestApp } from './harness.ts';

/**
 * Every signed-in customer chats with the shop through message.do (resellers through
 * either endpoint: one conversation); staff answer from the console; a customer still away
 * MESSAGE_AWAY_MS after an answer gets it once by email, or by SMS without an email.
 */
const t = useTestApp();
let support: string;
beforeAll(async () => {
  support = (await t.staffSignIn('support')).token;
});

async function customer(role: Role = Role.normal) {
  const { userId, token } = await t.signIn(role, 'regular');
  const email = (await t.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow()).email!;
  return { userId, token, email };
}
const list = (token: string, body: Record<string, unknown> = {}) => t.call('message', 'list', body, { token });
const send = (token: string, content: string) => t.call('message', 'send', { content }, { token });
const reply = (userId: number, content: string) => t.call('adminMessage', 'reply', { userId, content }, { token: support });

/** Runs the outbox as the worker would `ms` from now (away notices wait MESSAGE_AWAY_MS). */
const drainAt = (ms: number) => drainOutbox(t.db, t.outboxHandlers, undefined, Date.now() + ms);
const LATER = MESSAGE_AWAY_MS + 60_000;

/** Mails and texts queued for one address, oldest first. */
async function noticesTo(to: string) {
  // Mails go out through the notifications module (written to the data folder without SMTP); texts through sms.send.
  const dir = join(t.config.dataDir, 'outbox', 'mail');
  const mails = existsSync(dir) ? readdirSync(dir).sort().map((f) => ({ topic: 'mail', ...(JSON.parse(readFileSync(join(dir, f), 'utf8')) as { to: string; subject?: string; text: string }) })) : [];
  const rows = await t.db.selectFrom('outbox').select(['topic', 'payload']).where('topic', '=', 'sms.send').orderBy('id').execute();
  return [...mails, ...rows.map((r) => ({ topic: r.topic, ...(JSON.parse(r.payload) as { to: string; subject?: string; text: string }) }))].filter((m) => m.to === to);
}

describe('a chat with the shop for every customer', () => {
  it('lets a regular customer write, and the shop answer from the console', async () => {
    const c = await customer();
    expect((await list(c.token)).body).toMatchObject({ code: 0, data: { items: [], hasOlder: false, unread: 0 } });
    const sent = await send(c.token, '  Does the Asia eSIM work in Japan?  ');
    expect(sent.body).toMatchObject({ code: 0, data: { from: 'customer', content: 'Does the Asia eSIM work in Japan?', readAt: null } });

    const conversations = (await t.call('adminMessage', 'conversations', { q: c.email }, { token: support })).body.data;
    expect(conversations.items).toMatchObject([{ userId: c.userId, role: Role.normal, unread: 1, last: { from: 'customer' } }]);
    expect((await reply(c.userId, 'Yes, on Docomo and SoftBank.')).body).toMatchObject({ code: 0, data: { from: 'shop' } });

    expect((await t.call('message', 'unread', {}, { token: c.token })).body.data.unread).toBe(1);
    expect((await list(c.token)).body.data.items).toMatchObject([
      { from: 'customer', readAt: expect.any(Number) },
      { from: 'shop', content: 'Yes, on Docomo and SoftBank.', readAt: null },
    ]);
    expect((await t.call('message', 'read', {}, { token: c.token })).body.data.unread).toBe(0);
    expect((await t.auditOf('customer', c.userId)).map((a) => a.action)).toEqual(['message.reply']);
  });

  it('shows a reseller one conversation through message.do and resell/message.do', async () => {
    const { token } = await t.signIn(Role.reseller);
    await t.call('resellerMessage', 'send', { content: 'From the reseller page' }, { token });
    await send(token, 'From the contact page');
    const viaShop = (await list(token)).body.data.items.map((m) => m.content);
    const viaReseller = (await t.call('resellerMessage', 'list', {}, { token })).body.data.items.map((m) => m.content);
    expect(viaShop).toEqual(['From the reseller page', 'From the contact page']);
    expect(viaReseller).toEqual(viaShop);
  });

  it("refuses another customer's conversation whatever cursor is sent, and nobody signed in", async () => {
    const a = await customer();
    const b = await customer();
    const secret = (await send(a.token, 'My order number is private')).body.data;
    await reply(a.userId, 'Answer for A only');
    expect((await list(b.token)).body.data).toEqual({ items: [], hasOlder: false, unread: 0 });
    expect((await list(b.token, { after: secret.id - 1 })).body.data.items).toEqual([]);
    expect((await list(b.token, { before: secret.id + 10 })).body.data.items).toEqual([]);
    expect((await t.call('message', 'read', {}, { token: b.token })).body.data.unread).toBe(0);
    expect((await list(a.token)).body.data.unread).toBe(1);
    for (const action of ['list', 'send', 'read', 'unread'] as const) {
      expect((await t.call('message', action, action === 'send' ? { content: 'hi' } : {})).http, action).toBe(401);
    }
  });

  it('refuses bad messages and bad cursors with the field and writes nothing', async () => {
    const c = await customer();
    for (const content of ['', '   ', 'x'.repeat(1001)]) expect((await send(c.token, content)).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'content' });
    expect((await t.call('message', 'send', {}, { token: c.token })).body).toMatchObject({ code: serverErrors.paramMissing.code, field: 'content' });
    expect((await list(c.token, { before: 1, after: 2 })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'after' });
    expect((await list(c.token)).body.data.items).toEqual([]);
  });

  it('answers an unknown customer id and a staff role without the permission with refusals', async () => {
    expect((await reply(999_999, 'hi')).body).toMatchObject({ code: serverErrors.accountNotFound.code, field: 'userId' });
    const finance = (await t.staffSignIn('finance')).token;
    const c = await customer();
    expect((await t.call('adminMessage', 'reply', { userId: c.userId, content: 'hi' }, { token: finance })).body.code).toBe(serverErrors.permissionDenied.code);
    expect((await list(c.token)).body.data.items).toEqual([]);
    expect(await t.auditOf('customer', c.userId)).toEqual([]);
  });
});

describe('the answer reaches a customer who is away', () => {
  it('emails one notice for a batch of unread answers, never a second one for the same batch', async () => {
    const c = await customer();
    await send(c.token, 'Where is my SIM?');
    await reply(c.userId, 'It left Shanghai today.');
    await reply(c.userId, 'Tracking: SF123456789CN');
    // Not yet away: nothing goes out before MESSAGE_AWAY_MS.
    await t.drain();
    expect(await noticesTo(c.email)).toEqual([]);

    await drainAt(LATER);
    const notices = await noticesTo(c.email);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ topic: 'mail', subject: expect.stringContaining('(2)') });
    expect(notices[0]!.text).toContain('It left Shanghai today.');
    expect(notices[0]!.text).toContain('Tracking: SF123456789CN');
    expect(notices[0]!.text).toContain('/uni/pages/mine/message/message');
    // The mail was delivered (the local mailer writes it to the data folder).
    const mails = readdirSync(join(t.config.dataDir, 'outbox', 'mail')).map((f) => JSON.parse(readFileSync(join(t.config.dataDir, 'outbox', 'mail', f), 'utf8')) as { to: string });
    expect(mails.filter((m) => m.to === c.email)).toHaveLength(1);

    // Running again (the second answer's look, a retry) sends nothing more.
    await drainAt(LATER * 2);
    expect(await noticesTo(c.email)).toHaveLength(1);

    // A later answer, still unread, is a new batch: one more notice, quoting only it.
    await reply(c.userId, 'It has arrived at your post office.');
    await drainAt(LATER);
    const after = await noticesTo(c.email);
    expect(after).toHaveLength(2);
    expect(after[1]!.text).toContain('It has arrived at your post office.');
    expect(after[1]!.text).not.toContain('Tracking');
    const row = await t.db.selectFrom('conversations').selectAll().where('user_id', '=', c.userId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ notified_via: 'email' });
  });

  it('sends nothing when the customer read the answer or opened the chat since', async () => {
    const reader = await customer();
    await reply(reader.userId, 'Your refund is on its way.');
    await t.call('message', 'read', {}, { token: reader.token });
    const looker = await customer();
    await reply(looker.userId, 'We have shipped it.');
    // The chat page open (its first page or a poll) counts as being there.
    await list(looker.token);
    await drainAt(LATER);
    expect(await noticesTo(reader.email)).toEqual([]);
    expect(await noticesTo(looker.email)).toEqual([]);
  });

  it('texts a customer who has only a phone number', async () => {
    const c = await customer();
    const tel = `139${String(c.userId).padStart(8, '0')}`;
    await t.db.updateTable('users').set({ email: null, tel }).where('id', '=', c.userId).execute();
    await reply(c.userId, 'Your eSIM is ready: open My eSIMs to install it.');
    await drainAt(LATER);
    const notices = await noticesTo(tel);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ topic: 'sms.send', text: expect.stringContaining('Your eSIM is ready') });
  });

  it('sends one notice when two workers look at the same batch at once', async () => {
    const c = await customer();
    for (let i = 1; i <= 4; i++) await reply(c.userId, `Answer ${i}`);
    await Promise.all([drainAt(LATER), drainAt(LATER), drainAt(LATER)]);
    expect(await noticesTo(c.email)).toHaveLength(1);
  });
});
