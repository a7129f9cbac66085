import type { ProductKindHandler } from './product-kind.ts';

/** A physical SIM card: shipped by the shop (orders/order-admin.service.ts); its stock returns when a paid order is refunded. */
export const simKind: ProductKindHandler<'sim'> = { kind: 'sim', orderable: true, payableFromBalance: true, verifiedByShop: false };
