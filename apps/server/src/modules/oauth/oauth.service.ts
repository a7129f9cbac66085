import { MCP_SCOPES, serverErrors, type ConnectedAssistant, type Currency, type McpScope } from '@simshop/contract';
import type Provider from 'oidc-provider';
import type { Config } from '../../config.ts';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { recordSecurityEvent, type EventLog } from '../security/security-event.service.ts';
import { createProvider, mcpResourceOf } from './oauth-provider.ts';
import * as records from './oauth.repository.ts';

/**
 * The shop's side of assistants' approvals: one authorization server per database and origin
 * (the origin is PUBLIC_URL in production; without it, the address a request came to, kept for
 * a few), the customer a bearer token acts for, the approvals a customer sees in Mine and
 * revokes, and the record of every tool call made with a token.
 */
const PROVIDERS_PER_DATABASE = 4;
const providers = new WeakMap<Database, Map<string, Promise<Provider>>>();

export function providerFor(db: Database, config: Config, origin: string): Promise<Provider> {
  let byOrigin = providers.get(db);
  if (!byOrigin) providers.set(db, (byOrigin = new Map()));
  let provider = byOrigin.get(origin);
  if (!provider) {
    // Without PUBLIC_URL the origin comes from the Host header: only a few are kept.
    if (byOrigin.size >= PROVIDERS_PER_DATABASE) byOrigin.delete(byOrigin.keys().next().value!);
    provider = createProvider(db, origin, { trustProxy: config.trustProxy !== false });
    provider.catch(() => byOrigin.delete(origin));
    byOrigin.set(origin, provider);
  }
  return provider;
}

const parse = <T>(json: string | null | undefined): T | null => {
  if (!json) return null;
  try {
    return JSON.parse(json) as T;
  } catch {
    return null;
  }
};

type ClientPayload = { client_name?: string; client_uri?: string; redirect_uris?: string[] };
/** What a customer knows an assistant by: the name it registered with, else its site or its first redirect's host. */
export function clientNameOf(payload: ClientPayload | null, clientId: string): string {
  if (payload?.client_name) return payload.client_name;
  const address = payload?.client_uri ?? payload?.redirect_uris?.[0];
  if (address) {
    try {
      return new URL(address).host;
    } catch {
      // not an address: the id below
    }
  }
  return clientId;
}

export interface McpCustomer {
  userId: number;
  grantId: string;
  clientId: string;
  clientName: string;
  scopes: ReadonlySet<McpScope>;
}

const isScope = (s: string): s is McpScope => (MCP_SCOPES as readonly string[]).includes(s);

/** oidc-provider's account id of a staff member, apart from the customers' plain user ids. */
export const staffAccountId = (staffId: number) => `staff:${staffId}`;
/** The staff member an account id names; null: a customer's. */
export function staffIdOfAccount(accountId: string | undefined): number | null {
  const id = accountId?.startsWith('staff:') ? Number(accountId.slice(6)) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** A staff member's approval of an assistant (their console account signed in on the consent page). */
export interface McpStaff {
  staffId: number;
  grantId: string;
  clientId: string;
  clientName: string;
  scopes: ReadonlySet<McpScope>;
}

/**
 * Who an access token acts for — a customer or a staff member — or null: unknown, expired,
 * issued for another resource, or its approval revoked (checked on every call, so a revoke counts at once).
 */
export async function holderOfToken(db: Database, config: Config, origin: string, token: string): Promise<{ customer: McpCustomer } | { staff: McpStaff } | null> {
  const provider = await providerFor(db, config, origin);
  const found = await provider.AccessToken.find(token);
  if (!found || found.isExpired) return null;
  const audience = Array.isArray(found.aud) ? found.aud : [found.aud];
  if (!audience.includes(mcpResourceOf(origin))) return null;
  const grant = await records.grantOf(db, found.accountId, found.grantId);
  if (!grant) return null;
  const client = await records.clientPayload(db, found.clientId);
  const approval = {
    grantId: found.grantId,
    clientId: found.clientId,
    clientName: clientNameOf(parse<ClientPayload>(client?.payload), found.clientId),
    scopes: new Set((found.scope ?? '').split(' ').filter(isScope)),
  };
  const staffId = staffIdOfAccount(found.accountId);
  if (staffId !== null) return { staff: { staffId, ...approval } };
  const userId = Number(found.accountId);
  if (!Number.isSafeInteger(userId)) return null;
  return { customer: { userId, ...approval } };
}

/** The customer an access token acts for, or null (a staff member's token acts for no customer). */
export async function customerOfToken(db: Database, config: Config, origin: string, token: string): Promise<McpCustomer | null> {
  const holder = await holderOfToken(db, config, origin, token);
  return holder && 'customer' in holder ? holder.customer : null;
}

/** Where a customer's action came from, for the security log. */
export interface OauthCaller {
  ip: string;
  log: EventLog;
  now: number;
}

/** A tool call made with a customer's token: in the assistant's record and in the console's security log. */
export async function recordToolCall(db: Executor, customer: McpCustomer, tool: string, ok: boolean, caller: OauthCaller): Promise<void> {
  await records.insertToolCall(db, { grant_id: customer.grantId, client_id: customer.clientId, client_name: customer.clientName, user_id: customer.userId, tool, ok: ok ? 1 : 0, at: caller.now });
  await recordSecurityEvent(db, caller.log, { kind: 'assistant_tool_called', account: `user #${customer.userId}`, ip: caller.ip, detail: `"${customer.clientName}" ${tool}${ok ? '' : ' (refused)'}` }, caller.now);
}

/** A tool call made with a staff member's token: in the staff calls' record and in the console's security log. */
export async function recordStaffToolCall(db: Executor, staff: McpStaff, tool: string, ok: boolean, caller: OauthCaller): Promise<void> {
  await records.insertStaffToolCall(db, { grant_id: staff.grantId, client_id: staff.clientId, client_name: staff.clientName, staff_id: staff.staffId, tool, ok: ok ? 1 : 0, at: caller.now });
  await recordSecurityEvent(db, caller.log, { kind: 'assistant_tool_called', staffId: staff.staffId, account: `staff #${staff.staffId}`, ip: caller.ip, detail: `"${staff.clientName}" ${tool}${ok ? '' : ' (refused)'}` }, caller.now);
}

/** A customer allowed an assistant on the consent page. */
export function recordApproval(db: Executor, accountId: string, clientName: string, scopes: readonly string[], caller: OauthCaller) {
  const staffId = staffIdOfAccount(accountId);
  const account = staffId === null ? `user #${accountId}` : `staff #${staffId}`;
  return recordSecurityEvent(db, caller.log, { kind: 'assistant_approved', staffId, account, ip: caller.ip, detail: `"${clientName}" ${scopes.join(' ')}` }, caller.now);
}

type GrantPayload = { iat?: number; resources?: Record<string, string> };

/** Mine → Connected assistants: the customer's approvals, newest first. */
export const listAssistants = (db: Executor, userId: number, now: number) => assistantsOf(db, String(userId), now);

/** The console's account page: the assistants a staff member approved for the staff tools. */
export const listStaffAssistants = (db: Executor, staffId: number, now: number) => assistantsOf(db, staffAccountId(staffId), now);

/** An account's approvals (a customer's user id, or `staff:<id>`), newest first. */
async function assistantsOf(db: Executor, accountId: string, now: number): Promise<{ items: ConnectedAssistant[] }> {
  const grants = await records.grantsOf(db, accountId, now);
  const lastUsed = await records.lastCalls(db, grants.map((g) => g.id));
  const limits = new Map((await records.buyLimitsOf(db, grants.map((g) => g.id))).map((l) => [l.grant_id, l]));
  const items = grants.map((g) => {
    const payload = parse<GrantPayload & { clientId?: string }>(g.payload) ?? {};
    const scopes = new Set(Object.values(payload.resources ?? {}).flatMap((s) => s.split(' ')).filter(isScope));
    return {
      id: g.id,
      name: clientNameOf(parse<ClientPayload>(g.client_payload), payload.clientId ?? ''),
      scopes: MCP_SCOPES.filter((s) => scopes.has(s)),
      buyLimit: scopes.has('buy') && limits.has(g.id) ? allowanceOf(limits.get(g.id)!, now) : null,
      grantedAt: (payload.iat ?? 0) * 1000,
      lastUsedAt: lastUsed.get(g.id) ?? null,
    };
  });
  return { items: items.sort((a, b) => b.grantedAt - a.grantedAt) };
}

/** Revokes one of the customer's approvals with every code and token it gave: refused from now on. */
export async function revokeAssistant(db: Database, userId: number, grantId: string, caller: OauthCaller) {
  const name = await db.transaction().execute((tx) => revokeGrant(tx, String(userId), grantId));
  await recordSecurityEvent(db, caller.log, { kind: 'assistant_revoked', account: `user #${userId}`, ip: caller.ip, detail: `"${name}"` }, caller.now);
  return listAssistants(db, userId, caller.now);
}

/** The same for a staff member's own approval, audited as their write (and recorded as a security event). */
export async function revokeStaffAssistant(db: Database, actor: Actor, staffId: number, grantId: string, caller: OauthCaller) {
  const name = await db.transaction().execute(async (tx) => {
    const revoked = await revokeGrant(tx, staffAccountId(staffId), grantId);
    await recordAudit(tx, actor, { action: 'staff.revoke_assistant', targetType: 'staff', targetId: staffId, before: { assistant: revoked }, after: null }, caller.now);
    return revoked;
  });
  await recordSecurityEvent(db, caller.log, { kind: 'assistant_revoked', account: `staff #${staffId}`, ip: caller.ip, detail: `"${name}"` }, caller.now);
  return listStaffAssistants(db, staffId, caller.now);
}

/** Ends an account's grant with its codes, tokens and daily amount, in `tx`; the assistant's name. Another account's grant is not found. */
async function revokeGrant(tx: Executor, accountId: string, grantId: string): Promise<string> {
  const grant = await records.grantOf(tx, accountId, grantId);
  if (!grant) throw new AppError(serverErrors.notFound, 'id');
  const client = grant.client_id ? await records.clientPayload(tx, grant.client_id) : undefined;
  await records.destroyByGrant(tx, grantId, true);
  await records.deleteBuyLimit(tx, grantId);
  return clientNameOf(parse<ClientPayload>(client?.payload), grant.client_id ?? '');
}

/** The scheduled round's tidy-up: records expired a day ago are forgotten. */
export const forgetExpiredOauthRecords = (db: Executor, now: number) => records.deleteExpired(db, now - 24 * 3600_000);

/** What an approval with the `buy` scope lets its assistant spend a day (UTC), and what it spent today. */
export interface BuyAllowance {
  currency: Currency;
  dailyAmount: number;
  spentToday: number;
}

const utcDay = (now: number) => Math.floor(now / 86_400_000);

/** Keeps the daily amount the customer set on the consent page for this approval. */
export const setBuyLimit = (db: Executor, grantId: string, userId: number, currency: Currency, dailyAmount: number, now: number) =>
  records.upsertBuyLimit(db, { grant_id: grantId, user_id: userId, currency, daily_amount: dailyAmount, day: utcDay(now), spent: 0, updated_at: now });

const allowanceOf = (row: { currency: Currency; daily_amount: number; day: number; spent: number }, now: number): BuyAllowance => ({
  currency: row.currency,
  dailyAmount: Number(row.daily_amount),
  spentToday: Number(row.day) === utcDay(now) ? Number(row.spent) : 0,
});

/** The approval's daily amount; null when none was set (no purchase goes through). */
export async function buyAllowanceOf(db: Executor, grantId: string, now: number): Promise<BuyAllowance | null> {
  const row = await records.buyLimitOf(db, grantId);
  return row ? allowanceOf(row, now) : null;
}

/** Counts `amount` against today's allowance, in the purchase's transaction; false when it would pass it. */
export const spendAllowance = (tx: Executor, grantId: string, currency: Currency, amount: number, now: number) => records.spendWithinLimit(tx, grantId, currency, amount, utcDay(now), now);
