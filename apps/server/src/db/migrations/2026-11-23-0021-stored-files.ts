import type { Kysely } from 'kysely';

/** Reserved for this session's work: filled by its owner (see the file name). */
export async function up(_db: Kysely<any>): Promise<void> {}

export async function down(_db: Kysely<any>): Promise<void> {}
