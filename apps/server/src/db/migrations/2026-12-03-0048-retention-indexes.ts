import type { Kysely } from 'kysely';

/**
 * Indexes for the scheduled round's retention, which deletes spent rows a batch at a time by the
 * time they ended: without them each batch read its whole table (a year of rate-limit windows is
 * 3.6 million rows). `job_side_effects_job` serves the delete of a finished job's send records.
 * Revoked sessions are few, so that index holds only them. Neither engine had any of these.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('sessions_expires').on('sessions').column('expires_at').execute();
  await db.schema.createIndex('sessions_revoked').on('sessions').column('revoked_at').where('revoked_at', 'is not', null).execute();
  await db.schema.createIndex('verification_codes_expires').on('verification_codes').column('expires_at').execute();
  await db.schema.createIndex('rate_limits_window').on('rate_limits').column('window_start').execute();
  await db.schema.createIndex('job_side_effects_job').on('job_side_effects').column('job_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['job_side_effects_job', 'rate_limits_window', 'verification_codes_expires', 'sessions_revoked', 'sessions_expires']) await db.schema.dropIndex(name).execute();
}
