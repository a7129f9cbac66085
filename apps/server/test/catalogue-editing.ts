import type { AdminProduct, ProductInput } from '@simshop/contract';
import { aProduct, aSku } from './fixtures.ts';
import type { TestApp } from './harness.ts';
import type { StaffTokens } from './staff-tokens.ts';

/**
 * What the console's catalogue tests do as an editor would: load a product, send it back edited,
 * make new valid products, and look at what the shop and the tables hold afterwards.
 */
export function catalogueEditing(t: TestApp, staff: StaffTokens) {
  const idOf = async (key: string) => (await t.db.selectFrom('products').select('id').where('key', '=', key).executeTakeFirstOrThrow()).id;
  const load = async (id: number, token = staff.owner) => (await t.call('adminProduct', 'get', { id }, { token })).body.data as AdminProduct & { history: Array<{ action: string }> };
  const countProducts = async () => Number((await t.db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const shopDetail = async (id: number) => (await t.call('product', 'detail', { id })).body;

  /** What the editor sends back for a loaded product: the same fields, SKU stock with what it showed. */
  function editOf(p: AdminProduct) {
    const { history: _h, createdAt: _c, updatedAt: _u, skus, labels, ...rest } = p as AdminProduct & { history?: unknown };
    const pool = p.kind === 'esim' && p.esimSource === 'pool';
    return {
      ...rest,
      labelIds: labels.map((l) => l.id),
      skus: skus.map(({ pool: _pool, stock, ...s }) => ({ ...s, stock: pool ? null : stock, loadedStock: pool ? null : stock })),
    };
  }

  let made = 0;
  /** A valid new product: a SIM card with one specification and two SKUs. */
  function newProduct(overrides: Partial<ProductInput> = {}): ProductInput {
    made += 1;
    return aProduct({
      key: `test-card-${made}`,
      name: { en: `Test card ${made}`, zh: `测试卡${made}` },
      subtitle: { en: 'A test', zh: '测试' },
      images: ['demo/sim-card.svg'],
      freight: 500,
      requiredInputs: ['paperCard'],
      specs: [{ name: { en: 'Data', zh: '流量' }, values: [{ en: '1 GB', zh: '1GB' }, { en: '5 GB', zh: '5GB' }] }],
      skus: [aSku({ code: `TC-${made}-1`, options: [0], price: 1000, wholesalePrice: 800, stock: 10 }), aSku({ code: `TC-${made}-5`, options: [1], price: 2000 })],
      ...overrides,
    });
  }

  return { idOf, load, countProducts, shopDetail, editOf, newProduct };
}
