import { Language } from '@simshop/contract';
import { describe, expect, it, vi } from 'vitest';
import { Translator, markupParts } from './translator';

const make = () =>
  new Translator(
    {
      en: { hello: 'Hello {{name}}', 'cart.items_one': '{{count}} item', 'cart.items_other': '{{count}} items', only: 'English only', 'res.param.error': 'A parameter is invalid' },
      'zh-Hans': { hello: '你好 {{name}}', 'cart.items_one': '{{count}} 件', 'cart.items_other': '{{count}} 件商品' },
    },
    Language.en,
    Language.en,
  );

describe('Translator', () => {
  it('puts values into a text, flat dotted keys included, and leaves a missing value visible', () => {
    const i18n = make();
    expect(i18n.t('hello', { name: 'Ana' })).toBe('Hello Ana');
    expect(i18n.t('hello')).toBe('Hello {{name}}');
    expect(i18n.t('hello', {})).toBe('Hello {{name}}');
    expect(i18n.t('res.param.error')).toBe('A parameter is invalid');
  });

  it('picks the plural form of the language by count (Chinese has one)', () => {
    const i18n = make();
    expect(i18n.t('cart.items', { count: 1 })).toBe('1 item');
    expect(i18n.t('cart.items', { count: 0 })).toBe('0 items');
    expect(i18n.t('cart.items', { count: 3 })).toBe('3 items');
    i18n.changeLanguage(Language.zhHans);
    expect(i18n.t('cart.items', { count: 1 })).toBe('1 件商品');
  });

  it('falls back to English, then to the key itself', () => {
    const i18n = make();
    i18n.changeLanguage(Language.zhHans);
    expect(i18n.t('hello', { name: 'Ana' })).toBe('你好 Ana');
    expect(i18n.t('only')).toBe('English only');
    expect(i18n.t('no.such.key')).toBe('no.such.key');
    expect(i18n.exists('only')).toBe(true);
    expect(i18n.exists('no.such.key')).toBe(false);
  });

  it('tells its subscribers when texts arrive or the language changes, not when nothing changed', () => {
    const i18n = make();
    const listener = vi.fn();
    const stop = i18n.subscribe(listener);
    const before = i18n.getRevision();
    i18n.addTexts(Language.zhHans, { only: '仅中文' });
    i18n.changeLanguage(Language.zhHans);
    i18n.changeLanguage(Language.zhHans);
    expect(listener).toHaveBeenCalledTimes(2);
    expect(i18n.getRevision()).toBe(before + 2);
    expect(i18n.t('only')).toBe('仅中文');
    stop();
    i18n.changeLanguage(Language.en);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('markupParts', () => {
  it('splits a text into plain parts and tagged parts', () => {
    expect(markupParts('<b>2 GB</b> left of 5 GB')).toEqual([{ tag: 'b', text: '2 GB' }, ' left of 5 GB']);
    expect(markupParts('剩余 <b>2 GB</b>，共 5 GB')).toEqual(['剩余 ', { tag: 'b', text: '2 GB' }, '，共 5 GB']);
    expect(markupParts('no markup')).toEqual(['no markup']);
    expect(markupParts('<b>1</b> of <i>2</i>')).toEqual([{ tag: 'b', text: '1' }, ' of ', { tag: 'i', text: '2' }]);
  });
});
