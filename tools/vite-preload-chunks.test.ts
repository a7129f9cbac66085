import { describe, expect, it } from 'vitest';
import { filesOfPage, type PreloadChunkFacts } from './vite-preload-chunks.ts';

const chunk = (fileName: string, imports: string[], css: string[] = [], facadeModuleId: string | null = null, entry?: string): PreloadChunkFacts => ({ fileName, name: entry, isEntry: entry !== undefined, facadeModuleId, imports, css });

describe('page preloads', () => {
  const chunks = [
    chunk('index.js', ['framework.js', 'first.js'], ['first.css'], '/app/index.html', 'index'),
    chunk('framework.js', []),
    chunk('first.js', ['framework.js'], ['first.css']),
    chunk('goods.js', ['first.js', 'tag.js', 'stepper.js'], ['goods.css'], '/app/src/features/catalogue/pages/goods-page.tsx'),
    chunk('tag.js', ['framework.js', 'icon.js'], ['tag.css']),
    chunk('stepper.js', ['icon.js']),
    chunk('icon.js', []),
    chunk('cart.js', ['stepper.js'], [], '/app/src/features/cart/pages/cart-page.tsx'),
  ];

  it("is the page's chunk and everything it imports however deep, with their styles, less what index.html loads", () => {
    expect(filesOfPage(chunks, ['src/features/catalogue/pages/goods-page.tsx'])).toEqual({ scripts: ['goods.js', 'tag.js', 'stepper.js', 'icon.js'], styles: ['goods.css', 'tag.css'] });
  });

  it('takes every module the route imports (a page and its sign-in guard)', () => {
    const withGuard = [...chunks, chunk('guard.js', ['icon.js'], [], '/app/src/components/require-auth.tsx')];
    expect(filesOfPage(withGuard, ['src/features/cart/pages/cart-page.tsx', 'src/components/require-auth.tsx']).scripts).toEqual(['cart.js', 'guard.js', 'stepper.js', 'icon.js']);
  });

  it('finds the page on Windows paths too, and fails the build for a page with no chunk', () => {
    const windows = chunks.map((c) => (c.fileName === 'cart.js' ? { ...c, facadeModuleId: 'C:\\app\\src\\features\\cart\\pages\\cart-page.tsx' } : c));
    expect(filesOfPage(windows, ['src/features/cart/pages/cart-page.tsx'])).toEqual({ scripts: ['cart.js', 'stepper.js', 'icon.js'], styles: [] });
    expect(() => filesOfPage(chunks, ['src/features/gone/pages/gone-page.tsx'])).toThrow(/no chunk for the page module/);
  });
});
