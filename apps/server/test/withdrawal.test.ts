import { PERFORMANCE_CONSENT_VERSION, Role, serverErrors, type Language } from '@simshop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveRefund } from '../src/modules/payments/refund.service.ts';
import { cliActor } from '../src/modules/audit/audit.service.ts';
import { anAddress } from './fixtures.ts';
import { useTestApp } from './harness.ts';
import { ofKind, startSmtpSink, type SmtpSink } from './smtp-sink.ts';

/**
 * An EU consumer at checkout (the consent to immediate performance digital content needs) and
 * after it (withdrawing from the contract within 14 days), with the acknowledgement read back
 * from a real SMTP server the test starts on loopback.
 */
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(() => sink.close());

const t = useTestApp(() => ({ SMTP_URL: sink.url }));
let base = '';
beforeAll(async () => {
  base = await t.listen();
});

const DAY = 86_400_000;
const EID = '89049032004008882600012345678956';
const germanAddress = { ...anAddress, country: 'DE', province: '', city: 'Berlin', district: '', postCode: '10115', tel: '+49 1512 3456789', detail: 'Invalidenstraße 1' };

const create = (token: string, body: Record<string, unknown>) => t.call('order', 'create', body, { token });
const detail = async (token: string, orderNo: string, i18n: Language = 'en') => (await t.call('order', 'detail', { orderNo, i18n }, { token })).body.data;
const withdraw = (token: string, orderNo: string, i18n: Language = 'en') => t.call('order', 'withdraw', { orderNo, i18n }, { token });
const ordersOf = (userId: number) => t.db.selectFrom('orders').select('id').where('user_id', '=', userId).execute();
const emailOf = async (userId: number) => (await t.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow()).email!;

async function esimLine() {
  return { skuId: (await t.sku('ESIM-GLOBAL-3')).id, quantity: 1, inputs: {} };
}

/** An EU customer buys an eSIM with the consent, pays it and the eSIM is issued. */
async function buyEuEsim(lang: Language = 'en') {
  const customer = await t.signIn();
  const created = await create(customer.token, { items: [await esimLine()], residenceCountry: 'DE', performanceConsent: true, i18n: lang });
  expect(created.body.code, JSON.stringify(created.body)).toBe(0);
  const orderNo = created.body.data.orderNo;
  await t.paySandbox(customer.token, orderNo);
  await t.drain();
  const [esim] = (await t.call('esim', 'list', {}, { token: customer.token })).body.data.items;
  return { ...customer, orderNo, esim: esim! };
}

async function install(activationCode: string) {
  const res = await fetch(`${base}/smdp-sim/device/install`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ matchingId: activationCode, eid: EID }) });
  expect(res.status).toBe(200);
}

describe('the consent to immediate performance at checkout', () => {
  it('is needed from an EU customer buying digital content: refused without it, nothing written', async () => {
    const { userId, token } = await t.signIn();
    const sku = await t.sku('ESIM-GLOBAL-3');
    const line = await esimLine();
    const cart = await t.call('item', 'save', { proId: sku.productId, skuId: sku.id, quantity: 1 }, { token });
    expect(cart.body.code).toBe(0);
    const cartItemIds = [cart.body.data.id];
    for (const lang of ['en', 'zh-Hans'] as const) {
      const res = await create(token, { items: [line], cartItemIds, residenceCountry: 'DE', i18n: lang });
      // The envelope names the catalogue entry; the shop shows its text in the customer's language.
      expect(res.body).toMatchObject({ code: serverErrors.performanceConsentMissing.code, field: 'performanceConsent' });
    }
    expect(await ordersOf(userId)).toEqual([]);
    expect((await t.call('item', 'list', {}, { token })).body.data.items.map((i: { id: number }) => i.id)).toEqual(cartItemIds);

    const res = await create(token, { items: [line], cartItemIds, residenceCountry: 'de', performanceConsent: true });
    expect(res.body.code).toBe(0);
    expect(res.body.data.withdrawal).toEqual({ country: 'DE', consentAt: expect.any(Number), consentVersion: PERFORMANCE_CONSENT_VERSION, withdrawnAt: null, offer: null });
    // What checkout answered is what the order then shows.
    expect(await detail(token, res.body.data.orderNo)).toEqual(res.body.data);
  });

  it('is not asked outside the EU, nor from a reseller; a bad country is refused', async () => {
    const line = await esimLine();
    const { token } = await t.signIn();
    for (const country of [undefined, 'US', 'CN', 'CH']) {
      const res = await create(token, { items: [line], ...(country ? { residenceCountry: country } : {}) });
      expect(res.body.code, country).toBe(0);
      expect(res.body.data.withdrawal).toBeNull();
    }
    expect((await create(token, { items: [line], residenceCountry: 'XX' })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'residenceCountry' });
    // An EEA state outside the EU applies the same rules.
    expect((await create(token, { items: [line], residenceCountry: 'NO' })).body.code).toBe(serverErrors.performanceConsentMissing.code);
    const reseller = await t.signIn(Role.reseller, 'reseller');
    const bought = await create(reseller.token, { items: [line], residenceCountry: 'FR' });
    expect(bought.body.code).toBe(0);
    expect(bought.body.data.withdrawal).toBeNull();
  });

  it('reads the country from the delivery address: goods alone need no consent, and are withdrawable', async () => {
    const { token } = await t.signIn();
    const addressId = (await t.call('address', 'save', germanAddress, { token })).body.data.id;
    const sim = await t.sku('SIM-CU-30');
    // The address wins over a declared country.
    const res = await create(token, { items: [{ skuId: sim.id, quantity: 1, inputs: { paperCard: 'with_card' } }], addressId, residenceCountry: 'US' });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    expect(res.body.data.withdrawal).toMatchObject({ country: 'DE', consentAt: null, consentVersion: null });
  });

  it("is needed for data added to an eSIM as well: refused without it, nothing written; kept with the add-on's order", async () => {
    const { userId, token, esim } = await buyEuEsim();
    const skuId = (await t.sku('ADDON-GLOBAL-1-7')).id;
    const before = await ordersOf(userId);
    const refused = await t.call('esim', 'addData', { id: esim.id, skuId, residenceCountry: 'DE' }, { token });
    expect(refused.body).toMatchObject({ code: serverErrors.performanceConsentMissing.code, field: 'performanceConsent', data: null });
    expect(await ordersOf(userId)).toEqual(before);
    expect(await t.db.selectFrom('esim_addons').select('id').where('esim_id', '=', esim.id).execute()).toEqual([]);
    // Outside the EU nothing is asked; in it, the consent is recorded with the add-on's order.
    expect((await t.call('esim', 'addData', { id: esim.id, skuId, residenceCountry: 'US' }, { token })).body.code).toBe(0);
    const made = await t.call('esim', 'addData', { id: esim.id, skuId, residenceCountry: 'DE', performanceConsent: true }, { token });
    expect(made.body.code).toBe(0);
    expect((await detail(token, made.body.data.orderNo)).withdrawal).toEqual({ country: 'DE', consentAt: expect.any(Number), consentVersion: PERFORMANCE_CONSENT_VERSION, withdrawnAt: null, offer: null });
  });
});

describe('withdrawing from the contract', () => {
  it.each(['en', 'zh-Hans'] as const)('refunds an unsupplied eSIM at once, cancels it and mails the acknowledgement (%s)', async (lang) => {
    const { userId, token, orderNo, esim } = await buyEuEsim(lang);
    const before = await detail(token, orderNo, lang);
    expect(before.withdrawal).toMatchObject({ country: 'DE', withdrawnAt: null, offer: { kind: 'refund', until: before.paidAt! + 14 * DAY } });

    const res = await withdraw(token, orderNo, lang);
    expect(res.body).toMatchObject({ code: 0, data: { status: 'refunded', refundReason: 'withdrawal', refundAmount: before.total } });
    expect(res.body.data.withdrawal).toMatchObject({ withdrawnAt: expect.any(Number), offer: null });
    expect((await t.call('esim', 'detail', { id: esim.id }, { token })).body.data.status).toBe('discarded');
    await t.drain();
    const [mail] = ofKind(sink.to(await emailOf(userId)), 'withdrawal_received');
    expect(mail!.subject).toBe(lang === 'en' ? `We received your withdrawal from order ${orderNo}` : `我们已收到您对订单 ${orderNo} 的撤回`);
    expect(mail!.text).toContain(lang === 'en' ? 'We refund the full amount' : '我们将全额退款');
    expect(mail!.html).toContain(orderNo);

    expect((await t.auditOf('order', orderNo)).at(-1)).toMatchObject({ action: 'order.withdraw', actor: 'rule' });
    // The console shows the consent and the withdrawal.
    const finance = (await t.staffSignIn('finance')).token;
    const shown = (await t.call('adminOrder', 'detail', { orderNo }, { token: finance })).body.data;
    expect(shown).toMatchObject({ refundReason: 'withdrawal', consumerTerms: { country: 'DE', consentVersion: PERFORMANCE_CONSENT_VERSION, withdrawnAt: expect.any(Number) } });
    expect(shown.events.map((e: { event: string }) => e.event)).toContain('withdraw');
  });

  it('refuses a second withdrawal, and an order already refunded', async () => {
    const { token, orderNo } = await buyEuEsim();
    expect((await withdraw(token, orderNo)).body.code).toBe(0);
    expect((await withdraw(token, orderNo)).body).toMatchObject({ code: serverErrors.withdrawalNotOffered.code, field: 'orderNo' });
    const other = await buyEuEsim();
    expect((await t.call('order', 'refund_now', { orderNo: other.orderNo }, { token: other.token })).body.code).toBe(0);
    expect((await withdraw(other.token, other.orderNo)).body.code).toBe(serverErrors.withdrawalNotOffered.code);
  });

  it('refuses an installed eSIM bought with the consent: the right is lost; nothing written', async () => {
    const { token, orderNo, esim } = await buyEuEsim();
    await install(esim.activationCode);
    expect((await detail(token, orderNo)).withdrawal?.offer).toBeNull();
    expect((await withdraw(token, orderNo)).body).toMatchObject({ code: serverErrors.withdrawalRightLost.code, field: 'orderNo' });
    expect(await detail(token, orderNo)).toMatchObject({ status: 'delivered', refundId: null, withdrawal: { withdrawnAt: null } });
    expect(await t.auditOf('order', orderNo)).toHaveLength(0);
  });

  it('refuses past 14 days, also from a completed order within them it does not', async () => {
    const late = await buyEuEsim();
    await t.db.updateTable('orders').set({ paid_at: Date.now() - 15 * DAY }).where('order_no', '=', late.orderNo).execute();
    expect((await withdraw(late.token, late.orderNo)).body.code).toBe(serverErrors.withdrawalExpired.code);
    expect((await detail(late.token, late.orderNo)).status).toBe('delivered');
    const done = await buyEuEsim();
    await t.db.updateTable('orders').set({ status: 'completed', paid_at: Date.now() - 10 * DAY }).where('order_no', '=', done.orderNo).execute();
    expect((await withdraw(done.token, done.orderNo)).body.data.status).toBe('refunded');
  });

  it("does not find another user's order; refuses a signed-out caller, a staff token and an order outside the EU", async () => {
    const { token, orderNo } = await buyEuEsim();
    const other = await t.signIn();
    expect((await withdraw(other.token, orderNo)).body.code).toBe(serverErrors.orderNotFound.code);
    expect((await t.call('order', 'withdraw', { orderNo }, {})).body.code).toBe(serverErrors.unauthenticated.code);
    const staff = (await t.staffSignIn('owner')).token;
    expect((await withdraw(staff, orderNo)).body.code).not.toBe(0);
    expect((await detail(token, orderNo)).status).toBe('delivered');
    const outside = await t.signIn();
    const notEu = await t.buy(outside.token, 'ESIM-GLOBAL-3', 1);
    expect((await detail(outside.token, notEu)).withdrawal).toBeNull();
    expect((await withdraw(outside.token, notEu)).body.code).toBe(serverErrors.withdrawalNotOffered.code);
  });

  it('makes goods a return staff approve, 14 days from their delivery', async () => {
    const { userId, token } = await t.signIn();
    const addressId = (await t.call('address', 'save', germanAddress, { token })).body.data.id;
    const orderNo = await t.buy(token, 'SIM-CU-30', 1, { paperCard: 'with_card' }, addressId);
    expect((await detail(token, orderNo)).withdrawal?.offer).toEqual({ kind: 'return', until: null });
    const res = await withdraw(token, orderNo);
    expect(res.body.data).toMatchObject({ status: 'to_be_refunded', refundReason: 'withdrawal', refundAmount: null });
    await t.drain();
    expect(ofKind(sink.to(await emailOf(userId)), 'withdrawal_received')[0]!.text).toContain('send the goods back');
    await approveRefund(t.db, cliActor(), orderNo, undefined, Date.now());
    expect((await detail(token, orderNo)).status).toBe('refunded');

    const received = await t.buy(token, 'SIM-CU-30', 1, { paperCard: 'with_card' }, addressId);
    await t.db.updateTable('orders').set({ status: 'received', received_at: Date.now() - 15 * DAY }).where('order_no', '=', received).execute();
    expect((await withdraw(token, received)).body.code).toBe(serverErrors.withdrawalExpired.code);
    await t.db.updateTable('orders').set({ received_at: Date.now() - 13 * DAY }).where('order_no', '=', received).execute();
    expect((await withdraw(token, received)).body.data.status).toBe('to_be_refunded');
  });
});
