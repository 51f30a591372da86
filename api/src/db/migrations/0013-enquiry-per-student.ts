import { sql, type Kysely } from 'kysely';

// The open states as the database knew them when this migration shipped (see 0008-enquiries).
const openStates = `'sent', 'seen', 'responded', 'demo_offered', 'demo_booked', 'batch_offered'`;
/** Stands for "the learner themself" (no student row), so one such enquiry per listing is kept unique too. */
const selfStudent = `'00000000-0000-0000-0000-000000000000'::uuid`;

export async function up(db: Kysely<unknown>): Promise<void> {
  // A family asks the same teacher about each child: one open enquiry per student and listing,
  // instead of one per account and listing, which answered a second child with the first child's enquiry.
  await sql`drop index enquiries_open_per_listing_idx`.execute(db);
  await sql`
    create unique index enquiries_open_per_student_idx on enquiries (learner_account_id, listing_id, (coalesce(student_id, ${sql.raw(selfStudent)})))
    where state in (${sql.raw(openStates)})`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index enquiries_open_per_student_idx`.execute(db);
  await sql`
    create unique index enquiries_open_per_listing_idx on enquiries (learner_account_id, listing_id)
    where state in (${sql.raw(openStates)})`.execute(db);
}
