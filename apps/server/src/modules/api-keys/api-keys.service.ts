import { createHash, randomBytes } from 'node:crypto';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { API_KEY_SECRET_PREFIX, API_KEYS_MAX, apiKeyScopeSchema, isResellerRole, serverErrors, type ApiKey, type ApiKeyMode, type ApiKeyScope } from '@simshop/contract';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { userById } from '../accounts/account.service.ts';
import { recordSecurityEvent, type EventLog } from '../security/security-event.service.ts';
import * as keys from './api-keys.repository.ts';
import type { ApiKeysTable } from './api-keys.table.ts';

/**
 * A reseller's API keys: made, rotated and revoked by the reseller in the shop, and the lookup
 * the reseller API authenticates each request with. The secret is shown once; the shop keeps its
 * SHA-256 only. A secret of 32 random bytes (256 bits) cannot be guessed, so a fast hash is
 * enough: the slow password hashes exist for secrets people choose, which can be guessed.
 */
type KeyRow = Selectable<ApiKeysTable>;

/** Random part of a secret: 32 bytes from the system's CSPRNG, base64url (43 characters). */
const SECRET_BYTES = 32;
/** Characters of the random part kept visible after `sk_live_`, to tell keys apart. */
const PREFIX_CHARS = 6;
/** The last use is written at most once a minute per key: a key in steady use costs no write per request. */
const LAST_USED_EVERY_MS = 60_000;

export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

function newSecret(mode: ApiKeyMode) {
  const secret = `${API_KEY_SECRET_PREFIX[mode]}${randomBytes(SECRET_BYTES).toString('base64url')}`;
  return { secret, prefix: secret.slice(0, API_KEY_SECRET_PREFIX[mode].length + PREFIX_CHARS), secretHash: hashSecret(secret) };
}

const stringList = z.array(z.string());
const scopeList = z.array(apiKeyScopeSchema);

function toApiKey(row: KeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    mode: row.mode,
    prefix: row.prefix,
    scopes: scopeList.parse(JSON.parse(row.scopes)),
    ipAllowList: stringList.parse(JSON.parse(row.ip_allow)),
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  };
}

/** Who did it, for the security event: the reseller's request. */
export interface KeyCaller {
  userId: number;
  ip: string;
  log: EventLog;
  now: number;
}

const keyEvent = (db: Executor, caller: KeyCaller, kind: 'api_key_created' | 'api_key_rotated' | 'api_key_revoked', row: KeyRow) =>
  recordSecurityEvent(db, caller.log, { kind, account: `user #${caller.userId}`, ip: caller.ip, detail: `key #${row.id} ${row.prefix}… "${row.name}"` }, caller.now);

export async function listKeys(db: Executor, userId: number) {
  return { items: (await keys.keysOf(db, userId)).map(toApiKey), max: API_KEYS_MAX };
}

export async function createKey(db: Database, caller: KeyCaller, input: { name: string; mode: ApiKeyMode; scopes: ApiKeyScope[]; ipAllowList: string[] }) {
  const made = newSecret(input.mode);
  const row = await db.transaction().execute(async (tx) => {
    // Counted in the transaction that writes: two creates at once cannot both pass at the limit
    // on SQLite; on PostgreSQL they could both read nine, which costs one key over, not a hole.
    if ((await keys.countActive(tx, caller.userId)) >= API_KEYS_MAX) throw new AppError(serverErrors.apiKeysMax, undefined, { max: API_KEYS_MAX });
    return keys.insertKey(tx, {
      user_id: caller.userId,
      name: input.name,
      mode: input.mode,
      prefix: made.prefix,
      secret_hash: made.secretHash,
      scopes: JSON.stringify(API_SCOPE_ORDER.filter((s) => input.scopes.includes(s))),
      ip_allow: JSON.stringify([...new Set(input.ipAllowList)]),
      created_at: caller.now,
      last_used_at: null,
      revoked_at: null,
    });
  });
  await keyEvent(db, caller, 'api_key_created', row);
  return { key: toApiKey(row), secret: made.secret };
}

const API_SCOPE_ORDER = apiKeyScopeSchema.options;

async function requireOwnLive(db: Executor, userId: number, id: number): Promise<KeyRow> {
  const row = await keys.findOwn(db, userId, id);
  if (!row) throw new AppError(serverErrors.apiKeyNotFound, 'id');
  if (row.revoked_at !== null) throw new AppError(serverErrors.apiKeyRevoked, 'id');
  return row;
}

/** A new secret for the key; the old one stops working with this write. */
export async function rotateKey(db: Database, caller: KeyCaller, id: number) {
  const current = await requireOwnLive(db, caller.userId, id);
  const made = newSecret(current.mode);
  const row = await keys.replaceSecret(db, current.id, made);
  if (!row) throw new AppError(serverErrors.apiKeyRevoked, 'id');
  await keyEvent(db, caller, 'api_key_rotated', row);
  return { key: toApiKey(row), secret: made.secret };
}

export async function revokeKey(db: Database, caller: KeyCaller, id: number) {
  const current = await requireOwnLive(db, caller.userId, id);
  const row = await keys.revoke(db, current.id, caller.now);
  if (!row) throw new AppError(serverErrors.apiKeyRevoked, 'id');
  await keyEvent(db, caller, 'api_key_revoked', row);
  return toApiKey(row);
}

/** A request's key, once it is known to be usable: whose it is and what it may do. */
export interface ApiCaller {
  keyId: number;
  userId: number;
  mode: ApiKeyMode;
  scopes: readonly ApiKeyScope[];
}

const BEARER = /^Bearer\s+(sk_(?:live|test)_[A-Za-z0-9_-]{20,100})\s*$/i;

/**
 * The key of an `Authorization: Bearer sk_…` header, checked: known, not revoked, its account
 * still a reseller in good standing, and the caller's address on its allow-list. Refuses with
 * the catalogue error otherwise. The scope is the operation's to check (requireScope).
 */
export async function authenticateKey(db: Executor, authorization: string | undefined, ip: string, now: number): Promise<ApiCaller> {
  if (!authorization) throw new AppError(serverErrors.apiKeyMissing);
  const secret = BEARER.exec(authorization)?.[1];
  if (!secret) throw new AppError(serverErrors.apiKeyInvalid);
  const row = await keys.findByHash(db, hashSecret(secret));
  if (!row || row.revoked_at !== null) throw new AppError(serverErrors.apiKeyInvalid);
  const user = await userById(db, row.user_id);
  // A key outlives nothing: an account no longer a reseller, or closed, has no working keys.
  if (!user || !isResellerRole(user.role) || user.status !== 'active' || user.deleted_at !== null) throw new AppError(serverErrors.apiKeyInvalid);
  const key = toApiKey(row);
  if (!ipAllowed(key.ipAllowList, ip)) throw new AppError(serverErrors.apiKeyIpNotAllowed, undefined, { ip });
  if (row.last_used_at === null || row.last_used_at <= now - LAST_USED_EVERY_MS) await keys.touchLastUsed(db, row.id, now, now - LAST_USED_EVERY_MS);
  return { keyId: row.id, userId: row.user_id, mode: row.mode, scopes: key.scopes };
}

export function requireScope(caller: ApiCaller, scope: ApiKeyScope): void {
  if (!caller.scopes.includes(scope)) throw new AppError(serverErrors.apiKeyScope, undefined, { scope });
}

/** Whether `ip` is on the list (addresses and CIDR blocks, IPv4 or IPv6); an empty list allows any. */
export function ipAllowed(list: readonly string[], ip: string): boolean {
  if (list.length === 0) return true;
  // An IPv4 client seen on a dual-stack socket arrives as ::ffff:a.b.c.d.
  const address = ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  const type = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : null;
  if (!type) return false;
  const allowed = new BlockList();
  for (const entry of list) {
    const [net, bits] = entry.split('/');
    const family = isIPv4(net!) ? 'ipv4' : 'ipv6';
    if (bits === undefined) allowed.addAddress(net!, family);
    else allowed.addSubnet(net!, Number(bits), family);
  }
  return allowed.check(address, type);
}
