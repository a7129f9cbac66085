import type { Kysely } from 'kysely';

/** Merchant suspension, pickup stores and pool import scoping. */
export async function up(db: Kysely<any>): Promise<void> {
  // A pool import checks each new row's ICCID against the other merchants' pools: one look-up per row.
  await db.schema.createIndex('esims_iccid').on('esims').column('iccid').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('esims_iccid').execute();
}
