import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildOpenApi } from './openapi.ts';

describe('docs/openapi.json', () => {
  it('is what the contract generates (run `npm run openapi` after changing the contract)', () => {
    const committed = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../docs/openapi.json'), 'utf8'));
    expect(committed).toEqual(JSON.parse(JSON.stringify(buildOpenApi())));
  });
});
