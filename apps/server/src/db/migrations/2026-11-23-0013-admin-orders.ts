import type { Kysely } from 'kysely';

/** Reserved for the console's tables of this area (filled as the area is built). */
export async function up(_db: Kysely<any>): Promise<void> {}

export async function down(_db: Kysely<any>): Promise<void> {}
