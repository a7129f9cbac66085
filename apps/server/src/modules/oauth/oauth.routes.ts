import { fail, MCP_SCOPES, serverErrors } from '@simshop/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Provider } from 'oidc-provider';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { enforce, perIp, type Limit } from '../security/rate-limit.service.ts';
import { openMcpGroups } from '../tools/mcp-switches.service.ts';
import { registerInteractionRoutes } from './oauth-interaction.routes.ts';
import { MCP_RESOURCE_PATH, OAUTH_PREFIX } from './oauth-provider.ts';
import { providerFor } from './oauth.service.ts';
import { originOf } from './oauth-origin.ts';

/** Assistants register themselves: at most this many new clients per address and hour. */
export const registrationLimit = (ip: string): Limit => perIp(`oauth-register:ip:${ip}`, 20, 3600_000);

export const PROTECTED_RESOURCE_PATH = '/.well-known/oauth-protected-resource';


/**
 * The authorization server's HTTP side. oidc-provider is a Koa application: its handler takes
 * the raw request and response (Fastify hands them over with reply.hijack()), in a scope where
 * Fastify parses no body, since it reads the body itself. The discovery documents: RFC 8414's
 * /.well-known/oauth-authorization-server (oidc-provider's own document, which it serves as
 * openid-configuration) and RFC 9728's /.well-known/oauth-protected-resource for /mcp. All of it
 * answers 404 while the owner has the MCP server, or all of its customer, reseller and staff tools, switched off.
 */
export function registerOauthRoutes(app: FastifyInstance, deps: { db: Database; config: Config }): void {
  const { db, config } = deps;
  const open = async () => {
    const groups = await openMcpGroups(db);
    return groups.enabled && (groups.groups.has('customer') || groups.groups.has('reseller') || groups.groups.has('staff'));
  };
  const notFound = (reply: FastifyReply) => reply.code(404).send(fail(serverErrors.notFound));

  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    // The body stays unread for oidc-provider.
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

    const forward = async (request: FastifyRequest, reply: FastifyReply, url?: string) => {
      if (!(await open())) return notFound(reply);
      const provider = await providerFor(db, config, originOf(config, request));
      if (url !== undefined) request.raw.url = url;
      reply.hijack();
      await handlerOf(provider)(request.raw, reply.raw);
    };

    scope.route({ method: ['GET', 'POST', 'OPTIONS', 'DELETE', 'PUT'], url: `${OAUTH_PREFIX}/*`, handler: (request, reply) => forward(request, reply) });
    scope.post(`${OAUTH_PREFIX}/register`, async (request, reply) => {
      if (!(await open())) return notFound(reply);
      try {
        await enforce(db, Date.now(), registrationLimit(request.ip));
      } catch (err) {
        if (!(err instanceof AppError) || err.def !== serverErrors.tooFrequent) throw err;
        // RFC 7591 names no error for this; the answer is an OAuth error all the same.
        reply.header('retry-after', String(Math.max(1, Math.ceil((err.data as { retryAfterMs: number }).retryAfterMs / 1000))));
        return reply.code(429).send({ error: 'invalid_request', error_description: 'Too many clients registered from this address: try again later.' });
      }
      return forward(request, reply);
    });
    for (const path of ['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration']) {
      scope.route({ method: ['GET', 'OPTIONS'], url: path, handler: (request, reply) => forward(request, reply, '/.well-known/openid-configuration') });
    }
  });

  const resourceMetadata = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!(await open())) return notFound(reply);
    const origin = originOf(config, request);
    reply.header('access-control-allow-origin', '*');
    return { resource: `${origin}${MCP_RESOURCE_PATH}`, authorization_servers: [origin], scopes_supported: MCP_SCOPES, bearer_methods_supported: ['header'], resource_name: 'SimShop' };
  };
  app.get(PROTECTED_RESOURCE_PATH, resourceMetadata);
  app.get(`${PROTECTED_RESOURCE_PATH}${MCP_RESOURCE_PATH}`, resourceMetadata);

  registerInteractionRoutes(app, { db, config, open });
}

const handlers = new WeakMap<object, ReturnType<Provider['callback']>>();
function handlerOf(provider: Provider) {
  let handler = handlers.get(provider);
  if (!handler) handlers.set(provider, (handler = provider.callback()));
  return handler;
}
