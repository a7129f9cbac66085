import { generateKeyPairSync, randomBytes } from 'node:crypto';
import Provider, { errors } from 'oidc-provider';
import { MCP_SCOPES } from '@simshop/contract';
import type { Database } from '../../db/database.ts';
import { DatabaseAdapter } from './oauth-adapter.ts';
import { errorPage } from './oauth-pages.ts';
import * as records from './oauth.repository.ts';

/** Where the authorization server's endpoints live; the discovery documents name them. */
export const OAUTH_PREFIX = '/oauth';
export const INTERACTION_PATH = `${OAUTH_PREFIX}/interaction`;
export const MCP_RESOURCE_PATH = '/mcp';

/** Tokens are short-lived; a refresh token keeps an approved assistant working for two weeks of use. */
const ACCESS_TOKEN_TTL = 3600;
const REFRESH_TOKEN_TTL = 14 * 24 * 3600;
/** An approval lasts until revoked or 90 days without a new one. */
const GRANT_TTL = 90 * 24 * 3600;

interface ServerKeys {
  jwks: Array<Record<string, unknown>>;
  cookieKeys: string[];
}

/**
 * The signing key and cookie keys, made once and kept in the database: every server process
 * signs and reads cookies with the first ones written.
 */
async function serverKeys(db: Database): Promise<ServerKeys> {
  const made = (): ServerKeys => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    return { jwks: [{ ...(privateKey.export({ format: 'jwk' }) as Record<string, unknown>), kid: randomBytes(8).toString('hex'), use: 'sig', alg: 'RS256' }], cookieKeys: [randomBytes(32).toString('base64url')] };
  };
  const find = () => records.findRecord(db, 'ServerKeys', 'v1', Date.now());
  if (!(await find())) {
    await records.insertIfMissing(db, { model: 'ServerKeys', id: 'v1', payload: JSON.stringify(made()), grant_id: null, uid: null, user_code: null, account_id: null, client_id: null, expires_at: null, consumed_at: null });
  }
  const row = await find();
  if (!row) throw new Error('the authorization server\'s keys could not be kept');
  return JSON.parse(row.payload) as ServerKeys;
}

/**
 * The shop's OAuth 2.1 authorization server for assistants (oidc-provider): authorization code
 * with PKCE (S256 only), dynamic client registration (public clients, no secret), one resource
 * (the MCP server) whose scopes are the contract's, opaque access tokens for an hour and
 * rotating refresh tokens. The issuer is the shop's origin, the endpoints under /oauth; the
 * sign-in and consent pages are the shop's own (oauth-interaction.routes.ts).
 */
export async function createProvider(db: Database, origin: string, options: { trustProxy: boolean }): Promise<Provider> {
  const keys = await serverKeys(db);
  const resource = `${origin}${MCP_RESOURCE_PATH}`;
  const provider = new Provider(origin, {
    adapter: (name: string) => new DatabaseAdapter(db, name),
    jwks: { keys: keys.jwks },
    cookies: { keys: keys.cookieKeys, long: { signed: true, httpOnly: true, sameSite: 'lax' }, short: { signed: true, httpOnly: true, sameSite: 'lax' } },
    findAccount: async (_ctx: unknown, id: string) => ({ accountId: id, claims: async () => ({ sub: id }) }),
    scopes: ['openid', 'offline_access', ...MCP_SCOPES],
    responseTypes: ['code'],
    pkce: { methods: ['S256'], required: () => true },
    clientDefaults: { grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' },
    // Assistants run anywhere (a desktop app, a web page): their calls to the token and registration endpoints carry no cookie.
    clientBasedCORS: () => true,
    routes: {
      authorization: `${OAUTH_PREFIX}/authorize`,
      backchannel_authentication: `${OAUTH_PREFIX}/backchannel`,
      code_verification: `${OAUTH_PREFIX}/device`,
      device_authorization: `${OAUTH_PREFIX}/device/auth`,
      end_session: `${OAUTH_PREFIX}/session/end`,
      introspection: `${OAUTH_PREFIX}/token/introspection`,
      jwks: `${OAUTH_PREFIX}/jwks`,
      pushed_authorization_request: `${OAUTH_PREFIX}/request`,
      registration: `${OAUTH_PREFIX}/register`,
      revocation: `${OAUTH_PREFIX}/token/revocation`,
      token: `${OAUTH_PREFIX}/token`,
      userinfo: `${OAUTH_PREFIX}/me`,
    },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `${INTERACTION_PATH}/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true },
      revocation: { enabled: true },
      rpInitiatedLogout: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx: unknown, indicator: string) => {
          if (indicator !== resource) throw new errors.InvalidTarget();
          return { scope: MCP_SCOPES.join(' '), audience: resource, accessTokenTTL: ACCESS_TOKEN_TTL, accessTokenFormat: 'opaque' };
        },
      },
    },
    issueRefreshToken: (_ctx: unknown, client: { grantTypeAllowed(type: string): boolean }) => client.grantTypeAllowed('refresh_token'),
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 3600,
      Session: 3600,
      Grant: GRANT_TTL,
      RefreshToken: REFRESH_TOKEN_TTL,
    },
    renderError: (ctx: { type: string; body: string; get(name: string): string }, out: { error: string; error_description?: string }) => {
      ctx.type = 'html';
      ctx.body = errorPage(ctx.get('accept-language'), out);
    },
  });
  provider.proxy = options.trustProxy;
  return provider;
}

/** The resource (the MCP server's address) a token must be for. */
export const mcpResourceOf = (origin: string) => `${origin}${MCP_RESOURCE_PATH}`;
