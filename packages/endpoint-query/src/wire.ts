import type {
  ActionName,
  AdminActionName,
  AdminEndpointName,
  AdminRequestOf,
  AdminResponseOf,
  EndpointName,
  RequestOf,
  ResponseOf,
} from '@simshop/contract';

/** An API as types: endpoint → action → the body a caller sends and the answer it gets. */
export type Wire = { readonly [endpoint: string]: { readonly [action: string]: { readonly req: unknown; readonly res: unknown } } };

/** The shop's API (the contract's `api` table). */
export type ShopWire = { [E in EndpointName]: { [A in ActionName<E>]: { req: RequestOf<E, A>; res: ResponseOf<E, A> } } };

/** The console's API (the contract's `adminApi` table). */
export type AdminWire = { [E in AdminEndpointName]: { [A in AdminActionName<E>]: { req: AdminRequestOf<E, A>; res: AdminResponseOf<E, A> } } };

export type EndpointOf<W extends Wire> = keyof W & string;
export type ActionOf<W extends Wire, E extends EndpointOf<W>> = keyof W[E] & string;
export type BodyOf<W extends Wire, E extends EndpointOf<W>, A extends ActionOf<W, E>> = W[E][A]['req'];
export type ResultOf<W extends Wire, E extends EndpointOf<W>, A extends ActionOf<W, E>> = W[E][A]['res'];
