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
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from batch_student_plans where batch_student_id is null`.execute(db);
  await sql`alter table batch_student_plans alter column batch_student_id set not null`.execute(db);
  await sql`alter table orders drop column if exists student_id`.execute(db);
}
