import { serverErrors } from '@simshop/contract';
import { describe, expect, it } from 'vitest';
import { anAddress } from './fixtures.ts';
import { useTestApp } from './harness.ts';

const t = useTestApp();
const beijing = { ...anAddress, tel: '13800138000', country: 'CN', province: '北京市', city: '北京市', district: '朝阳区', postCode: '100020', detail: '建国路 88 号' };
const newYork = { ...anAddress, tel: '(212) 555-0123', country: 'US', province: 'NY', city: 'New York', postCode: '10118', detail: '350 Fifth Avenue' };

describe('address book (address.do)', () => {
  it('saves, makes the first address the default and lists the default first', async () => {
    const { token } = await t.signIn();
    const first = await t.call('address', 'save', anAddress, { token });
    expect(first.body.data).toMatchObject({ id: expect.any(Number), data: { name: 'Li Lei', defaultAddr: true } });
    const second = await t.call('address', 'save', { ...anAddress, name: 'Han Meimei' }, { token });
    expect(second.body.data.data.defaultAddr).toBe(false);
    const third = await t.call('address', 'save', { ...anAddress, name: 'Jim', defaultAddr: true }, { token });
    const list = await t.call('address', 'list', { page: 1, size: 30 }, { token });
    expect(list.body.data.total).toBe(3);
    expect(list.body.data.items[0]).toMatchObject({ id: third.body.data.id, defaultAddr: true });
    expect(list.body.data.items.filter((a) => a.defaultAddr)).toHaveLength(1);
  });

  it('changes an address, and deleting the default promotes another', async () => {
    const { token } = await t.signIn();
    const a = (await t.call('address', 'save', anAddress, { token })).body.data.id;
    const b = (await t.call('address', 'save', { ...anAddress, name: 'B' }, { token })).body.data.id;
    const changed = await t.call('address', 'save', { ...anAddress, id: b, city: 'Kowloon' }, { token });
    expect(changed.body.data.data).toMatchObject({ id: b, city: 'Kowloon' });
    await t.call('address', 'delete', { id: a }, { token });
    const list = await t.call('address', 'list', {}, { token });
    expect(list.body.data.items).toEqual([expect.objectContaining({ id: b, defaultAddr: true })]);
  });

  it('gives every wrong field its catalogue error, and writes nothing', async () => {
    const { token } = await t.signIn();
    const cases: Array<[Record<string, unknown>, number, string, string?]> = [
      [{ ...anAddress, name: '' }, serverErrors.paramInvalid.code, 'name'],
      [{ ...anAddress, name: undefined }, serverErrors.paramMissing.code, 'name'],
      [{ ...anAddress, tel: '12' }, serverErrors.paramInvalid.code, 'tel', 'validation.contact_phone'],
      [{ ...anAddress, tel: 'call me' }, serverErrors.paramInvalid.code, 'tel', 'validation.contact_phone'],
      [{ ...anAddress, email: 'not-mail' }, serverErrors.paramInvalid.code, 'email'],
      [{ ...anAddress, country: '' }, serverErrors.paramInvalid.code, 'country', 'validation.country'],
      [{ ...anAddress, country: 'Atlantis' }, serverErrors.paramInvalid.code, 'country', 'validation.country'],
      [{ ...anAddress, city: '' }, serverErrors.paramInvalid.code, 'city', 'validation.required'],
      [{ ...anAddress, detail: '' }, serverErrors.paramInvalid.code, 'detail'],
      [{ ...anAddress, detail: 'x'.repeat(201) }, serverErrors.paramInvalid.code, 'detail'],
      [{ ...anAddress, postCode: '12345678901234' }, serverErrors.paramInvalid.code, 'postCode'],
      [{ ...anAddress, defaultAddr: 'yes' }, serverErrors.paramInvalid.code, 'defaultAddr'],
      // What each country asks: mainland China its province, city and district and a mobile of 11 digits.
      [{ ...beijing, province: '' }, serverErrors.paramInvalid.code, 'province', 'validation.required'],
      [{ ...beijing, district: '' }, serverErrors.paramInvalid.code, 'district', 'validation.required'],
      [{ ...beijing, postCode: '1000' }, serverErrors.paramInvalid.code, 'postCode', 'validation.post_code_6'],
      [{ ...beijing, tel: '1380013800' }, serverErrors.paramInvalid.code, 'tel', 'validation.address_phone_cn'],
      [{ ...beijing, tel: '9123 4567' }, serverErrors.paramInvalid.code, 'tel', 'validation.address_phone_cn'],
      [{ ...anAddress, tel: '13800138000' }, serverErrors.paramInvalid.code, 'tel', 'validation.address_phone_8'],
      [{ ...newYork, province: '' }, serverErrors.paramInvalid.code, 'province', 'validation.required'],
      [{ ...newYork, postCode: '' }, serverErrors.paramInvalid.code, 'postCode', 'validation.required'],
      [{ ...newYork, postCode: 'SW1A 1AA' }, serverErrors.paramInvalid.code, 'postCode', 'validation.zip'],
      [{ ...newYork, tel: '555 0123' }, serverErrors.paramInvalid.code, 'tel', 'validation.address_phone_10'],
      [{ ...anAddress, country: 'SG', city: '' }, serverErrors.paramInvalid.code, 'postCode', 'validation.required'],
    ];
    for (const [body, code, field, message] of cases) {
      const res = await t.call('address', 'save', body, { token });
      expect(res.body, `${field} ${JSON.stringify(body)}`).toMatchObject({ code, field });
      if (message) expect(JSON.stringify(res.body.data), field).toContain(message);
    }
    expect((await t.call('address', 'list', {}, { token })).body.data.total).toBe(0);
  });

  it("keeps the country's code, the phone in its kept form and only the fields the country asks", async () => {
    const { token } = await t.signIn();
    const cn = await t.call('address', 'save', { ...beijing, tel: '13800138000' }, { token });
    expect(cn.body.data.data).toMatchObject({ country: 'CN', tel: '138 0013 8000', province: '北京市', district: '朝阳区' });
    // Hong Kong has no provinces or post codes: what was typed there is not kept.
    const hk = await t.call('address', 'save', { ...anAddress, country: '香港', tel: '91234567', postCode: '999077' }, { token });
    expect(hk.body.data.data).toMatchObject({ country: 'HK', tel: '9123 4567', province: '', city: 'Central', postCode: '' });
    const us = await t.call('address', 'save', { ...newYork, tel: '+86 138 0013 8000' }, { token });
    expect(us.body.data.data).toMatchObject({ country: 'US', tel: '+86 138 0013 8000', province: 'NY', postCode: '10118' });
  });

  it('still lists and changes an address saved before the rules, and asks for its phone to be fixed', async () => {
    const { token, userId } = await t.signIn();
    // As the old form saved it: the country typed, a ten-digit "phone" for Beijing.
    const row = { user_id: userId, name: 'Wang Fang', company: '', tel: '1380013800', email: '', country: '中国', province: '北京', city: '北京', district: '', post_code: '', detail: '建国路 88 号', is_default: 1, created_at: 1, updated_at: 1 };
    const { id } = await t.db.insertInto('addresses').values(row).returning('id').executeTakeFirstOrThrow();
    const listed = (await t.call('address', 'list', {}, { token })).body.data.items;
    expect(listed).toEqual([expect.objectContaining({ id, country: 'CN', tel: '1380013800', district: '' })]);
    const again = await t.call('address', 'save', { ...listed[0], id }, { token });
    expect(again.body).toMatchObject({ code: serverErrors.paramInvalid.code });
    expect(JSON.stringify(again.body.data)).toContain('validation.address_phone_cn');
    const fixed = await t.call('address', 'save', { ...listed[0], id, tel: '13800138000', district: '朝阳区' }, { token });
    expect(fixed.body.data.data).toMatchObject({ id, country: 'CN', tel: '138 0013 8000', district: '朝阳区', defaultAddr: true });
  });

  it("refuses another user's address everywhere", async () => {
    const a = await t.signIn();
    const b = await t.signIn();
    const id = (await t.call('address', 'save', anAddress, { token: a.token })).body.data.id;
    expect((await t.call('address', 'save', { ...anAddress, id, name: 'Mallory' }, { token: b.token })).body.code).toBe(serverErrors.addressWrong.code);
    expect((await t.call('address', 'delete', { id }, { token: b.token })).body.code).toBe(serverErrors.addressWrong.code);
    expect((await t.call('address', 'list', {}, { token: b.token })).body.data.total).toBe(0);
    expect((await t.call('address', 'list', {}, { token: a.token })).body.data.items[0]!.name).toBe('Li Lei');
  });

  it('caps the page size at 30', async () => {
    const { token } = await t.signIn();
    expect((await t.call('address', 'list', { page: 1, size: 31 }, { token })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'size' });
  });
});
