import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { normalizeLanguage, serverErrors } from '@simshop/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { enforce, type Limit } from '../security/rate-limit.service.ts';
import { openMcpGroups } from '../tools/mcp-switches.service.ts';
import { buildMcpServer } from './mcp-server.ts';

/** Where assistants reach the shop's tools (Streamable HTTP, POST only: the server is stateless). */
export const MCP_PATH = '/mcp';

/**
 * The public tools are limited per client address, in the database so every server process
 * counts together: generous, since many travellers share an address behind a carrier's NAT.
 */
export const mcpPublicLimit = (ip: string): Limit => ({ key: `mcp:ip:${ip}`, max: 60, windowMs: 60_000 });

/** JSON-RPC's error codes the SDK leaves to the server (-32000 to -32099). */
const RPC_SWITCHED_OFF = -32001;
const RPC_TOO_FREQUENT = -32029;

const rpcIdOf = (body: unknown) => (body && typeof body === 'object' && !Array.isArray(body) && 'id' in body && (typeof body.id === 'string' || typeof body.id === 'number') ? body.id : null);

function rpcError(reply: FastifyReply, status: number, code: number, message: string, id: string | number | null, data?: unknown) {
  return reply
    .code(status)
    .type('application/json')
    .send({ jsonrpc: '2.0', error: { code, message, ...(data === undefined ? {} : { data }) }, id });
}

/**
 * The shop's MCP server at /mcp: the owner's switches first (off: 404, as if there were none),
 * then the address's limit (429 with Retry-After, as a JSON-RPC error), then a server and a
 * transport made for this one request, answering plain JSON.
 */
export function registerMcpRoutes(app: FastifyInstance, deps: { db: Database; config: Config }): void {
  const { db, config } = deps;
  // The protocol's errors are read by the assistant's software and sometimes shown: in the caller's language.
  const zh = (request: FastifyRequest) => normalizeLanguage(request.headers['accept-language']) === 'zh-Hans';
  const switchedOff = (request: FastifyRequest, reply: FastifyReply) => rpcError(reply, 404, RPC_SWITCHED_OFF, zh(request) ? '本店的 MCP 服务已关闭。' : 'The shop\'s MCP server is switched off.', rpcIdOf(request.body));

  app.post(MCP_PATH, async (request, reply) => {
    const open = await openMcpGroups(db);
    if (!open.enabled) return switchedOff(request, reply);
    try {
      await enforce(db, Date.now(), mcpPublicLimit(request.ip));
    } catch (err) {
      if (!(err instanceof AppError) || err.def !== serverErrors.tooFrequent) throw err;
      const retryAfter = Math.max(1, Math.ceil((err.data as { retryAfterMs: number }).retryAfterMs / 1000));
      reply.header('retry-after', String(retryAfter));
      const message = zh(request) ? `此地址的请求过于频繁：请在 ${retryAfter} 秒后重试。` : `Too many requests from this address: try again in ${retryAfter} seconds.`;
      return rpcError(reply, 429, RPC_TOO_FREQUENT, message, rpcIdOf(request.body), { retryAfterSeconds: retryAfter });
    }
    const origin = config.publicUrl?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`;
    const server = buildMcpServer({ db, config, origin }, open.groups, '1.0.0');
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    // From here the SDK writes the answer on the raw response.
    reply.hijack();
    reply.raw.setHeader('x-content-type-options', 'nosniff');
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(request.raw, reply.raw, request.body);
    } catch (err) {
      request.log.error({ err }, 'an MCP request failed');
      if (!reply.raw.headersSent) reply.raw.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal server error' }, id: rpcIdOf(request.body) }));
    }
  });

  // No sessions and no server-sent stream: only POST answers.
  const notAllowed = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!(await openMcpGroups(db)).enabled) return switchedOff(request, reply);
    reply.header('allow', 'POST');
    return rpcError(reply, 405, -32000, zh(request) ? '不支持此方法：本服务无会话，请用 POST 发送 JSON-RPC。' : 'Method not allowed: this server is stateless, send JSON-RPC with POST.', null);
  };
  app.get(MCP_PATH, notAllowed);
  app.delete(MCP_PATH, notAllowed);
}
