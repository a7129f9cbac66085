import type { z } from 'zod';
import { getCacheRequest, getCacheResponse } from './content.ts';
import { emptyRequest, userInfoSchema } from './users.ts';

/**
 * The wire (SPEC §7, DESIGN §3): `POST /fetch<path>?action=<name>` with a JSON body.
 * This file is the one list of paths and of the actions each accepts, with their request and
 * response schemas. The server dispatches from it, the web client types its calls with it and
 * OpenAPI is generated from it. Domains add their actions here as they are built.
 */
export const API_BASE = '/fetch';
export const DOWNLOAD_PATH = '/mall/v2/download';

/** Who may call an action. */
export type Access = 'public' | 'user' | 'reseller';

export interface ActionDef<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  readonly access: Access;
  readonly summary: string;
  readonly request: Req;
  readonly response: Res;
}

export const defineAction = <Req extends z.ZodType, Res extends z.ZodType>(def: ActionDef<Req, Res>): ActionDef<Req, Res> => def;

export interface EndpointDef {
  readonly path: string;
  readonly summary: string;
  /** multipart uploads are not signed over their body (SPEC §7). */
  readonly unsignedBody?: boolean;
  readonly actions: Readonly<Record<string, ActionDef>>;
}

const endpoint = <A extends Record<string, ActionDef>>(path: string, summary: string, actions: A, extra: { unsignedBody?: boolean } = {}) =>
  ({ path, summary, actions, ...extra }) as const;

export const api = {
  article: endpoint('/mall/article.do', 'Articles (tutorials)', {}),
  esim: endpoint('/mall/authc/v2/esim.do', 'eSIM', {}),
  resellerMessage: endpoint('/mall/resell/message.do', 'Reseller messages', {}),
  sim: endpoint('/mall/authc/sim.do', 'SIM', {}),
  supsim: endpoint('/mall/authc/v2/supsim.do', 'SuperSIM', {}),
  upload: endpoint('/mall/authc/upload.do', 'File upload (multipart, body not signed)', {}, { unsignedBody: true }),
  esimSelfAdd: endpoint('/v3/esim/mall/add/self/number.do', 'eSIM white-list self-adder', {}),
  address: endpoint('/v3/main/mall/user/address.do', 'Address book (list, delete, save)', {}),
  billing: endpoint('/v3/sim/mall/billing.do', 'Billing', {}),
  charge: endpoint('/v3/sim/mall/charge.do', 'Recharge', {}),
  ecodeCustomize: endpoint('/v3/esim/mall/ecode/customize.do', 'ECode customise', {}),
  ecodeManage: endpoint('/v3/esim/mall/ecode/manage.do', 'ECode manage', {}),
  balance: endpoint('/v3/esim/mall/balance.do', 'Balance', {}),
  resellerNumber: endpoint('/v3/esim/mall/number/reseller.do', 'Reseller numbers', {}),
  esimSearch: endpoint('/v3/esim/mall/search/number.do', 'eSIM search', {}),
  jsonContent: endpoint('/v3/main/mall/json-content.do', 'Home content blocks', {
    get_cache: defineAction({
      access: 'public',
      summary: 'A cached JSON block by page name, version and language (i18n forced to en unless zh-Hans or en)',
      request: getCacheRequest,
      response: getCacheResponse,
    }),
  }),
  login: endpoint('/v3/main/mall/login.do', 'Regular sign-in', {}),
  resellerLogin: endpoint('/v3/main/mall/reseller/login.do', 'Reseller sign-in', {}),
  order: endpoint('/v3/order/mall/order.do', 'Orders', {}),
  item: endpoint('/v3/order/mall/item.do', 'Order items and cart', {}),
  product: endpoint('/v3/order/mall/product.do', 'Products', {}),
  seed: endpoint('/v3/sim/mall/seed.do', 'Seed', {}),
  seedAuthc: endpoint('/v3/sim/mall/authc/seed.do', 'Seed (signed in)', {}),
  user: endpoint('/v3/main/mall/user.do', 'Regular user', {
    info: defineAction({ access: 'user', summary: 'The signed-in user', request: emptyRequest, response: userInfoSchema }),
  }),
  resellerUser: endpoint('/v3/main/mall/reseller/user.do', 'Reseller user', {}),
  codeSend: endpoint('/v3/main/mall/code/send.do', 'Send a verification code', {}),
  volume: endpoint('/v3/sim/mall/volume.do', 'Data volume', {}),
} as const;

export type Api = typeof api;
export type EndpointName = keyof Api;
export type ActionName<E extends EndpointName> = keyof Api[E]['actions'] & string;
type ActionOf<E extends EndpointName, A extends ActionName<E>> = Api[E]['actions'][A] extends ActionDef<infer Req, infer Res> ? { req: Req; res: Res } : never;
export type RequestOf<E extends EndpointName, A extends ActionName<E>> = z.input<ActionOf<E, A>['req']>;
export type ResponseOf<E extends EndpointName, A extends ActionName<E>> = z.output<ActionOf<E, A>['res']>;

const byPath = new Map<string, EndpointDef>(Object.values(api).map((e) => [e.path, e as EndpointDef]));

/** The endpoint registered at a path (without the /fetch base), if any. */
export function endpointAt(path: string): EndpointDef | undefined {
  return byPath.get(path);
}

export function allEndpoints(): EndpointDef[] {
  return [...byPath.values()];
}
