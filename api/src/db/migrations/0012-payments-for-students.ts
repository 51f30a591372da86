import { sql, type Kysely } from 'kysely';

/**
 * Money lands where it was meant:
 * - a payment request names the student it is for and, when it asks for a class pack, the
 *   pack: paying it makes that student the batch's student with that pack;
 * - an order can be paid from the learner's credit: `credit_paise` is taken off like a
 *   discount, and an order the credit covers entirely is settled on the ledger (gateway
 *   `ledger`, total 0) without any gateway;
 * - GST is split into two equal halves (the taxable value is rounded so the tax is even).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table payment_requests add column student_id uuid references students (id)`.execute(db);
  await sql`alter table payment_requests add column class_pack_plan_id uuid references class_pack_plans (id)`.execute(db);
  // The capability in the receipt link texted to the learner: whoever has it may download the PDF.
  await sql`alter table orders add column receipt_token text unique`.execute(db);

  // The checks of 0009 on these columns were unnamed; they are found by what they say.
  const { rows } = await sql<{ conname: string; definition: string }>`
    select conname, pg_get_constraintdef(oid) as definition from pg_constraint
    where conrelid = 'orders'::regclass and contype = 'c'`.execute(db);
  const replaced = rows.filter(
    ({ definition }) =>
      /\bgateway\b.*sandbox/.test(definition) ||
      /total_paise >= 100/.test(definition) ||
      /total_paise = \(+base_paise/.test(definition) ||
      /taxable_paise \+ cgst_paise/.test(definition),
  );
  for (const { conname } of replaced) await sql`alter table orders drop constraint ${sql.id(conname)}`.execute(db);

  // A plan change stored the price less the credit as its base; the base is now the price.
  await sql`update orders set base_paise = base_paise + credit_paise where purpose = 'change_plan'`.execute(db);
  // Orders split with an odd paisa: the taxable value moves one paisa towards the exact value.
  await sql`
    update orders
    set taxable_paise = taxable_paise + case when total_paise::bigint * 10000 > taxable_paise::bigint * 11800 then 1 else -1 end
    where (total_paise - taxable_paise) % 2 = 1`.execute(db);
  await sql`update orders set cgst_paise = (total_paise - taxable_paise) / 2, sgst_paise = (total_paise - taxable_paise) / 2`.execute(db);

  await sql`alter table orders add constraint orders_gateway_check check (gateway in ('sandbox', 'razorpay', 'ledger'))`.execute(db);
  await sql`
    alter table orders add constraint orders_total_minimum_check
    check (total_paise >= 100 or (gateway = 'ledger' and total_paise = 0))`.execute(db);
  await sql`
    alter table orders add constraint orders_total_check
    check (total_paise = base_paise - coupon_discount_paise - referral_discount_paise - credit_paise)`.execute(db);
  await sql`
    alter table orders add constraint orders_gst_check
    check (taxable_paise + cgst_paise + sgst_paise = total_paise and cgst_paise = sgst_paise)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders drop constraint orders_gst_check`.execute(db);
  await sql`alter table orders drop constraint orders_total_check`.execute(db);
  await sql`alter table orders drop constraint orders_total_minimum_check`.execute(db);
  await sql`alter table orders drop constraint orders_gateway_check`.execute(db);
  await sql`delete from orders where gateway = 'ledger'`.execute(db);
  await sql`update orders set base_paise = base_paise - credit_paise where purpose = 'change_plan'`.execute(db);
  await sql`alter table orders add check (gateway in ('sandbox', 'razorpay'))`.execute(db);
  await sql`alter table orders add check (total_paise >= 100)`.execute(db);
  await sql`alter table orders add check (total_paise = base_paise - coupon_discount_paise - referral_discount_paise)`.execute(db);
  await sql`alter table orders add check (taxable_paise + cgst_paise + sgst_paise = total_paise)`.execute(db);
  await sql`alter table orders drop column receipt_token`.execute(db);
  await sql`alter table payment_requests drop column class_pack_plan_id`.execute(db);
  await sql`alter table payment_requests drop column student_id`.execute(db);
}
