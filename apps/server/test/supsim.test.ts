import { serverErrors } from '@simshop/contract';
import { describe, expect, it } from 'vitest';
import { simulatedPuk } from '../src/providers/carrier.ts';
import { useTestApp } from './harness.ts';

const t = useTestApp();

let n = 0;
const jtIccid = () => `894450${String(Date.now() % 1e9).padStart(9, '0')}${String(++n).padStart(4, '0')}`;
const EID = '89049032004008882600012345678956';
/** Binding proves the card is yours: its PUK, which the carrier simulator knows. */
const proof = (iccid: string) => ({ iccid, puk: simulatedPuk(iccid) });

describe('SuperSIM (supsim.do)', () => {
  it('answers the JT query by ICCID and by EID', async () => {
    const { token } = await t.signIn();
    const iccid = jtIccid();
    const byIccid = await t.call('supsim', 'query', { number: iccid }, { token });
    // Not a card the caller follows: the number is masked.
    expect(byIccid.body.data).toMatchObject({ boundNumber: iccid, boundKind: 'iccid', msisdn: expect.stringMatching(/^447\*{4}\d{4}$/), hplmn: { mcc: '234', mnc: '050' } });
    expect(byIccid.body.data.expiryDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await t.call('supsim', 'query', { number: EID }, { token })).body.data).toMatchObject({ boundNumber: EID, boundKind: 'eid' });
    expect((await t.call('supsim', 'query', { number: '8986011234567890123' }, { token })).body.code).toBe(serverErrors.noSearchResults.code);
    expect((await t.call('supsim', 'query', { number: 'ABC' }, { token })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'number' });
  });

  it('binds, lists, shows and unbinds a SuperSIM; sets its home network with 3-digit MCC and MNC', async () => {
    const { token } = await t.signIn();
    const iccid = jtIccid();
    const bound = await t.call('supsim', 'bind', { ...proof(iccid), remark: 'Router' }, { token });
    expect(bound.body.data).toMatchObject({ iccid, remark: 'Router' });
    expect((await t.call('supsim', 'list', {}, { token })).body.data.items).toHaveLength(1);
    expect((await t.call('supsim', 'detail', { id: bound.body.data.id }, { token })).body.data.jt.hplmn).toEqual({ mcc: '234', mnc: '050' });
    for (const [mcc, mnc, field] of [['23', '050', 'mcc'], ['234', '5', 'mnc'], ['2a4', '050', 'mcc']] as const) {
      expect((await t.call('supsim', 'set_hplmn', { id: bound.body.data.id, mcc, mnc }, { token })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field });
    }
    const changed = await t.call('supsim', 'set_hplmn', { id: bound.body.data.id, mcc: '460', mnc: '001' }, { token });
    expect(changed.body.data.jt.hplmn).toEqual({ mcc: '460', mnc: '001' });
    expect((await t.call('supsim', 'unbind', { id: bound.body.data.id }, { token })).body.data).toEqual({ ok: true });
  });

  it('refuses SIMs JT does not know, SIMs already followed, and another user\'s SuperSIM', async () => {
    const owner = await t.signIn();
    const other = await t.signIn();
    expect((await t.call('supsim', 'bind', proof('8986011234567890123'), { token: owner.token })).body.code).toBe(serverErrors.carrierNotSupported.code);
    const iccid = jtIccid();
    const id = (await t.call('supsim', 'bind', proof(iccid), { token: owner.token })).body.data.id;
    expect((await t.call('supsim', 'bind', proof(iccid), { token: owner.token })).body.code).toBe(serverErrors.numberExists.code);
    // Someone else needs proof too (with it, the card moves to them: security-binding.test.ts).
    expect((await t.call('supsim', 'bind', { iccid }, { token: other.token })).body.code).toBe(serverErrors.lineProofRequired.code);
    expect((await t.call('supsim', 'detail', { id }, { token: other.token })).body.code).toBe(serverErrors.notFound.code);
    expect((await t.call('supsim', 'set_hplmn', { id, mcc: '460', mnc: '001' }, { token: other.token })).body.code).toBe(serverErrors.notFound.code);
    expect((await t.call('supsim', 'unbind', { id }, { token: other.token })).body.code).toBe(serverErrors.notFound.code);
  });
});
