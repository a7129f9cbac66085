import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { MCP_TOOLS, normalizeLanguage, serverErrors, type McpScope } from '@simshop/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { enforce, perIp, type Limit } from '../security/rate-limit.service.ts';
import { openMcpGroups } from '../tools/mcp-switches.service.ts';
import type { Providers } from '../../providers/index.ts';
import { holderOfToken, type McpCustomer } from '../oauth/oauth.service.ts';
import { staffOfApproval } from './mcp-staff-access.ts';
import type { StaffToolContext } from './mcp-staff-tools.ts';
import { originOf } from '../oauth/oauth-origin.ts';
import { buildMcpServer } from './mcp-server.ts';

/** Where assistants reach the shop's tools (Streamable HTTP, POST only: the server is stateless). */
export const MCP_PATH = '/mcp';

/**
 * The public tools are limited per client address, in the database so every server process
 * counts together: generous, since many travellers share an address behind a carrier's NAT.
 */
export const mcpPublicLimit = (ip: string): Limit => perIp(`mcp:ip:${ip}`, 60, 60_000);
/** A customer's approval of one assistant: its calls count together wherever they come from. */
export const mcpGrantLimit = (grantId: string): Limit => ({ key: `mcp:grant:${grantId}`, max: 120, windowMs: 60_000 });
/**
 * All the assistants of one account (customer, reseller or staff member) together: approving
 * another assistant costs a click, so it must not multiply the allowance. 300 lets two busy
 * assistants run at their own limit with room for a third, and is never scaled per address.
 */
export const mcpAccountLimit = (holder: { userId: number } | { staffId: number }): Limit => ({
  key: 'staffId' in holder ? `mcp:staff:${holder.staffId}` : `mcp:user:${holder.userId}`,
  max: 300,
  windowMs: 60_000,
});

/** RFC 9728: the protected resource's metadata, at the well-known address with the resource's path appended. */
export const resourceMetadataUrl = (origin: string) => `${origin}/.well-known/oauth-protected-resource${MCP_PATH}`;

/** The scopes the tool calls of a request (one message or a batch) need; null when none is a tool needing a token. */
function scopesAskedBy(body: unknown): McpScope[] | null {
  const messages: unknown[] = Array.isArray(body) ? body : [body];
  const scopes = new Set<McpScope>();
  let needsToken = false;
  for (const m of messages) {
    if (!m || typeof m !== 'object' || (m as { method?: unknown }).method !== 'tools/call') continue;
    const name = (m as { params?: { name?: unknown } }).params?.name;
    const tool = MCP_TOOLS.find((t) => t.name === name);
    if (!tool?.scope) continue;
    needsToken = true;
    scopes.add(tool.scope);
  }
  return needsToken ? [...scopes] : null;
}

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
 * then the token, then the limits of the address, the approval and the account (429 with
 * Retry-After, as a JSON-RPC error), then a server and a
 * transport made for this one request, answering plain JSON.
 */
export function registerMcpRoutes(app: FastifyInstance, deps: { db: Database; config: Config; providers: Pick<Providers, 'carrier'> }): void {
  const { db, config, providers } = deps;
  // The protocol's errors are read by the assistant's software and sometimes shown: in the caller's language.
  const zh = (request: FastifyRequest) => normalizeLanguage(request.headers['accept-language']) === 'zh-Hans';
  const switchedOff = (request: FastifyRequest, reply: FastifyReply) => rpcError(reply, 404, RPC_SWITCHED_OFF, zh(request) ? '本店的 MCP 服务已关闭。' : 'The shop\'s MCP server is switched off.', rpcIdOf(request.body));

  app.post(MCP_PATH, async (request, reply) => {
    const open = await openMcpGroups(db);
    if (!open.enabled) return switchedOff(request, reply);
    const origin = originOf(config, request);
    // A token is checked whenever one is sent; a customer tool needs one with its scope (MCP authorization, RFC 6750).
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    let customer: McpCustomer | null = null;
    let staff: StaffToolContext['staff'] | null = null;
    const challenge = (status: 401 | 403, error: string | null, scopes: readonly string[]) => {
      const parts = [`resource_metadata="${resourceMetadataUrl(origin)}"`, ...(error ? [`error="${error}"`] : []), ...(scopes.length ? [`scope="${scopes.join(' ')}"`] : [])];
      reply.header('www-authenticate', `Bearer ${parts.join(', ')}`);
      const message = status === 403 ? (zh(request) ? '此助手未获顾客授权使用该工具。' : 'The customer did not allow this assistant to use this tool.') : zh(request) ? '此工具需要顾客授权（OAuth）。' : 'This tool needs the customer\'s approval (OAuth).';
      return rpcError(reply, status, -32001, message, rpcIdOf(request.body));
    };
    // Tokens are the customer and reseller tools' (the same approvals) and the staff tools'.
    const accounts = open.groups.has('customer') || open.groups.has('reseller') || open.groups.has('staff');
    const asked = accounts ? scopesAskedBy(request.body) : null;
    if (bearer && accounts) {
      const holder = await holderOfToken(db, config, origin, bearer);
      // A staff member's token counts only while they may still sign in to the console.
      if (holder && 'staff' in holder) staff = await staffOfApproval(db, holder.staff);
      else if (holder) customer = holder.customer;
      if (!customer && !staff) return challenge(401, 'invalid_token', asked ?? []);
    }
    if (asked) {
      const scopes = customer?.scopes ?? staff?.scopes;
      if (!scopes) return challenge(401, null, asked);
      const missing = asked.filter((s) => !scopes.has(s));
      if (missing.length) return challenge(403, 'insufficient_scope', missing);
    }
    try {
      const holder = customer ?? staff;
      await enforce(db, Date.now(), mcpPublicLimit(request.ip), ...(holder ? [mcpGrantLimit(holder.grantId), mcpAccountLimit(holder)] : []));
    } catch (err) {
      if (!(err instanceof AppError) || err.def !== serverErrors.tooFrequent) throw err;
      const retryAfter = Math.max(1, Math.ceil((err.data as { retryAfterMs: number }).retryAfterMs / 1000));
      reply.header('retry-after', String(retryAfter));
      // The address's, the approval's or the account's limit: the wait is what matters to the assistant.
      const message = zh(request) ? `请求过于频繁：请在 ${retryAfter} 秒后重试。` : `Too many requests: try again in ${retryAfter} seconds.`;
      return rpcError(reply, 429, RPC_TOO_FREQUENT, message, rpcIdOf(request.body), { retryAfterSeconds: retryAfter });
    }
    const now = Date.now();
    const server = buildMcpServer({ db, config, origin }, open.groups, '1.0.0', customer ? { db, carrier: providers.carrier, customer, now, ip: request.ip, log: request.log } : null, staff ? { db, staff, now, ip: request.ip, log: request.log } : null);
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
