import { sql, type Kysely } from 'kysely';

/**
 * What the reminders sweep reads at each pass, by index: open payment requests by their due day
 * (due tomorrow, overdue) and demo offers still open by the class they offer (the offer ends when
 * that class starts). Classes, places and enquiry deadlines already have theirs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index payment_requests_open_due_idx on payment_requests (due_on) where status = 'open'`.execute(db);
  await sql`create index enquiries_demo_offered_session_idx on enquiries (offer_session_id) where state = 'demo_offered'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists enquiries_demo_offered_session_idx`.execute(db);
  await sql`drop index if exists payment_requests_open_due_idx`.execute(db);
}
