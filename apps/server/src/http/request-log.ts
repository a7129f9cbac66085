import { HEALTH_PATHS } from '@simshop/contract';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** A request slower than this is logged at info even when it succeeded. */
export const SLOW_REQUEST_MS = 1000;

/**
 * Fastify writes two info lines per request (received, completed); at the default level they
 * were a measurable share of a product list's time. Here a request leaves one line,
 * when it completed: at debug for an ordinary one (LOG_LEVEL=debug shows every request), at info
 * when it was slow, at error when it failed (a readiness probe's 503 is not a failure). Every other
 * log line of Fastify's stays as it was.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {
    // The completion line says all of it.
  }

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    const ms = Math.round(reply.elapsedTime);
    const status = reply.statusCode;
    // A readiness probe answered "not ready" is an answer, asked every few seconds while it holds.
    if (!error && request.url === HEALTH_PATHS.ready) request.log.debug({ method: request.method, url: request.url, status, ms }, 'readiness probe');
    else if (error || status >= 500) request.log.error({ method: request.method, url: request.url, status, ms, err: error ?? undefined }, 'request failed');
    else if (ms >= SLOW_REQUEST_MS) request.log.info({ method: request.method, url: request.url, status, ms }, 'slow request');
    else request.log.debug({ method: request.method, url: request.url, status, ms }, 'request completed');
  }
}
