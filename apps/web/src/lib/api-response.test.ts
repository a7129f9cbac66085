import { describe, expect, it } from 'vitest';
import { clientErrors, errorTexts, fail, ok, serverErrors } from '@simshop/contract';
import { ApiError, classifyResponse, debugApiError, describeApiError, isRetryable, parseResponseText } from './api-response';
import type { Translator } from './api-response';

describe('parseResponseText', () => {
  it('parses valid JSON as it is, keeping escapes inside strings', () => {
    const text = JSON.stringify(ok({ note: 'a "quoted" word', path: 'C:\\temp', line: 'one\ntwo', zh: '中文' }));
    expect(text).toContain('\\"');
    expect(parseResponseText(text)).toEqual(ok({ note: 'a "quoted" word', path: 'C:\\temp', line: 'one\ntwo', zh: '中文' }));
  });

  it('strips stray backslashes when the raw text is not valid JSON (SPEC §7)', () => {
    expect(parseResponseText('{\\"status\\":200,\\"code\\":0,\\"data\\":{\\"a\\":1}}')).toEqual({ status: 200, code: 0, data: { a: 1 } });
  });

  it('throws the original error when neither reading parses', () => {
    expect(() => parseResponseText('<html>Bad gateway</html>')).toThrow(SyntaxError);
  });
});

describe('classifyResponse', () => {
  it('is a success on HTTP 200 with status 200 or code 0, carrying data and the cart total', () => {
    expect(classifyResponse(200, ok({ a: 1 }, { cart: 3 }))).toEqual({ kind: 'success', data: { a: 1 }, total: { cart: 3 } });
    expect(classifyResponse(200, { status: 200, code: 7, data: 1 })).toEqual({ kind: 'success', data: 1, total: null });
    expect(classifyResponse(200, { status: 0, code: 0, data: null })).toEqual({ kind: 'success', data: null, total: null });
    expect(classifyResponse(200, { status: '200', data: [] })).toMatchObject({ kind: 'success', data: [] });
    expect(classifyResponse(200, { status: 200, code: 0, data: 1, total: { cart: -1 } })).toMatchObject({ total: null });
  });

  it('is a lost session on HTTP 401 or envelope status 401', () => {
    expect(classifyResponse(401, null)).toEqual({ kind: 'expired' });
    expect(classifyResponse(200, fail(serverErrors.sessionExpired))).toEqual({ kind: 'expired' });
    expect(classifyResponse(200, fail(serverErrors.unauthenticated))).toEqual({ kind: 'expired' });
  });

  it('reads a failure envelope: status or code, i18n key, msg or message, field, data', () => {
    expect(classifyResponse(200, fail(serverErrors.paramInvalid, 'name'))).toEqual({
      kind: 'failure',
      failure: { status: 400, code: 1003, i18n: 'res.param.invalid', msg: 'A parameter is invalid: name', field: 'name', data: null },
    });
    expect(classifyResponse(200, { status: 500, message: 'boom', data: { x: 1 } })).toEqual({
      kind: 'failure',
      failure: { status: 500, code: null, i18n: null, msg: 'boom', field: null, data: { x: 1 } },
    });
  });

  it('is a request error on any other HTTP status, unless a catalogue envelope says more', () => {
    expect(classifyResponse(502, null)).toEqual({ kind: 'http-error', httpStatus: 502 });
    expect(classifyResponse(404, { message: 'Not Found' })).toEqual({ kind: 'http-error', httpStatus: 404 });
    expect(classifyResponse(429, fail(serverErrors.tooFrequent))).toMatchObject({ kind: 'failure', failure: { i18n: 'res.too-frequent' } });
  });

  it('is invalid when HTTP 200 carries no envelope', () => {
    expect(classifyResponse(200, null)).toEqual({ kind: 'invalid' });
    expect(classifyResponse(200, [1, 2])).toEqual({ kind: 'invalid' });
  });
});

describe('describeApiError', () => {
  const make = (lang: 'en' | 'zh-Hans'): Translator => ({
    exists: (key) => key in errorTexts[lang],
    t: (key, params) => (errorTexts[lang][key] ?? key).replace('{{code}}', String(params?.code ?? '')),
  });

  it('translates the catalogue key in the current language', () => {
    const error = new ApiError('failure', { i18n: 'res.signature.invalid', msg: serverErrors.signatureInvalid.en });
    expect(describeApiError(error, make('en'))).toBe(serverErrors.signatureInvalid.en);
    expect(describeApiError(error, make('zh-Hans'))).toContain('请求签名无效或已过期');
  });

  it('never shows the field a failure is about: people read the message, developers the console', () => {
    const error = new ApiError('failure', { i18n: 'res.param.missing', field: 'name' });
    expect(describeApiError(error, make('en'))).toBe(serverErrors.paramMissing.en);
    expect(debugApiError(error)).toBe('simshop: res.param.missing (name)');
    expect(debugApiError(new ApiError('network'))).toBeNull();
  });

  it("falls back to the server's msg, then to unknown error", () => {
    expect(describeApiError(new ApiError('failure', { i18n: 'res.brand-new', msg: 'Brand new failure' }), make('en'))).toBe('Brand new failure');
    expect(describeApiError(new ApiError('failure'), make('en'))).toBe(clientErrors.unknownError.en);
  });

  it('says what a person can do when the network or the shop fails', () => {
    expect(describeApiError(new ApiError('offline'), make('en'))).toBe('You are offline. Check your connection and try again.');
    expect(describeApiError(new ApiError('offline'), make('zh-Hans'))).toBe('您已离线，请检查网络连接后重试。');
    expect(describeApiError(new ApiError('network'), make('en'))).toBe('The shop could not be reached. Check your connection and try again.');
    expect(describeApiError(new ApiError('timeout'), make('zh-Hans'))).toBe('商店暂时没有响应，请稍后再试。');
    expect(describeApiError(new ApiError('http', { httpStatus: 502 }), make('en'))).toBe('The shop is not answering, try again in a moment.');
    expect(describeApiError(new ApiError('http', { httpStatus: 413 }), make('en'))).toBe('Something went wrong (error 413). Try again, or contact us if it keeps happening.');
    expect(describeApiError(new ApiError('invalid'), make('en'))).toBe('Unknown error');
    expect(describeApiError(new ApiError('expired'), make('en'))).toBe(serverErrors.sessionExpired.en);
  });
});

describe('isRetryable', () => {
  it('retries only transient failures', () => {
    expect(isRetryable(new ApiError('network'))).toBe(true);
    expect(isRetryable(new ApiError('timeout'))).toBe(true);
    expect(isRetryable(new ApiError('http', { httpStatus: 503 }))).toBe(true);
    expect(isRetryable(new ApiError('http', { httpStatus: 404 }))).toBe(false);
    expect(isRetryable(new ApiError('failure', { i18n: 'res.param.invalid' }))).toBe(false);
    expect(isRetryable(new ApiError('expired'))).toBe(false);
    expect(isRetryable(new Error('zod'))).toBe(false);
  });
});
