import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Executor } from '../../db/database.ts';
import * as records from './oauth.repository.ts';

/**
 * oidc-provider's storage over the shop's database (SQLite or PostgreSQL through Kysely), so
 * every server process sees the same clients, grants, sessions and tokens: one adapter per
 * model name, each record a row of `oauth_records` with the fields oidc-provider finds records
 * by (uid, user code, grant id) beside its JSON payload. Expired rows are never answered; the
 * scheduled round forgets them. It does not cache: a revoked grant is gone for every process at once.
 */
export class DatabaseAdapter implements Adapter {
  constructor(
    private readonly db: Executor,
    private readonly model: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    const now = Date.now();
    await records.upsertRecord(this.db, {
      model: this.model,
      id,
      payload: JSON.stringify(payload),
      grant_id: payload.grantId ?? null,
      uid: payload.uid ?? null,
      user_code: payload.userCode ?? null,
      account_id: payload.accountId ?? null,
      // A Client record names itself by client_id; the others by clientId.
      client_id: payload.clientId ?? payload.client_id ?? null,
      expires_at: expiresIn ? now + expiresIn * 1000 : null,
      consumed_at: null,
    });
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return records.findRecord(this.db, this.model, id, Date.now()).then(toPayload);
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return records.findRecordBy(this.db, this.model, 'uid', uid, Date.now()).then(toPayload);
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return records.findRecordBy(this.db, this.model, 'user_code', userCode, Date.now()).then(toPayload);
  }

  consume(id: string): Promise<void> {
    return records.consumeRecord(this.db, this.model, id, Date.now());
  }

  destroy(id: string): Promise<void> {
    return records.destroyRecord(this.db, this.model, id);
  }

  revokeByGrantId(grantId: string): Promise<void> {
    return records.destroyByGrant(this.db, grantId, false);
  }
}

function toPayload(row: { payload: string; consumed_at: number | null } | undefined): AdapterPayload | undefined {
  if (!row) return undefined;
  const payload = JSON.parse(row.payload) as AdapterPayload;
  // oidc-provider reads `consumed` (seconds) to refuse a code or refresh token used twice.
  return row.consumed_at === null ? payload : { ...payload, consumed: Math.floor(Number(row.consumed_at) / 1000) };
}
