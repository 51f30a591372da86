import { sql, type Kysely } from 'kysely';

/**
 * Whom an order pays for is decided once, when it is made, and kept on the order: the student
 * (null for the learner's own place) beside the place in the batch when there is one. A class
 * pack is born with its order; one bought through a teacher's request before the student has a
 * place in the batch waits without a place until the payment gives it one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders add column student_id uuid references students (id) on delete set null`.execute(db);
  await sql`alter table batch_student_plans alter column batch_student_id drop not null`.execute(db);
  // Orders already made: the student of their place, or of the request they pay when that
  // student is the payer's own (the rule the payment applied).
  await sql`
    update orders o set student_id = bs.student_id
    from batch_students bs
    where bs.id = o.batch_student_id and bs.student_id is not null`.execute(db);
  await sql`
    update orders o set student_id = pr.student_id
    from payment_requests pr
    join students s on s.id = pr.student_id
    where o.payment_request_id = pr.id and o.batch_student_id is null and s.learner_account_id = o.learner_account_id`.execute(db);
  // Checkouts still open for a request that buys a class pack: the pack is born now, as the
  // checkout makes it from here on, so paying one still delivers the pack.
  const open = await sql<{
    id: string;
    batch_student_id: string | null;
    plan_id: string;
    classes_count: number;
    price_paise: number;
    validity_days: number;
    created_at: Date;
  }>`
    select o.id, o.batch_student_id, cpp.id as plan_id, cpp.classes_count, cpp.price_paise, cpp.validity_days, o.created_at
    from orders o
    join payment_requests pr on pr.id = o.payment_request_id
    join class_pack_plans cpp on cpp.id = pr.class_pack_plan_id and cpp.batch_id = pr.batch_id
    where o.batch_student_plan_id is null and o.status in ('creating', 'created', 'attempted')`.execute(db);
  for (const order of open.rows) {
    const born = await sql<{ id: string }>`
      insert into batch_student_plans (batch_student_id, class_pack_plan_id, classes_total, price_paise, validity_days, status, created_at, updated_at)
      values (${order.batch_student_id}, ${order.plan_id}, ${order.classes_count}, ${order.price_paise}, ${order.validity_days}, 'pending_payment', ${order.created_at}, ${order.created_at})
      returning id`.execute(db);
    await sql`update orders set batch_student_plan_id = ${born.rows[0]?.id} where id = ${order.id}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from batch_student_plans where batch_student_id is null`.execute(db);
  await sql`alter table batch_student_plans alter column batch_student_id set not null`.execute(db);
  await sql`alter table orders drop column if exists student_id`.execute(db);
}
