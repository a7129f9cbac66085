import { ADMIN_PRODUCT_IMAGE_PATH, API_BASE, DEFAULT_CONTACT_HOURS, serverErrors, signRequest, type ContactChannelsInput } from '@simshop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';

/** "Contact us" shows the channels the owner sets in the console. */
const t = useTestApp();
let owner: string;
beforeAll(async () => {
  owner = (await t.staffSignIn('owner')).token;
});

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** The QR picture goes up through the console's image upload, like product pictures. */
async function uploadQr(): Promise<{ image: string; url: string }> {
  const boundary = '----simshop-test-boundary';
  const payload = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="qr.png"\r\nContent-Type: image/png\r\n\r\n`), PNG, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const headers = signRequest(t.config.signing, { query: '', body: '', token: owner });
  const res = await t.app.inject({ method: 'POST', url: `${API_BASE}${ADMIN_PRODUCT_IMAGE_PATH}`, headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
  return (res.json() as { data: { image: string; url: string } }).data;
}

const channels = (over: Partial<ContactChannelsInput> = {}): ContactChannelsInput => ({
  phone: '+86 21 5555 0100',
  email: 'help@shop.example.com',
  wechatId: 'shop_help01',
  wechatQr: '',
  addressEn: '1 Harbour Road, Wan Chai, Hong Kong',
  addressZh: '香港湾仔港湾道1号',
  mapUrl: '',
  hours: { days: [1, 2, 3, 4, 5], open: '09:00', close: '18:00' },
  ...over,
});
const current = async () => (await t.call('adminSettings', 'contact', {}, { token: owner })).body.data;
const save = (version: number | null, contact: ContactChannelsInput, token = owner) => t.call('adminSettings', 'save_contact', { version, contact }, { token });
const shopContact = async () => (await t.call('shopSettings', 'contact', {})).body;

describe('contact channels', () => {
  it('shows the demo channels to anyone, signed in or not', async () => {
    const shown = await shopContact();
    expect(shown).toMatchObject({ code: 0, data: { phone: expect.any(String), email: 'service@simshop.local', wechatId: 'simshop-service', wechatQrUrl: null, hours: DEFAULT_CONTACT_HOURS } });
  });

  it('saves what the owner sets (QR included), audited; the shop shows it; empty fields are not shown', async () => {
    const before = await current();
    const qr = await uploadQr();
    const saved = await save(before.updatedAt, channels({ wechatQr: qr.image, hours: { days: [5, 1, 3], open: '09:00', close: '18:00' } }));
    expect(saved.body).toMatchObject({ code: 0, data: { phone: '+86 21 5555 0100', wechatQr: qr.image, wechatQrUrl: qr.url, hours: { days: [1, 3, 5] }, mapUrl: null } });
    expect(saved.body.data.updatedAt).toBeGreaterThan(before.updatedAt ?? 0);
    expect((await shopContact()).data).toMatchObject({ email: 'help@shop.example.com', addressZh: '香港湾仔港湾道1号', wechatQrUrl: qr.url });
    expect((await t.app.inject({ method: 'GET', url: qr.url })).statusCode).toBe(200);
    const audit = await t.auditOf('settings', 'contact');
    expect(audit.at(-1)).toMatchObject({ action: 'settings.contact', actor: 'owner@simshop.local' });
    expect(JSON.parse(audit.at(-1)!.before_json!)).toMatchObject({ email: 'service@simshop.local' });
    expect(JSON.parse(audit.at(-1)!.after_json!)).toMatchObject({ email: 'help@shop.example.com' });

    const cleared = await save(saved.body.data.updatedAt, channels({ phone: '  ', email: '', wechatId: '', addressEn: '', addressZh: '' }));
    expect(cleared.body.code).toBe(0);
    expect((await shopContact()).data).toMatchObject({ phone: null, email: null, wechatId: null, wechatQr: null, addressEn: null, addressZh: null });
  });

  it('refuses a save over a version someone else saved, and writes nothing', async () => {
    const start = await current();
    expect((await save(start.updatedAt, channels({ email: 'first@shop.example.com' }))).body.code).toBe(0);
    const audits = (await t.auditOf('settings', 'contact')).length;
    const late = await save(start.updatedAt, channels({ email: 'second@shop.example.com' }));
    expect(late.body).toMatchObject({ code: serverErrors.changedBySomeoneElse.code, field: 'version' });
    expect((await shopContact()).data.email).toBe('first@shop.example.com');
    expect(await t.auditOf('settings', 'contact')).toHaveLength(audits);
  });

  it('refuses each invalid field with its rule, and a QR that was never uploaded', async () => {
    const { updatedAt } = await current();
    const cases: Array<[Partial<ContactChannelsInput>, string, string]> = [
      [{ phone: 'call us' }, 'contact.phone', 'validation.contact_phone'],
      [{ phone: '12' }, 'contact.phone', 'validation.contact_phone'],
      [{ email: 'help@' }, 'contact.email', 'validation.email'],
      [{ wechatId: '1abc' }, 'contact.wechatId', 'validation.wechat_id'],
      [{ wechatId: '', wechatQr: 'products/00000000-0000-0000-0000-000000000000' }, 'contact.wechatId', 'validation.required'],
      [{ wechatQr: '../etc/passwd' }, 'contact.wechatQr', 'validation.invalid'],
      [{ mapUrl: 'javascript:alert(1)' }, 'contact.mapUrl', 'validation.url'],
      [{ addressEn: 'x'.repeat(201) }, 'contact.addressEn', 'validation.too_long'],
      [{ hours: { days: [], open: '09:00', close: '18:00' } }, 'contact.hours.days', 'validation.required'],
      [{ hours: { days: [1, 1], open: '09:00', close: '18:00' } }, 'contact.hours.days', 'validation.invalid'],
      [{ hours: { days: [8], open: '09:00', close: '18:00' } }, 'contact.hours.days.0', 'validation.invalid'],
      [{ hours: { days: [1], open: '9:00', close: '18:00' } }, 'contact.hours.open', 'validation.time'],
      [{ hours: { days: [1], open: '18:00', close: '09:00' } }, 'contact.hours.close', 'validation.hours_order'],
    ];
    for (const [over, field, message] of cases) {
      const res = await save(updatedAt, channels(over));
      expect(res.body, JSON.stringify(over)).toMatchObject({ code: serverErrors.paramInvalid.code, field });
      expect(JSON.stringify(res.body.data), JSON.stringify(over)).toContain(message);
    }
    const missing = await save(updatedAt, channels({ wechatQr: 'products/00000000-0000-0000-0000-000000000000' }));
    expect(missing.body).toMatchObject({ code: serverErrors.contactQrMissing.code, field: 'contact.wechatQr' });
    expect((await t.call('adminSettings', 'save_contact', { contact: channels() }, { token: owner })).body).toMatchObject({ code: serverErrors.paramMissing.code, field: 'version' });
    expect((await current()).updatedAt).toBe(updatedAt);
  });

  it('is the owner’s: other staff roles are refused both reading and saving', async () => {
    const { updatedAt } = await current();
    for (const role of ['operator', 'support', 'finance'] as const) {
      const token = (await t.staffSignIn(role)).token;
      expect((await t.call('adminSettings', 'contact', {}, { token })).body.code, role).toBe(serverErrors.permissionDenied.code);
      expect((await save(updatedAt, channels({ email: `${role}@shop.example.com` }), token)).body.code, role).toBe(serverErrors.permissionDenied.code);
    }
    expect((await current()).updatedAt).toBe(updatedAt);
  });
});
