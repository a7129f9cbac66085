import { describe, expect, it } from 'vitest';
import { api } from './api.ts';
import { API_PATHS } from './api-paths.ts';

describe('API paths', () => {
  it('holds the path of every domain of the API table, the same one', () => {
    for (const [domain, def] of Object.entries(api)) expect(API_PATHS[domain as keyof typeof API_PATHS], domain).toBe(def.path);
  });

  it('has no path that the table does not serve, and no path twice', () => {
    expect(Object.keys(API_PATHS).sort()).toEqual(Object.keys(api).sort());
    expect(new Set(Object.values(API_PATHS)).size).toBe(Object.values(API_PATHS).length);
  });
});
