import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';

/** ALERT_WEBHOOK_URL and its secret: both or neither, the secret a Standard Webhooks one. */
describe('the alert webhook settings', () => {
  const secret = `whsec_${randomBytes(32).toString('base64')}`;

  it('are off unless set, and read together', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).alertWebhook).toBeNull();
    expect(loadConfig({ NODE_ENV: 'test', ALERT_WEBHOOK_URL: 'https://ops.example.com/hooks', ALERT_WEBHOOK_SECRET: secret }).alertWebhook).toEqual({ url: 'https://ops.example.com/hooks', secret });
  });

  it('refuse a URL without a secret, a secret that is not one, and an address that is not http(s)', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', ALERT_WEBHOOK_URL: 'https://ops.example.com/hooks' })).toThrow(/ALERT_WEBHOOK_URL needs ALERT_WEBHOOK_SECRET/);
    for (const bad of ['hunter2', `whsec_${randomBytes(8).toString('base64')}`, 'whsec_not base64!']) {
      expect(() => loadConfig({ NODE_ENV: 'test', ALERT_WEBHOOK_URL: 'https://ops.example.com/hooks', ALERT_WEBHOOK_SECRET: bad }), bad).toThrow(/ALERT_WEBHOOK_SECRET/);
    }
    expect(() => loadConfig({ NODE_ENV: 'test', ALERT_WEBHOOK_URL: 'ftp://ops.example.com', ALERT_WEBHOOK_SECRET: secret })).toThrow(/ALERT_WEBHOOK_URL/);
  });
});
