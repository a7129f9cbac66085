import { serverErrors } from '@simshop/contract';
import { describe, expect, it } from 'vitest';
import { anAddress } from './fixtures.ts';
import { useTestApp } from './harness.ts';

const t = useTestApp();

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
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ ...anAddress, name: '' }, serverErrors.paramInvalid.code, 'name'],
      [{ ...anAddress, name: undefined }, serverErrors.paramMissing.code, 'name'],
      [{ ...anAddress, tel: '12' }, serverErrors.paramInvalid.code, 'tel'],
      [{ ...anAddress, tel: 'call me' }, serverErrors.paramInvalid.code, 'tel'],
      [{ ...anAddress, email: 'not-mail' }, serverErrors.paramInvalid.code, 'email'],
      [{ ...anAddress, country: '' }, serverErrors.paramInvalid.code, 'country'],
      [{ ...anAddress, province: '' }, serverErrors.paramInvalid.code, 'province'],
      [{ ...anAddress, city: '' }, serverErrors.paramInvalid.code, 'city'],
      [{ ...anAddress, detail: '' }, serverErrors.paramInvalid.code, 'detail'],
      [{ ...anAddress, detail: 'x'.repeat(201) }, serverErrors.paramInvalid.code, 'detail'],
      [{ ...anAddress, postCode: '12345678901234' }, serverErrors.paramInvalid.code, 'postCode'],
      [{ ...anAddress, defaultAddr: 'yes' }, serverErrors.paramInvalid.code, 'defaultAddr'],
    ];
    for (const [body, code, field] of cases) {
      expect((await t.call('address', 'save', body, { token })).body, field).toMatchObject({ code, field });
    }
    expect((await t.call('address', 'list', {}, { token })).body.data.total).toBe(0);
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
