import type { Kysely } from 'kysely';

/**
 * WeChat sign-ins kept on the server. A row is made when a tab asks for WeChat's authorisation
 * page (the OAuth `state`, stored hashed); the code WeChat returns is accepted once, with that
 * state; a WeChat the shop does not know then gets a random link token (stored hashed), usable
 * once, with the same state, for a few minutes. Nothing in it can be made from a secret that the
 * shop's pages carry.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('wechat_sign_ins')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('code_used_at', 'bigint')
    .addColumn('openid', 'text')
    .addColumn('nickname', 'text')
    .addColumn('avatar', 'text')
    .addColumn('link_token_hash', 'text', (c) => c.unique())
    .addColumn('link_expires_at', 'bigint')
    .addColumn('link_used_at', 'bigint')
    .execute();
  await db.schema.createIndex('wechat_sign_ins_expires').on('wechat_sign_ins').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('wechat_sign_ins').execute();
}
