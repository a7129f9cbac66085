import { describe, expect, it } from 'vitest';
import { landingKitName, type ModuleGraph } from './vite-landing-kits.ts';

/** A module graph from `importer: [imported...]`. */
function graphOf(edges: Record<string, string[]>): ModuleGraph {
  const ids = new Set([...Object.keys(edges), ...Object.values(edges).flat()]);
  return { getModuleInfo: (id) => (ids.has(id) ? { importedIds: edges[id] ?? [], importers: Object.keys(edges).filter((from) => edges[from]!.includes(id)) } : null) };
}

describe('landing page kits', () => {
  const graph = graphOf({
    goods: ['reviews', 'stepper', 'layout'],
    reviews: ['stars'],
    stepper: ['icon'],
    cart: ['stepper', 'cart-list'],
    orders: ['layout', 'stars'],
    'cart-list': ['icon'],
  });
  const kit = landingKitName({ goods: ['goods'], cart: ['cart'] });

  it("takes what a landing page imports, however deep, that other modules import too; leaves the page's own to its chunk", () => {
    expect(['stepper', 'layout', 'stars', 'icon'].map((id) => kit(id, graph))).toEqual(['goods-kit', 'goods-kit', 'goods-kit', 'goods-kit']);
    // Only goods uses reviews: it stays in the goods page's chunk; the page itself too.
    expect(kit('reviews', graph)).toBeNull();
    expect(kit('goods', graph)).toBeNull();
  });

  it("gives the next landing page a kit of its own for what the first one's kit does not take, and nothing to other pages", () => {
    expect(kit('cart-list', graph)).toBeNull();
    expect(kit('orders', graph)).toBeNull();
    const cartFirst = landingKitName({ cart: ['cart', 'cart-list'], goods: ['goods'] });
    expect(cartFirst('stepper', graph)).toBe('cart-kit');
    expect(cartFirst('layout', graph)).toBe('goods-kit');
  });
});
