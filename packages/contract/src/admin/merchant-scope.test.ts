import { describe, expect, it } from 'vitest';
import { adminApi } from './index.ts';
import { ADMIN_MERCHANT_SCOPES, MERCHANT_RESOURCES, merchantScopeOf } from './merchant-scope.ts';

describe('the merchant scope table', () => {
  it('declares a scope for every admin action, and none for an action that does not exist', () => {
    const actions = Object.entries(adminApi).flatMap(([endpoint, def]) => Object.keys(def.actions).map((action) => `${endpoint}.${action}`));
    const declared = Object.entries(ADMIN_MERCHANT_SCOPES).flatMap(([endpoint, scopes]) => Object.keys(scopes).map((action) => `${endpoint}.${action}`));
    expect(declared.sort()).toEqual(actions.sort());
    for (const name of actions) {
      const [endpoint, action] = name.split('.') as [string, string];
      expect(merchantScopeOf(endpoint, action), name).toBeDefined();
    }
    expect(merchantScopeOf('adminOrder', 'no_such_action')).toBeUndefined();
  });

  it('names, for each action on one object, a known resource and a field of its request', () => {
    for (const [endpoint, scopes] of Object.entries(ADMIN_MERCHANT_SCOPES)) {
      for (const [action, scope] of Object.entries(scopes as Record<string, unknown>)) {
        if (typeof scope === 'string') {
          expect(['platform', 'shared', 'list', 'create', 'each'], `${endpoint}.${action}`).toContain(scope);
          continue;
        }
        const { object, field } = scope as { object: string; field: string };
        expect(MERCHANT_RESOURCES as readonly string[]).toContain(object);
        const request = (adminApi as unknown as Record<string, { actions: Record<string, { request: { shape?: Record<string, unknown> } }> }>)[endpoint]!.actions[action]!.request;
        expect(Object.keys(request.shape ?? {}), `${endpoint}.${action}`).toContain(field);
      }
    }
  });
});
