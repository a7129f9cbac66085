import { expect } from 'vitest';
import type { TestApp } from './harness.ts';

let seq = 0;
/** An email address no account has yet. */
export const uniqueEmail = () => `buyer${++seq}-${Date.now()}@example.com`;
/** A mainland mobile number no account has yet (the counter keeps two in one millisecond apart). */
export const uniqueTel = () => `139${String((Date.now() + ++seq * 7919) % 1e8).padStart(8, '0')}`;

/** Signs up customers as the shop does, with a code sent to the account: account, password, session and id. */
export function registrar(t: TestApp) {
  return async (account = uniqueEmail(), password = 'secret123') => {
    const code = await t.sendCode(account, 'register');
    const res = await t.call('login', 'register', { account, code, password });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    return { account, password, token: res.body.data.token, userId: res.body.data.data.id };
  };
}
