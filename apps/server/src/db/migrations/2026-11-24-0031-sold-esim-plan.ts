import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers.ts';

/**
 * A sold eSIM keeps the plan that was bought. Since the console edits a SKU's data and days
 * (0030's columns), the eSIM row gets its own copy of them and of the product's rule for when
 * the days start (`travel.validityStarts`), and the usage reads the copy.
 *
 * The copy is made by a trigger when an eSIM gets its owner (inserted with one, or `user_id` set
 * on a pool profile), in the statement that gives it: the shop's pool assignment and on-demand
 * issue and a reseller's generation hand eSIMs over, in two modules, and none of them can forget
 * to copy (as with the catalogue version triggers, 0026). An eSIM without a SKU (an ECode's, one
 * added by its owner) has no plan to copy, as it had none to read before.
 * Existing sold eSIMs are filled from their SKU as it is now: the best that is known of them.
 *
 * The shop's product page now shows a SKU's data and days, so the catalogue version also rises
 * when they change (a trigger of their own beside 0026's for the other columns).
 */
const BUMP = 'update catalogue_version set version = version + 1 where id = 1';

/** SQLite: the start rule of a product's travel JSON, null when there is none or it is not JSON. */
const SQLITE_STARTS = "case when json_valid(p.travel) then json_extract(p.travel, '$.validityStarts') end";
/** SQLite: copies the SKU's facts onto the eSIM `ref` (new, or esims itself for the backfill). */
const sqliteCopy = (ref: string) => `update esims set
  data_mb = (select s.data_mb from product_skus s where s.id = ${ref}.sku_id),
  validity_days = (select s.validity_days from product_skus s where s.id = ${ref}.sku_id),
  validity_starts = (select ${SQLITE_STARTS} from product_skus s join products p on p.id = s.product_id where s.id = ${ref}.sku_id)`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('esims').addColumn('data_mb', 'integer').execute();
  await db.schema.alterTable('esims').addColumn('validity_days', 'integer').execute();
  await db.schema.alterTable('esims').addColumn('validity_starts', 'text').execute();

  if (isPostgres(db)) {
    // A product's travel column is checked JSON, but a delivery must never fail over a bad one.
    await sql
      .raw(
        `create function travel_validity_starts(travel text) returns text language plpgsql immutable as $$
         begin return travel::jsonb ->> 'validityStarts'; exception when others then return null; end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create function copy_esim_plan() returns trigger language plpgsql as $$
         begin
           if new.user_id is null or new.sku_id is null then return new; end if;
           if tg_op = 'UPDATE' and old.user_id is not null then return new; end if;
           select s.data_mb, s.validity_days, travel_validity_starts(p.travel) into new.data_mb, new.validity_days, new.validity_starts
             from product_skus s join products p on p.id = s.product_id where s.id = new.sku_id;
           return new;
         end $$`,
      )
      .execute(db);
    await sql.raw('create trigger esims_copy_plan before insert or update of user_id on esims for each row execute function copy_esim_plan()').execute(db);
    await sql
      .raw(
        `update esims set data_mb = s.data_mb, validity_days = s.validity_days, validity_starts = travel_validity_starts(p.travel)
         from product_skus s join products p on p.id = s.product_id where s.id = esims.sku_id and esims.user_id is not null`,
      )
      .execute(db);
    await sql.raw('create trigger product_skus_plan_catalogue_version after update of data_mb, validity_days on product_skus for each statement execute function bump_catalogue_version()').execute(db);
    return;
  }
  await sql.raw(`create trigger esims_insert_copy_plan after insert on esims when new.user_id is not null and new.sku_id is not null begin ${sqliteCopy('new')} where id = new.id; end`).execute(db);
  await sql
    .raw(`create trigger esims_owner_copy_plan after update of user_id on esims when old.user_id is null and new.user_id is not null and new.sku_id is not null begin ${sqliteCopy('new')} where id = new.id; end`)
    .execute(db);
  await sql.raw(`${sqliteCopy('esims')} where user_id is not null and sku_id is not null`).execute(db);
  await sql.raw(`create trigger product_skus_plan_catalogue_version after update of data_mb, validity_days on product_skus begin ${BUMP}; end`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw('drop trigger if exists esims_copy_plan on esims').execute(db);
    await sql.raw('drop function if exists copy_esim_plan()').execute(db);
    await sql.raw('drop function if exists travel_validity_starts(text)').execute(db);
    await sql.raw('drop trigger if exists product_skus_plan_catalogue_version on product_skus').execute(db);
  } else {
    await sql.raw('drop trigger if exists esims_insert_copy_plan').execute(db);
    await sql.raw('drop trigger if exists esims_owner_copy_plan').execute(db);
    await sql.raw('drop trigger if exists product_skus_plan_catalogue_version').execute(db);
  }
  await db.schema.alterTable('esims').dropColumn('validity_starts').execute();
  await db.schema.alterTable('esims').dropColumn('validity_days').execute();
  await db.schema.alterTable('esims').dropColumn('data_mb').execute();
}
