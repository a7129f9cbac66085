import { isStaffScope, MCP_DAILY_AMOUNT_MAX, MCP_SCOPES, McpScope, serverErrors, type Currency } from '@simshop/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { InteractionDetails, Provider } from 'oidc-provider';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { checkCode, checkPassword, sendCode, userById } from '../accounts/account.service.ts';
import { createChallenge } from '../accounts/proof-of-work.service.ts';
import { staffLogin, staffMemberById } from '../staff/staff.service.ts';
import { openMcpGroups } from '../tools/mcp-switches.service.ts';
import { CODE_SIGN_IN_SCRIPT } from './oauth-code-script.ts';
import { CODE_SCRIPT_PATH, codePage, consentPage, pageLanguage, signInPage, type BuyAmountField, type CodeProblem, type InteractionView, type SignInKind, type SignInProblem } from './oauth-pages.ts';
import { INTERACTION_PATH, mcpResourceOf } from './oauth-provider.ts';
import { clientNameOf, providerFor, recordApproval, setBuyLimit, staffAccountId, staffIdOfAccount } from './oauth.service.ts';
import { originOf } from './oauth-origin.ts';

/**
 * The sign-in and consent pages oidc-provider sends the browser to (its interactions): GET draws
 * the page its prompt asks for, POST …/login checks the shop's password through the accounts
 * service, …/confirm records the approval as a grant of exactly the scopes asked for, …/abort
 * refuses. Each step reads the interaction from oidc-provider's interaction cookie and must name
 * the same uid, so a page of one browser cannot be posted from another, nor from another site
 * (the cookie is same-site).
 */
type Deps = { db: Database; config: Config; open: () => Promise<boolean> };

// Pages that name a customer and take a password: never cached, never framed, no script but the shop's own file.
const PAGE_HEADERS = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
  'x-frame-options': 'DENY',
};

const bodyOf = (request: FastifyRequest): Record<string, string> => (request.body && typeof request.body === 'object' ? (request.body as Record<string, string>) : {});

async function viewOf(provider: Provider, details: InteractionDetails, request: FastifyRequest): Promise<InteractionView> {
  const lang = pageLanguage({ ...(request.query as object), ...bodyOf(request) }, request.headers['accept-language']);
  const clientId = String(details.params.client_id ?? '');
  const client = await provider.Client.find(clientId);
  const metadata = (client?.metadata() ?? {}) as { client_name?: string; client_uri?: string; redirect_uris?: string[] };
  const action = `${INTERACTION_PATH}/${details.uid}`;
  return { lang, action, otherLanguageHref: `${action}?lang=${lang === 'zh-Hans' ? 'en' : 'zh-Hans'}`, clientName: clientNameOf(metadata, clientId), clientUri: metadata.client_uri ?? null };
}

/**
 * The scopes the assistant asks for that the shop offers now, in the contract's order, and who
 * must sign in for them: any staff scope (with the staff tools on) makes it a staff member's
 * approval of the staff scopes alone; otherwise a customer's of the rest.
 */
async function askedScopes(db: Database, details: InteractionDetails, resource: string): Promise<{ kind: SignInKind; scopes: McpScope[] }> {
  const asked = new Set([...(details.prompt.details.missingResourceScopes?.[resource] ?? []), ...String(details.params.scope ?? '').split(' ')]);
  const staffOn = (await openMcpGroups(db)).groups.has('staff');
  const offered = MCP_SCOPES.filter((s) => asked.has(s) && (staffOn || !isStaffScope(s)));
  const staff = offered.filter(isStaffScope);
  return staff.length ? { kind: 'staff', scopes: staff } : { kind: 'customer', scopes: offered.filter((s) => !isStaffScope(s)) };
}

const kindOfAccount = (accountId: string | undefined): SignInKind => (staffIdOfAccount(accountId) === null ? 'customer' : 'staff');

/** The daily amount the consent form sent, in minor units (both currencies have cents); null when it is not one. */
function dailyAmountOf(body: Record<string, string>): { field: BuyAmountField; minor: number | null } {
  const amount = String(body.dailyAmount ?? '').trim().slice(0, 20);
  const currency: Currency = body.currency === 'CNY' ? 'CNY' : 'USD';
  const value = /^\d+(\.\d{1,2})?$/.test(amount) ? Number(amount) : NaN;
  const ok = value >= 1 && value <= MCP_DAILY_AMOUNT_MAX;
  return { field: { amount, currency, invalid: !ok }, minor: ok ? Math.round(value * 100) : null };
}

const accountLabel = async (db: Database, accountId: string | undefined) => {
  const staffId = staffIdOfAccount(accountId);
  if (staffId !== null) return (await staffMemberById(db, staffId))?.email ?? '';
  const user = accountId ? await userById(db, Number(accountId)) : undefined;
  return user ? (user.email ?? user.tel ?? user.nickname) : '';
};

export function registerInteractionRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, config, open } = deps;
  app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16_384 }, (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))));

    /** The interaction this browser is in, when it is the one the address names. */
    const interaction = async (request: FastifyRequest<{ Params: { uid: string } }>, reply: FastifyReply) => {
      if (!(await open())) return null;
      const origin = originOf(config, request);
      const provider = await providerFor(db, config, origin);
      try {
        const details = await provider.interactionDetails(request.raw, reply.raw);
        if (details.uid !== request.params.uid) return null;
        const resource = mcpResourceOf(origin);
        const asked = await askedScopes(db, details, resource);
        // A browser signed in as the other kind of account (a customer, for staff scopes) signs in again.
        const signIn = details.prompt.name === 'login' || kindOfAccount(details.session?.accountId) !== asked.kind;
        return { provider, details, resource, ...asked, signIn };
      } catch {
        // No interaction cookie, or one that expired: the assistant must start again.
        return null;
      }
    };
    const gone = (request: FastifyRequest, reply: FastifyReply) => {
      const zh = pageLanguage(request.query, request.headers['accept-language']) === 'zh-Hans';
      return reply
        .code(404)
        .headers(PAGE_HEADERS)
        .type('text/html; charset=utf-8')
        .send(`<!doctype html><html lang="${zh ? 'zh-Hans' : 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>SimShop</title></head><body><main><h1>${zh ? '此授权请求已失效' : 'This request has expired'}</h1><p>${zh ? '请返回助手重新连接 SimShop。' : 'Go back to the assistant and connect to SimShop again.'}</p></main></body></html>`);
    };
    const html = (reply: FastifyReply, status: number, body: string) => reply.code(status).headers(PAGE_HEADERS).type('text/html; charset=utf-8').send(body);
    // A customer's sign-in page carries a fresh challenge for "send me a code" (one use, a few minutes).
    const challengeFor = (kind: SignInKind) => (kind === 'customer' ? createChallenge(db, config, 'login', Date.now()) : Promise.resolve(null));
    const signIn = async (request: FastifyRequest, found: { provider: Provider; details: InteractionDetails; kind: SignInKind }, problem: SignInProblem | null, account: string) =>
      signInPage(await viewOf(found.provider, found.details, request), problem, account, found.kind, await challengeFor(found.kind));
    const finish = async (request: FastifyRequest, reply: FastifyReply, provider: Provider, result: Record<string, unknown>, merge: boolean) => {
      const to = await provider.interactionResult(request.raw, reply.raw, result, { mergeWithLastSubmission: merge });
      return reply.code(303).header('cache-control', 'no-store').redirect(to, 303);
    };

    scope.get(CODE_SCRIPT_PATH, async (_request, reply) => reply.header('cache-control', 'public, max-age=3600').header('x-content-type-options', 'nosniff').type('text/javascript; charset=utf-8').send(CODE_SIGN_IN_SCRIPT));

    scope.get<{ Params: { uid: string } }>(`${INTERACTION_PATH}/:uid`, async (request, reply) => {
      const found = await interaction(request, reply);
      if (!found) return gone(request, reply);
      if (found.signIn) return html(reply, 200, await signIn(request, found, null, ''));
      const view = await viewOf(found.provider, found.details, request);
      return html(reply, 200, consentPage(view, found.scopes, await accountLabel(db, found.details.session?.accountId), null, found.kind));
    });

    scope.post<{ Params: { uid: string } }>(`${INTERACTION_PATH}/:uid/login`, async (request, reply) => {
      const found = await interaction(request, reply);
      if (!found?.signIn) return gone(request, reply);
      const body = bodyOf(request);
      const account = String(body.account ?? '').trim().slice(0, 100);
      const refuse = async (problem: SignInProblem) => {
        const status = problem === 'tooMany' ? 429 : problem === 'wrongPassword' || problem === 'staffWrong' ? 401 : 403;
        return html(reply, status, await signIn(request, found, problem, account));
      };
      let accountId: string;
      try {
        if (found.kind === 'staff') {
          // The console's own sign-in: its limits and delays, the TOTP code when the member has one; no console session.
          const totp = String(body.totp ?? '').trim().slice(0, 10);
          const signedIn = await staffLogin(db, { account: account.toLowerCase(), password: String(body.password ?? '').slice(0, 200), totp: totp || undefined }, { ip: request.ip, now: Date.now(), deviceId: undefined, log: request.log, forAssistant: true });
          if (signedIn.mustChangePassword) return await refuse('changePassword');
          accountId = staffAccountId(signedIn.staffId);
        } else {
          accountId = String(await checkPassword(db, { ip: request.ip, now: Date.now() }, { account, password: String(body.password ?? '') }));
        }
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        if (err.def === serverErrors.tooFrequent) return refuse('tooMany');
        if (err.def === serverErrors.staffSignInIncorrect) return refuse('staffWrong');
        return refuse(err.def === serverErrors.accountOrPasswordIncorrect || err.def === serverErrors.paramInvalid ? 'wrongPassword' : 'unusable');
      }
      return finish(request, reply, found.provider, { login: { accountId } }, false);
    });

    // "Send me a code": the shop's own code sending (its limits, the proof of work), then the code's page.
    scope.post<{ Params: { uid: string } }>(`${INTERACTION_PATH}/:uid/code`, async (request, reply) => {
      const found = await interaction(request, reply);
      if (!found?.signIn || found.kind !== 'customer') return gone(request, reply);
      const body = bodyOf(request);
      const account = String(body.account ?? '').trim().slice(0, 100);
      try {
        await sendCode(db, config, { ip: request.ip, now: Date.now() }, { account, purpose: 'login', seedId: String(body.seedId ?? '').slice(0, 64), solution: String(body.solution ?? '').slice(0, 64) });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        const problem: SignInProblem = err.def === serverErrors.tooFrequent ? 'tooMany' : err.def === serverErrors.paramInvalid && err.field === 'account' ? 'badAccount' : 'proofFailed';
        return html(reply, problem === 'tooMany' ? 429 : 400, await signIn(request, found, problem, account));
      }
      return html(reply, 200, codePage(await viewOf(found.provider, found.details, request), account, null));
    });

    scope.post<{ Params: { uid: string } }>(`${INTERACTION_PATH}/:uid/code-login`, async (request, reply) => {
      const found = await interaction(request, reply);
      if (!found?.signIn || found.kind !== 'customer') return gone(request, reply);
      const body = bodyOf(request);
      const account = String(body.account ?? '').trim().slice(0, 100);
      let userId: number;
      try {
        userId = await checkCode(db, { ip: request.ip, now: Date.now() }, { account, code: String(body.code ?? '').trim().slice(0, 10) });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        const problem: CodeProblem = err.def === serverErrors.tooFrequent ? 'tooMany' : err.def === serverErrors.verificationCodeIncorrect || err.def === serverErrors.paramInvalid || err.def === serverErrors.accountNotFound || err.def === serverErrors.telNotBound ? 'wrongCode' : 'unusable';
        return html(reply, problem === 'tooMany' ? 429 : problem === 'wrongCode' ? 401 : 403, codePage(await viewOf(found.provider, found.details, request), account, problem));
      }
      return finish(request, reply, found.provider, { login: { accountId: String(userId) } }, false);
    });

    scope.post<{ Params: { uid: string } }>(`${INTERACTION_PATH}/:uid/confirm`, async (request, reply) => {
      const found = await interaction(request, reply);
      const accountId = found?.details.session?.accountId;
      if (!found || found.details.prompt.name !== 'consent' || !accountId || found.signIn) return gone(request, reply);
      const { provider, details, resource, scopes, kind } = found;
      const clientId = String(details.params.client_id ?? '');
      const grant = (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ?? new provider.Grant({ accountId, clientId });
      // Exactly what was asked and shown: the OIDC scopes oidc-provider needs (openid, when asked) and the shop's own.
      if (details.prompt.details.missingOIDCScope?.length) grant.addOIDCScope(details.prompt.details.missingOIDCScope.join(' '));
      if (details.prompt.details.missingOIDCClaims?.length) grant.addOIDCClaims(details.prompt.details.missingOIDCClaims);
      // Buying needs the amount a day the customer allows: asked again until it is one.
      const buy = scopes.includes(McpScope.buy) ? dailyAmountOf(bodyOf(request)) : null;
      if (buy && buy.minor === null) return html(reply, 400, consentPage(await viewOf(provider, details, request), scopes, await accountLabel(db, accountId), buy.field, kind));
      if (scopes.length) grant.addResourceScope(resource, scopes.join(' '));
      const grantId = await grant.save();
      const now = Date.now();
      if (buy) await setBuyLimit(db, grantId, Number(accountId), buy.field.currency, buy.minor!, now);
      const what = buy ? [...scopes, `(${buy.field.amount} ${buy.field.currency} a day)`] : scopes;
      await recordApproval(db, accountId, (await viewOf(provider, details, request)).clientName, what, { ip: request.ip, log: request.log, now });
      return finish(request, reply, provider, { consent: { grantId } }, true);
    });

    scope.post<{ Params: { uid: string } }>(`${INTERACTION_PATH}/:uid/abort`, async (request, reply) => {
      const found = await interaction(request, reply);
      if (!found) return gone(request, reply);
      return finish(request, reply, found.provider, { error: 'access_denied', error_description: 'The customer refused the assistant\'s request.' }, false);
    });
  });
}
