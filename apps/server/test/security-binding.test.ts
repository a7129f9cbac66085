import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serverErrors } from '@simshop/contract';
import { describe, expect, it } from 'vitest';
import { simulatedPuk } from '../src/providers/carrier.ts';
import { useTestApp } from './harness.ts';

/**
 * "A SIM or SuperSIM belongs to whoever types its ICCID first": binding needs proof of
 * possession (a code texted to the line through the carrier, or the card's PUK), the real
 * holder takes a line back from whoever bound it, and the JT query masks numbers of cards that
 * are not the caller's.
 */
const t = useTestApp();

let n = 0;
const unicomIccid = () => `898601${String(Date.now() % 1e9).padStart(9, '0')}${String(++n).padStart(4, '0')}`;
const jtIccid = () => `894450${String(Date.now() % 1e9).padStart(9, '0')}${String(++n).padStart(4, '0')}`;

/** The newest SMS the carrier delivered to the line of this ICCID (the simulator's outbox file). */
function smsToLine(iccid: string): { to: string; text: string; code: string } | null {
  const dir = join(t.config.dataDir, 'outbox', 'sms');
  let files: string[] = [];
  try {
    files = readdirSync(dir).sort().reverse();
  } catch {
    return null;
  }
  for (const file of files) {
    const m = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { to: string; text: string; iccid?: string };
    if (m.iccid === iccid) return { to: m.to, text: m.text, code: /\b(\d{6})\b/.exec(m.text)?.[1] ?? '' };
  }
  return null;
}

for (const kind of ['sim', 'supsim'] as const) {
  const newIccid = kind === 'sim' ? unicomIccid : jtIccid;

  describe(`${kind}.bind asks for proof of possession`, () => {
    it('refuses a bare ICCID', async () => {
      const { token } = await t.signIn();
      const iccid = newIccid();
      expect((await t.call(kind, 'bind', { iccid }, { token })).body).toMatchObject({ code: serverErrors.lineProofRequired.code, field: 'code' });
      expect((await t.call(kind, 'list', {}, { token })).body.data.items).toHaveLength(0);
    });

    it('binds with the code texted to the line, once, and only for the one who asked', async () => {
      const a = await t.signIn();
      const b = await t.signIn();
      const iccid = newIccid();
      const sent = await t.call(kind, 'send_code', { iccid }, { token: a.token });
      expect(sent.body.data).toMatchObject({ msisdn: expect.stringMatching(/^\d{3}\*{4}\d{4}$/), resendAfterSeconds: 60 });
      const sms = smsToLine(iccid)!;
      expect(sms.code).toMatch(/^\d{6}$/);
      expect(sms.to.slice(-4)).toBe(sent.body.data.msisdn.slice(-4));
      // The code was asked for by a: b cannot use it.
      expect((await t.call(kind, 'bind', { iccid, code: sms.code }, { token: b.token })).body).toMatchObject({ code: serverErrors.verificationCodeIncorrect.code, field: 'code' });
      expect((await t.call(kind, 'bind', { iccid, code: sms.code === '000000' ? '111111' : '000000' }, { token: a.token })).body.code).toBe(serverErrors.verificationCodeIncorrect.code);
      const bound = await t.call(kind, 'bind', { iccid, code: sms.code, remark: 'Mine' }, { token: a.token });
      expect(bound.body.data).toMatchObject({ iccid, remark: 'Mine' });
      expect((await t.call(kind, 'bind', { iccid, code: sms.code }, { token: a.token })).body.code).toBe(serverErrors.numberExists.code);
      expect((await t.call(kind, 'send_code', { iccid }, { token: a.token })).body.code).toBe(serverErrors.numberExists.code);
    });

    it("binds with the card's PUK; a wrong PUK is refused and guessing is limited per card", async () => {
      const { token } = await t.signIn();
      const iccid = newIccid();
      const wrong = simulatedPuk(iccid) === '00000000' ? '11111111' : '00000000';
      expect((await t.call(kind, 'bind', { iccid, puk: '1234' }, { token })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'puk' });
      expect((await t.call(kind, 'bind', { iccid, puk: wrong }, { token })).body).toMatchObject({ code: serverErrors.pukIncorrect.code, field: 'puk' });
      expect((await t.call(kind, 'bind', { iccid, puk: simulatedPuk(iccid) }, { token })).body.data).toMatchObject({ iccid });

      const other = newIccid();
      const guessers = await Promise.all(Array.from({ length: 3 }, () => t.signIn()));
      const codes: number[] = [];
      for (let i = 0; i < 6; i++) codes.push((await t.call(kind, 'bind', { iccid: other, puk: String(10_000_000 + i) }, { token: guessers[i % 3]!.token })).body.code);
      expect(codes.slice(0, 5)).toEqual(Array(5).fill(serverErrors.pukIncorrect.code));
      // The sixth guess on this card is refused whoever makes it, even with the right PUK.
      expect(codes[5]).toBe(serverErrors.tooFrequent.code);
      expect((await t.call(kind, 'bind', { iccid: other, puk: simulatedPuk(other) }, { token })).body.code).toBe(serverErrors.tooFrequent.code);
    });

    it('lets the real holder take a line back from whoever bound it', async () => {
      const squatter = await t.signIn();
      const holder = await t.signIn();
      const iccid = newIccid();
      const first = (await t.call(kind, 'bind', { iccid, puk: simulatedPuk(iccid) }, { token: squatter.token })).body.data;
      await t.call(kind, 'send_code', { iccid }, { token: holder.token });
      const moved = await t.call(kind, 'bind', { iccid, code: smsToLine(iccid)!.code }, { token: holder.token });
      expect(moved.body.data).toMatchObject({ iccid });
      expect((await t.call(kind, 'list', {}, { token: squatter.token })).body.data.items).toHaveLength(0);
      expect((await t.call(kind, 'detail', { id: first.id }, { token: squatter.token })).body.code).toBe(serverErrors.notFound.code);
      expect((await t.call(kind, 'list', {}, { token: holder.token })).body.data.items.map((d) => d.iccid)).toEqual([iccid]);
    });

    it('limits codes texted to one line, whoever asks', async () => {
      const iccid = newIccid();
      const askers = await Promise.all(Array.from({ length: 6 }, () => t.signIn()));
      const codes: number[] = [];
      for (const a of askers) codes.push((await t.call(kind, 'send_code', { iccid }, { token: a.token })).body.code);
      expect(codes).toEqual([0, 0, 0, 0, 0, serverErrors.tooFrequent.code]);
    });

    it('texts nothing for a SIM the carrier does not know', async () => {
      const { token } = await t.signIn();
      expect((await t.call(kind, 'send_code', { iccid: '8988200011112222333' }, { token })).body).toMatchObject({ code: serverErrors.carrierNotSupported.code, field: 'iccid' });
    });
  });
}

describe('supsim.query', () => {
  it('masks the number of a card the caller does not follow, and shows it for their own', async () => {
    const owner = await t.signIn();
    const stranger = await t.signIn();
    const iccid = jtIccid();
    await t.call('supsim', 'bind', { iccid, puk: simulatedPuk(iccid) }, { token: owner.token });
    const mine = (await t.call('supsim', 'query', { number: iccid }, { token: owner.token })).body.data;
    expect(mine.msisdn).toMatch(/^447781\d{6}$/);
    const theirs = (await t.call('supsim', 'query', { number: iccid }, { token: stranger.token })).body.data;
    expect(theirs.msisdn).toBe(`447****${mine.msisdn.slice(-4)}`);
    expect(theirs).toMatchObject({ boundNumber: iccid, expiryDate: mine.expiryDate, hplmn: mine.hplmn });
  });
});
