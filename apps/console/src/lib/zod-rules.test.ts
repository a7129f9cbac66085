import { homeSaveRequest } from '@simshop/contract';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { fieldSchema, zodRule } from './zod-rules';

const t = ((key: string) => key) as unknown as TFunction;
type Validating = { validator: (rule: unknown, value: unknown) => Promise<void> };
const check = (path: string, value: unknown, options = {}) => (zodRule(fieldSchema(homeSaveRequest, path), t, options) as Validating).validator({}, value);

describe('fieldSchema through a link of several kinds', () => {
  it('finds one kind’s own field', async () => {
    await expect(check('content.banners.link.url', 'https://example.com')).resolves.toBeUndefined();
    await expect(check('content.banners.link.url', 'javascript:alert(1)')).rejects.toThrow('validation.url');
    await expect(check('content.banners.link.file', '', { requiredMessage: 'pick a file' })).rejects.toThrow('pick a file');
    await expect(check('content.banners.link.page', '   ', { requiredMessage: 'pick a page' })).rejects.toThrow('pick a page');
  });

  it('takes the kind itself from every kind', async () => {
    for (const kind of ['inner', 'goods', 'outer', 'mp', 'download', 'product']) await expect(check('content.shortcuts.link.type', kind)).resolves.toBeUndefined();
    await expect(check('content.shortcuts.link.type', 'nowhere')).rejects.toThrow('validation.invalid');
  });

  it('says a shortcut needs a link and a banner does not', () => {
    expect(fieldSchema(homeSaveRequest, 'content.shortcuts.link').safeParse(undefined).success).toBe(false);
    expect(fieldSchema(homeSaveRequest, 'content.banners.link').safeParse(undefined).success).toBe(true);
  });

  it('refuses a field no kind has', () => {
    expect(() => fieldSchema(homeSaveRequest, 'content.banners.link.nothing')).toThrow('no field');
  });
});
