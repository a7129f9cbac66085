import { describe, expect, it } from 'vitest';
import { errorTexts } from '@simshop/contract';
import { detectInitialLanguage } from './language';
import { en } from './en';
import { zhHans } from './zh-hans';
import { domainTexts } from './page-texts';

describe('UI texts', () => {
  it('exist in both languages with the same keys and no empty text', () => {
    expect(Object.keys(zhHans).sort()).toEqual(Object.keys(en).sort());
    for (const text of [...Object.values(en), ...Object.values(zhHans)]) expect(text.trim()).not.toBe('');
  });

  it('keep the same interpolation variables in both languages', () => {
    const vars = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(en) as (keyof typeof en)[]) expect(vars(zhHans[key])).toEqual(vars(en[key]));
  });

  it('cover the translation keys of SPEC §8 (with the contract catalogue)', () => {
    const keys = ['app.title', 'title.tip', 'login.expired.content', 'btn.sign-in', 'logout.content', 'common.continue', 'common.adding', 'common.success', 'common.success.copy', 'common.fail.copy', 'common.downloading', 'common.fail.download', 'res.param.error'];
    for (const lang of ['en', 'zh-Hans'] as const) {
      const all: Record<string, string> = { ...errorTexts[lang], ...(lang === 'en' ? en : zhHans) };
      for (const key of keys) expect(all[key], `${lang}: ${key}`).toBeTruthy();
    }
  });

  it('do not shadow the catalogue', () => {
    for (const key of Object.keys(en)) expect(errorTexts.en[key], key).toBeUndefined();
  });
});

describe('page texts of every domain', () => {
  for (const [domain, texts] of Object.entries(domainTexts)) {
    const enTexts: Record<string, string> = texts.en;
    const zhTexts: Record<string, string> = texts['zh-Hans'];
    it(`${domain}: both languages, same keys and variables, nothing empty, no shadowing`, () => {
      expect(Object.keys(zhTexts).sort()).toEqual(Object.keys(enTexts).sort());
      const vars = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      for (const key of Object.keys(enTexts)) {
        expect(enTexts[key]!.trim(), key).not.toBe('');
        expect(zhTexts[key]!.trim(), key).not.toBe('');
        expect(vars(zhTexts[key]!), key).toEqual(vars(enTexts[key]!));
        expect(errorTexts.en[key], `${key} shadows the catalogue`).toBeUndefined();
      }
    });
  }

  it('no key is defined by two domains or by the shell texts', () => {
    const seen = new Map<string, string>(Object.keys(en).map((k) => [k, 'shell']));
    for (const [domain, texts] of Object.entries(domainTexts)) {
      for (const key of Object.keys(texts.en)) {
        expect(seen.get(key), `${key} in ${domain}`).toBeUndefined();
        seen.set(key, domain);
      }
    }
  });
});

describe('detectInitialLanguage', () => {
  it('prefers the stored choice', () => {
    expect(detectInitialLanguage('zh-Hans', 'en-US')).toBe('zh-Hans');
    expect(detectInitialLanguage('en', 'zh-CN')).toBe('en');
  });

  it("maps the browser's language by SPEC §9", () => {
    for (const tag of ['zh', 'zh-TW', 'zh-CN', 'zh-HK']) expect(detectInitialLanguage(null, tag)).toBe('zh-Hans');
    for (const tag of ['en-US', 'fr', 'ja-JP', '', undefined]) expect(detectInitialLanguage(null, tag)).toBe('en');
  });

  it('normalises an odd stored value instead of ignoring it', () => {
    expect(detectInitialLanguage('zh-TW', 'en-US')).toBe('zh-Hans');
    expect(detectInitialLanguage(42, 'zh-HK')).toBe('zh-Hans');
  });
});
