import type { AnyActionName, AnyEndpointName, AnyRequestOf, AnyResponseOf, FullApi, Total } from '@simshop/contract';
import type { z } from 'zod';
import type { Database } from '../db/database.ts';
import type { AuthedContext, RequestContext, StaffContext } from './context.ts';

type Input<E extends AnyEndpointName, A extends AnyActionName<E>> = FullApi[E]['actions'][A] extends { request: infer R extends z.ZodType } ? z.output<R> : AnyRequestOf<E, A>;
type Ctx<E extends AnyEndpointName, A extends AnyActionName<E>> = FullApi[E]['actions'][A] extends { access: 'public' }
  ? RequestContext
  : FullApi[E]['actions'][A] extends { access: 'staff' }
    ? StaffContext
    : AuthedContext;

const HANDLER_RESULT = Symbol('handler-result');

export interface HandlerResult<T> {
  [HANDLER_RESULT]: true;
  data: T;
  total: Total;
}

export type Handler<E extends AnyEndpointName, A extends AnyActionName<E>> = (
  ctx: Ctx<E, A>,
  input: Input<E, A>,
) => Promise<AnyResponseOf<E, A> | HandlerResult<AnyResponseOf<E, A>>>;

export interface RegisteredHandler {
  endpoint: AnyEndpointName;
  action: string;
  run: (ctx: RequestContext, input: unknown) => Promise<unknown>;
  /** A read keyed by the caller's session token that the dispatcher starts with the session lookup (handleWithPrefetch). */
  prefetch?: (db: Database, tokenHash: string) => Promise<unknown>;
}

/** Binds a handler to a contract action (shop or console); types of input, context and result follow the contract. */
export function handle<E extends AnyEndpointName, A extends AnyActionName<E>>(endpoint: E, action: A, run: Handler<E, A>): RegisteredHandler {
  return { endpoint, action, run: run as RegisteredHandler['run'] };
}

/**
 * Binds a signed-in handler whose first read can be keyed by the caller's session token rather than
 * its user: the dispatcher starts `prefetch` together with the session lookup, so on
 * PostgreSQL both go out in the same turn and the request waits one round trip, not two. `run` gets
 * the started read as `ctx.prefetched` and only once the session is valid; it must hold what it
 * reads against `ctx.session` (the read did not check the session's age, nor can it know of a
 * session revoked between the two statements).
 */
export function handleWithPrefetch<E extends AnyEndpointName, A extends AnyActionName<E>, P>(
  endpoint: E,
  action: A,
  prefetch: (db: Database, tokenHash: string) => Promise<P>,
  run: (ctx: Ctx<E, A> & { prefetched: Promise<P> }, input: Input<E, A>) => ReturnType<Handler<E, A>>,
): RegisteredHandler {
  return { endpoint, action, run: run as RegisteredHandler['run'], prefetch };
}

/** Marks a handler result that also carries counters for the envelope's `total`. */
export function withTotal<T>(data: T, total: Total): HandlerResult<T> {
  return { [HANDLER_RESULT]: true, data, total };
}

const UNCHANGING = new WeakSet<object>();

/**
 * Marks a result the handler gives again, the very same object, for as long as what it shows is
 * unchanged (a cached catalogue page at one stock level): the dispatcher serialises its envelope
 * once and sends the same bytes after that. Such an object is never changed once marked.
 */
export function unchanging<T extends object>(data: T): T {
  UNCHANGING.add(data);
  return data;
}

export function isUnchanging(value: unknown): value is object {
  return typeof value === 'object' && value !== null && UNCHANGING.has(value);
}

export function isHandlerResult(value: unknown): value is HandlerResult<unknown> {
  return typeof value === 'object' && value !== null && HANDLER_RESULT in value;
}
