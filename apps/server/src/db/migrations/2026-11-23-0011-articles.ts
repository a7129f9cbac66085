import type { Kysely } from 'kysely';

// Filled in by the domain's work (issue 6); an empty migration changes nothing.
export async function up(_db: Kysely<any>): Promise<void> {}

export async function down(_db: Kysely<any>): Promise<void> {}
