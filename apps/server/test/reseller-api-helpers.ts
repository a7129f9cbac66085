import { PROBLEM_CONTENT_TYPE, problemSchema, Role, type ApiKeyScope, type ErrorDef } from '@simshop/contract';
import { expect } from 'vitest';
import { creditBalance } from '../src/modules/balance/balance.service.ts';
import type { TestApp } from './harness.ts';

/** The reseller API as a client calls it: a reseller, its keys, and requests under /api/v1. */
export function resellerApiClient(t: TestApp) {
  async function reseller(usd = 0) {
    const r = await t.signIn(Role.reseller);
    if (usd > 0) await creditBalance(t.db, { userId: r.userId, currency: 'USD', amount: usd, reason: 'test', orderId: null }, Date.now());
    return r;
  }
  async function key(token: string, input: { scopes?: ApiKeyScope[]; ipAllowList?: string[]; mode?: 'live' | 'test'; name?: string } = {}) {
    const made = await t.call('apiKey', 'create', { name: 'ERP', scopes: ['read', 'order'], ...input }, { token });
    if (made.body.code !== 0) throw new Error(`key not made: ${made.body.msg}`);
    return made.body.data;
  }
  function request(method: 'GET' | 'POST', path: string, options: { secret?: string; body?: unknown; headers?: Record<string, string>; ip?: string; lang?: string } = {}) {
    return t.app.inject({
      method,
      url: `/api/v1${path}`,
      headers: {
        ...(options.secret ? { authorization: `Bearer ${options.secret}` } : {}),
        ...(options.lang ? { 'accept-language': options.lang } : {}),
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...options.headers,
      },
      ...(options.body !== undefined ? { payload: JSON.stringify(options.body) } : {}),
      ...(options.ip ? { remoteAddress: options.ip } : {}),
    });
  }
  const order = (secret: string, idempotencyKey: string | null, body: Record<string, unknown>) =>
    request('POST', '/orders', { secret, body, headers: idempotencyKey === null ? {} : { 'idempotency-key': idempotencyKey } });
  const balanceOf = async (userId: number) => (await t.db.selectFrom('balances').select('amount').where('user_id', '=', userId).where('currency', '=', 'USD').executeTakeFirst())?.amount ?? null;
  const ordersOf = (userId: number) => t.db.selectFrom('orders').select(['id', 'order_no', 'status', 'total']).where('user_id', '=', userId).orderBy('id').execute();
  const ecodesOf = (userId: number) => t.db.selectFrom('ecodes').select(['code', 'order_id']).where('user_id', '=', userId).execute();
  return { reseller, key, request, order, balanceOf, ordersOf, ecodesOf };
}

/** An answer is the catalogue's problem+json for `def`: its status, code, i18n key and type. */
export function expectProblem(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }, def: ErrorDef) {
  expect(res.headers['content-type']).toContain(PROBLEM_CONTENT_TYPE);
  const problem = problemSchema.parse(res.json());
  expect({ status: res.statusCode, code: problem.code }).toEqual({ status: def.status, code: def.code });
  expect(problem).toMatchObject({ status: def.status, i18n: def.i18n, type: `urn:simshop:problem:${def.code}` });
  return problem;
}
