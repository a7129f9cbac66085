import { describe, expect, it } from 'vitest';
import { canApplyEcode, customiseEcodeMessage, ECODE_TRANSITIONS, isCustomiseEcode, normaliseCustomiseEcode, QPE_VARIANTS, qpeVariantSchema } from './ecode.ts';
import { EcodeStatus, EsimClass } from './enums.ts';

describe('ECode lifecycle', () => {
  it('allows exactly the transitions of the table', () => {
    const allowed = Object.entries(ECODE_TRANSITIONS).flatMap(([event, [from]]) => from.map((f) => `${event}:${f}`));
    expect(allowed.sort()).toEqual(['customize:sold', 'customize:unused', 'delete:sold', 'delete:unused', 'invalidate:unused', 'sell:unused']);
    for (const s of Object.values(EcodeStatus)) {
      expect(canApplyEcode('sell', s)).toBe(s === 'unused');
      expect(canApplyEcode('delete', s)).toBe(s === 'unused' || s === 'sold');
    }
    // Terminal states lead nowhere.
    for (const s of ['customized', 'invalid', 'deleted'] as const) for (const e of Object.keys(ECODE_TRANSITIONS) as Array<keyof typeof ECODE_TRANSITIONS>) expect(canApplyEcode(e, s)).toBe(false);
  });
});

describe('QPE variants and the customise ECode rule', () => {
  it('maps each variant to its eSIM class', () => {
    expect(QPE_VARIANTS.qpe.esimClass).toBe(EsimClass.qpeInstant);
    expect(QPE_VARIANTS.longkese.esimClass).toBe(EsimClass.qpePregenerated);
    expect(qpeVariantSchema.options).toEqual(['qpe', 'longkese']);
  });

  it('takes 12 letters or digits on the signed-in pages, exactly JT + 10 digits on the secret pages', () => {
    expect(isCustomiseEcode('JT0123456789', false)).toBe(true);
    expect(isCustomiseEcode(' jt0123456789 ', false)).toBe(true);
    expect(normaliseCustomiseEcode(' jt0123456789 ')).toBe('JT0123456789');
    for (const v of ['JT012345678', 'JT01234567890', 'JT-123456789', '']) expect(isCustomiseEcode(v, false), v).toBe(false);
    expect(isCustomiseEcode('JT0123456789', true)).toBe(true);
    for (const v of ['jt0123456789', '012345678912', 'JTA123456789']) expect(isCustomiseEcode(v, true), v).toBe(false);
    expect(customiseEcodeMessage(true)).toBe('validation.ecode');
    expect(customiseEcodeMessage(false)).toBe('validation.ecode_digits12');
  });
});
