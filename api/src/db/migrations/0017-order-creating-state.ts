import { sql, type Kysely } from 'kysely';

/**
 * The gateway's order is opened outside any database transaction: the order is first recorded
 * as `creating` (holding its coupon use and pending pack like an order waiting for payment),
 * then opened with the gateway, then moved to `created` in a second short transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await dropStatusCheck(db);
  await sql`
    alter table orders add constraint orders_status_check
    check (status in ('creating', 'created', 'attempted', 'paid', 'expired'))`.execute(db);
  // The sweep finds orders whose gateway order was never opened (the process stopped between the steps).
  await sql`create index orders_creating_idx on orders (created_at) where status = 'creating'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists orders_creating_idx`.execute(db);
  await sql`update orders set status = 'expired' where status = 'creating'`.execute(db);
  await dropStatusCheck(db);
  await sql`alter table orders add constraint orders_status_check check (status in ('created', 'attempted', 'paid', 'expired'))`.execute(db);
}

/** 0009's check on the status was unnamed; it is found by what it says. */
async function dropStatusCheck(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ conname: string; definition: string }>`
    select conname, pg_get_constraintdef(oid) as definition from pg_constraint
    where conrelid = 'orders'::regclass and contype = 'c'`.execute(db);
  for (const { conname, definition } of rows) {
    if (/\bstatus\b.*'attempted'/.test(definition)) await sql`alter table orders drop constraint ${sql.id(conname)}`.execute(db);
  }
}
