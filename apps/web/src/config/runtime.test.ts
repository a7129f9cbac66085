import { describe, expect, it } from 'vitest';
import { DEV_RUNTIME, readRuntimeConfig } from './runtime';

describe('readRuntimeConfig', () => {
  it('uses the development defaults without an injection', () => {
    expect(readRuntimeConfig(undefined)).toEqual({ certificate: 'web', secret: 'simshop-dev-signing-secret', staticHost: '/static', wechatAppId: '', cardPayments: '' });
    expect(DEV_RUNTIME.certificate).toBe('web');
  });

  it('takes injected values and ignores empty or odd ones', () => {
    expect(readRuntimeConfig({ certificate: 'shop', secret: 's3cret', staticHost: 'https://cdn.example.com/', wechatAppId: 'wx123', cardPayments: 'on' })).toEqual({ certificate: 'shop', secret: 's3cret', staticHost: 'https://cdn.example.com', wechatAppId: 'wx123', cardPayments: 'on' });
    expect(readRuntimeConfig({ certificate: '', secret: 42, staticHost: '  ' })).toEqual(DEV_RUNTIME);
  });
});
