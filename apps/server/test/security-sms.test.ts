import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MESSAGE_AWAY_MS, Role, serverErrors } from '@simshop/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { drainOutbox } from '../src/jobs/outbox.ts';
import { useTestApp } from './harness.ts';

/**
 * The shop's daily SMS budget (SMS_DAILY_BUDGET): every text counts against it in the database,
 * shared by every server process; past it an SMS code is refused before anything is stored or
 * queued, concurrent sends never pass it, and the dashboard shows the day's count.
 */
const BUDGET = 4;
const t = useTestApp({ SMS_DAILY_BUDGET: String(BUDGET) });
// Each test starts the day afresh.
beforeEach(async () => {
  await t.db.deleteFrom('sms_budget').execute();
});

let n = 0;
/** A new China mobile number (11 digits, 139…). */
const newTel = () => `139${String(Date.now() % 1e5).padStart(5, '0')}${String(++n).padStart(3, '0')}`;
const today = () => new Date().toISOString().slice(0, 10);

async function askCode(account: string, purpose: 'register' | 'login' = 'register') {
  return (await t.call('codeSend', 'send', { account, purpose, ...(await t.proof(purpose)) })).body;
}
const sentToday = async () => Number((await t.db.selectFrom('sms_budget').select('sent').where('day', '=', today()).executeTakeFirst())?.sent ?? 0);
const codesFor = async (targets: string[]) => (await t.db.selectFrom('verification_codes').select('target').where('target', 'in', targets).execute()).length;
async function textsTo(targets: string[]) {
  const rows = await t.db.selectFrom('outbox').select('payload').where('topic', '=', 'sms.send').execute();
  return rows.map((r) => (JSON.parse(r.payload) as { to: string }).to).filter((to) => targets.includes(to));
}
async function fillBudget() {
  for (let i = 0; i < BUDGET; i++) expect((await askCode(newTel())).code).toBe(0);
}

describe('the daily SMS budget', () => {
  it('refuses an SMS code past the budget with its catalogue error, storing and queueing nothing', async () => {
    await fillBudget();
    expect(await sentToday()).toBe(BUDGET);
    const tel = newTel();
    expect(await askCode(tel)).toMatchObject({ code: serverErrors.smsBudgetSpent.code, msg: expect.any(String) });
    expect(await codesFor([tel])).toBe(0);
    expect(await textsTo([tel])).toEqual([]);
    // A sign-in code for a number with no account sends nothing, yet answers alike (no enumeration).
    expect((await askCode(newTel(), 'login')).code).toBe(serverErrors.smsBudgetSpent.code);
    expect(await sentToday()).toBe(BUDGET);
    // E-mail codes are not texts.
    expect((await askCode(`budget-${Date.now()}@example.com`)).code).toBe(0);
    // The budget is per day: tomorrow starts afresh.
    await t.db.updateTable('sms_budget').set({ day: '2000-01-01' }).where('day', '=', today()).execute();
    expect((await askCode(newTel())).code).toBe(0);
  });

  it('is not passed by concurrent sends (one count for every server process)', async () => {
    const tels = Array.from({ length: 12 }, newTel);
    const proofs = await Promise.all(tels.map(() => t.proof('register')));
    const answers = await Promise.all(tels.map((account, i) => t.call('codeSend', 'send', { account, purpose: 'register', ...proofs[i]! })));
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === 0)).toHaveLength(BUDGET);
    expect(codes.filter((c) => c === serverErrors.smsBudgetSpent.code)).toHaveLength(tels.length - BUDGET);
    expect(await sentToday()).toBe(BUDGET);
    expect(await codesFor(tels)).toBe(BUDGET);
    expect(await textsTo(tels)).toHaveLength(BUDGET);
  });

  it('counts the codes the carrier texts to a SIM line, and refuses them past the budget', async () => {
    const { userId, token } = await t.signIn();
    const iccid = () => `898601${String(Date.now() % 1e9).padStart(9, '0')}${String(++n).padStart(4, '0')}`;
    expect((await t.call('sim', 'send_code', { iccid: iccid() }, { token })).body.code).toBe(0);
    expect(await sentToday()).toBe(1);
    await t.db.updateTable('sms_budget').set({ sent: BUDGET }).where('day', '=', today()).execute();
    const refused = iccid();
    expect((await t.call('sim', 'send_code', { iccid: refused }, { token })).body.code).toBe(serverErrors.smsBudgetSpent.code);
    expect(await codesFor([`sim:${refused}:user:${userId}`])).toBe(0);
    const dir = join(t.config.dataDir, 'outbox', 'sms');
    const delivered = readdirSync(dir).map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as { iccid?: string });
    expect(delivered.filter((m) => m.iccid === refused)).toEqual([]);
  });

  it('sends no chat notice by SMS past the budget, and a later one still covers the answer', async () => {
    const { userId } = await t.signIn(Role.normal, 'regular');
    const tel = newTel();
    await t.db.updateTable('users').set({ email: null, tel }).where('id', '=', userId).execute();
    const support = (await t.staffSignIn('support')).token;
    await fillBudget();
    expect((await t.call('adminMessage', 'reply', { userId, content: 'Your eSIM is ready.' }, { token: support })).body.code).toBe(0);
    await drainOutbox(t.db, t.outboxHandlers, undefined, Date.now() + MESSAGE_AWAY_MS + 60_000);
    expect(await textsTo([tel])).toEqual([]);
    expect(await sentToday()).toBe(BUDGET);
    await t.db.deleteFrom('sms_budget').execute();
    expect((await t.call('adminMessage', 'reply', { userId, content: 'Open My eSIMs to install it.' }, { token: support })).body.code).toBe(0);
    await drainOutbox(t.db, t.outboxHandlers, undefined, Date.now() + MESSAGE_AWAY_MS + 60_000);
    expect(await textsTo([tel])).toHaveLength(1);
    expect(await sentToday()).toBe(1);
  });

  it("shows the day's count and budget on the dashboard", async () => {
    await askCode(newTel());
    await askCode(newTel());
    const res = await t.call('adminDashboard', 'summary', {}, { token: (await t.staffSignIn('owner')).token });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    expect(res.body.data.smsBudget).toEqual({ day: today(), sent: 2, budget: BUDGET });
  });
});

describe('phone numbers by country', () => {
  const address = { name: 'Li Lei', company: '', email: '', detail: 'Nanshan 1', defaultAddr: false };
  // Each country's own area fields, complete, so the phone is what a case is about.
  const areas: Record<string, { province: string; city: string; district: string; postCode: string }> = {
    China: { province: 'Guangdong', city: 'Shenzhen', district: 'Nanshan', postCode: '' },
    'United Kingdom': { province: '', city: 'London', district: '', postCode: 'SW1A 1AA' },
    'United States': { province: 'NY', city: 'New York', district: '', postCode: '10001' },
  };

  it("refuses an address whose phone is not valid in the address's country, with its catalogue error", async () => {
    const { token } = await t.signIn();
    const cases: Array<[string, string]> = [
      ['12345678901', 'China'],
      ['+86 123 4567 8901', 'China'],
      ['07400 123456', 'China'],
      ['13800138000', 'United Kingdom'],
      ['555 0123', 'United States'],
    ];
    for (const [tel, country] of cases) {
      const res = await t.call('address', 'save', { ...address, ...areas[country], tel, country }, { token });
      expect(res.body, `${tel} in ${country}`).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'tel' });
    }
    expect((await t.call('address', 'list', {}, { token })).body.data.total).toBe(0);
    for (const [tel, country] of [['13800138000', 'China'], ['07400 123456', 'United Kingdom'], ['(201) 555-0123', 'United States'], ['+852 9123 4567', 'China']]) {
      expect((await t.call('address', 'save', { ...address, ...areas[country!], tel, country }, { token })).body.code, `${tel} in ${country}`).toBe(0);
    }
  });

  it('sends no code to a number that is no China mobile', async () => {
    const res = await t.call('codeSend', 'send', { account: '12345678901', purpose: 'register', ...(await t.proof('register')) });
    expect(res.body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'account' });
  });
});
