import type { ProductKindHandler } from './product-kind.ts';

/** A service (unlock, inquiry): after payment the shop verifies it and moves it along its steps by hand. */
export const serviceKind: ProductKindHandler<'service'> = { kind: 'service', orderable: true, payableFromBalance: true, verifiedByShop: true };
