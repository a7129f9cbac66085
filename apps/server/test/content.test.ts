import { homeContentSchema, serverErrors } from '@simshop/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';

const t = useTestApp();

describe('json-content get_cache', () => {
  it('returns the seeded home block in English', async () => {
    const res = await t.call('jsonContent', 'get_cache', { name: 'home', version: '1', i18n: 'en' });
    expect(res.body.data).toMatchObject({ name: 'home', version: '1', i18n: 'en' });
    const home = homeContentSchema.parse(res.body.data.content);
    expect(home.title).toBe('SimShop');
  });

  it('returns the Chinese block for zh-Hans', async () => {
    const res = await t.call('jsonContent', 'get_cache', { name: 'home', version: '1', i18n: 'zh-Hans' });
    expect(res.body.data.i18n).toBe('zh-Hans');
    expect(homeContentSchema.parse(res.body.data.content).title).toContain('电话卡');
  });

  it('forces en when the language is neither zh-Hans nor en', async () => {
    for (const i18n of ['fr', 'zh-TW', 'de-DE', '']) {
      const res = await t.call('jsonContent', 'get_cache', { name: 'home', version: '1', i18n });
      expect(res.body.data.i18n).toBe('en');
    }
    const none = await t.call('jsonContent', 'get_cache', { name: 'home', version: '1' });
    expect(none.body.data.i18n).toBe('en');
  });

  it('names the missing field', async () => {
    const res = await t.call('jsonContent', 'get_cache', { version: '1', i18n: 'en' });
    expect(res.body).toMatchObject({ code: serverErrors.paramMissing.code, i18n: 'res.param.missing', field: 'name' });
    const noVersion = await t.call('jsonContent', 'get_cache', { name: 'home' });
    expect(noVersion.body).toMatchObject({ code: serverErrors.paramMissing.code, field: 'version' });
  });

  it('names an invalid field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '../etc/passwd', version: '1' }, 'name'],
      [{ name: 42, version: '1' }, 'name'],
      [{ name: 'home', version: '' }, 'version'],
      [{ name: 'home', version: '1', i18n: 'x'.repeat(100) }, 'i18n'],
    ];
    for (const [body, field] of cases) {
      const res = await t.call('jsonContent', 'get_cache', body);
      expect(res.body, JSON.stringify(body)).toMatchObject({ code: serverErrors.paramInvalid.code, i18n: 'res.param.invalid', field });
    }
  });

  it('answers an unknown block with "not found"', async () => {
    const res = await t.call('jsonContent', 'get_cache', { name: 'nothing-here', version: '1', i18n: 'en' });
    expect(res.body).toMatchObject({ code: serverErrors.notFound.code, i18n: 'res.not-found' });
    const otherVersion = await t.call('jsonContent', 'get_cache', { name: 'home', version: '2', i18n: 'en' });
    expect(otherVersion.body.code).toBe(serverErrors.notFound.code);
  });

  it('falls back to English for a block that has no Chinese version', async () => {
    const { saveContent } = await import('../src/modules/content/content.service.ts');
    await saveContent(t.db, { name: 'promo', version: '1', lang: 'en', content: { hello: 'world' } });
    const res = await t.call('jsonContent', 'get_cache', { name: 'promo', version: '1', i18n: 'zh-Hans' });
    expect(res.body.data).toMatchObject({ i18n: 'en', content: { hello: 'world' } });
  });
});
