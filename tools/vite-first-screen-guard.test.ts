import { describe, expect, it } from 'vitest';
import { forbiddenOnFirstScreen, type ChunkFacts } from './vite-first-screen-guard.ts';

const chunk = (fileName: string, isEntry: boolean, imports: string[], moduleIds: string[]): ChunkFacts => ({ fileName, isEntry, imports, moduleIds });
const ZOD = /[\\/]node_modules[\\/]zod[\\/]/;

describe('first screen guard', () => {
  it('finds a forbidden module in a chunk the entry imports, however deep', () => {
    const chunks = [chunk('index.js', true, ['first.js'], ['/app/src/main.tsx']), chunk('first.js', false, ['schemas.js'], ['/app/src/shell.tsx']), chunk('schemas.js', false, [], ['/app/node_modules/zod/v4/core.js'])];
    expect(forbiddenOnFirstScreen(chunks, ZOD)).toEqual([{ chunk: 'schemas.js', module: '/app/node_modules/zod/v4/core.js' }]);
  });

  it('lets a lazy chunk (not a static import of an entry) have it', () => {
    const chunks = [chunk('index.js', true, ['first.js'], ['/app/src/main.tsx']), chunk('first.js', false, [], ['/app/src/shell.tsx']), chunk('form-page.js', false, ['schemas.js'], ['/app/src/form.tsx']), chunk('schemas.js', false, [], ['C:\\app\\node_modules\\zod\\index.js'])];
    expect(forbiddenOnFirstScreen(chunks, ZOD)).toEqual([]);
  });
});
