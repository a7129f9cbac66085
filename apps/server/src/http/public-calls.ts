import { endpointAt, fullApi, serverDrawnRead, type FirstAnswer, type ShopCall } from '@simshop/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { Providers } from '../providers/index.ts';
import type { RequestContext } from './context.ts';
import { isHandlerResult, type RegisteredHandler } from './handlers.ts';

/** Answers a page's first calls in this process, as a signed-out customer's would be answered. */
export type PublicCalls = (calls: readonly ShopCall[], request: { ip: string; origin: string; log: FastifyBaseLogger }) => Promise<FirstAnswer[]>;

/**
 * The shop's public reads run in-process for a page the server draws (web/server-render.ts): the
 * same handler, the same validation of the body, a context with no session. Only the reads the
 * contract lists (SERVER_DRAWN_READS); a call that is not one, whose body is refused or whose handler refuses,
 * gets no answer: the page then asks for it from the browser and shows what it gets.
 */
export function publicCalls(deps: { db: Database; config: Config; providers: Providers; handlers: readonly RegisteredHandler[] }): PublicCalls {
  const table = new Map(deps.handlers.map((h) => [`${h.endpoint}:${h.action}`, h]));
  return async (calls, request) => {
    const now = Date.now();
    const ctx: RequestContext = { db: deps.db, config: deps.config, session: null, ip: request.ip, now, providers: deps.providers, origin: request.origin, log: request.log, cookie: () => undefined, setCookie: () => undefined };
    const answered = await Promise.all(
      calls.map(async (call): Promise<FirstAnswer | null> => {
        const endpoint = Object.hasOwn(fullApi, call.endpoint) ? endpointAt(fullApi[call.endpoint as keyof typeof fullApi].path) : undefined;
        const action = endpoint?.actions[call.action];
        const handler = table.get(`${call.endpoint}:${call.action}`);
        if (!action || !handler || action.access !== 'public' || !serverDrawnRead(call)) return null;
        const input = action.request.safeParse(call.body);
        if (!input.success) return null;
        try {
          const result = await handler.run(ctx, input.data);
          return { ...call, data: isHandlerResult(result) ? result.data : result } as FirstAnswer;
        } catch {
          return null;
        }
      }),
    );
    return answered.filter((a): a is FirstAnswer => a !== null);
  };
}
