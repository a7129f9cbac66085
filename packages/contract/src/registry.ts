import type { z } from 'zod';
import { adminApi, type AdminApi } from './admin/index.ts';
import { api, type Api, type EndpointDef } from './api.ts';

/**
 * The shop's and the console's endpoints together, for the server (dispatcher, OpenAPI, tests).
 * The apps import only their own table, so neither bundle carries the other's schemas.
 */
export const fullApi = { ...api, ...adminApi } as const;
export type FullApi = Api & AdminApi;
export type AnyEndpointName = keyof FullApi;
export type AnyActionName<E extends AnyEndpointName> = keyof FullApi[E]['actions'] & string;
type AnyActionOf<E extends AnyEndpointName, A extends AnyActionName<E>> = FullApi[E]['actions'][A] extends { request: infer Req extends z.ZodType; response: infer Res extends z.ZodType } ? { req: Req; res: Res } : never;
export type AnyRequestOf<E extends AnyEndpointName, A extends AnyActionName<E>> = z.input<AnyActionOf<E, A>['req']>;
export type AnyResponseOf<E extends AnyEndpointName, A extends AnyActionName<E>> = z.output<AnyActionOf<E, A>['res']>;

const byPath = new Map<string, EndpointDef>(Object.values(fullApi).map((e) => [e.path, e as EndpointDef]));
if (byPath.size !== Object.keys(fullApi).length) throw new Error('Two endpoints share a path');

/** The endpoint (shop or console) registered at a path without the /fetch base. */
export function endpointAt(path: string): EndpointDef | undefined {
  return byPath.get(path);
}

export function allEndpoints(): EndpointDef[] {
  return [...byPath.values()];
}
