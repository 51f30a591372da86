import { addDaysToDateKey } from '@kalike/shared/format/dates';
import { sql, type Kysely } from 'kysely';
import type { SeedSize } from '../../config';
import type { Database } from '../schema';
import { seedAccounts, wellKnownLearners } from './accounts';
import type { SeededClasses } from './classes/class-seed-context';
import { seedEnquiries, wellKnownEnquiryIds } from './enquiries';
import { seedPayments } from './payments/seed-payments';
import { createRandom, type Random } from './random';
import { seedClassUpdates } from './seed-class-updates';
import { seedClasses } from './seed-classes';
import { istTimestamp, profiles, type BatchGen, type SeedContext, type SeedSummary } from './seed-context';
import { seedPaymentRequests } from './seed-payment-requests';
import { seedReviews } from './seed-reviews';
import { seedCategories, seedPlaces, seedTeachers } from './seed-teachers';
import { bulkInsert } from './bulk-insert';
import { countSeatsFromPlaces } from './seed-seats';
import { seedFamilyCalendar, seedFamilyEnrolments, seedPastSessions, upcomingSessionRows, type PastSession, type SeedSchedule } from './sessions';

/** Payment requests with stable ids, so links in docs, the UI and e2e tests keep working. */
export const wellKnownPaymentRequestIds = {
  open: '00000000-0000-4000-8000-000000000001',
  completed: '00000000-0000-4000-8000-000000000002',
  cancelled: '00000000-0000-4000-8000-000000000003',
  openSecond: '00000000-0000-4000-8000-000000000004',
} as const;

export interface SeedOptions {
  size: SeedSize;
  /** First day of the seeded calendar, YYYY-MM-DD in Bengaluru time; fixed in tests. */
  anchorDate: string;
  /** Same seed and options, same rows. */
  seed?: string;
  /** Told each time a table's rows are written (the bench seed takes a while). */
  onProgress?: (progress: SeedProgress) => void;
}

export interface SeedProgress {
  table: string;
  rows: number;
  /** Tables written so far. */
  tables: number;
}

/**
 * The summary every step writes its row count into; each write is also reported, so the
 * progress follows the seed without every step having to say so.
 */
function reportingSummary(onProgress: SeedOptions['onProgress']): SeedSummary {
  const summary: SeedSummary = {};
  if (!onProgress) return summary;
  return new Proxy(summary, {
    set(target, table, rows) {
      target[table as string] = rows as number;
      onProgress({ table: String(table), rows: rows as number, tables: Object.keys(target).length });
      return true;
    },
  });
}

function scheduleOf(batch: BatchGen): SeedSchedule {
  return { id: batch.id, daysOfWeek: batch.days, startTime: batch.start, endTime: batch.end, startsOn: batch.startsOn, endsOn: null };
}

/**
 * Every batch's days up to the generation horizon, through the API's own schedule expansion,
 * streamed so the bench size stays in memory bounds.
 */
async function seedUpcomingSessions({ db, anchor, stream, summary }: SeedContext, classes: SeededClasses): Promise<void> {
  function* schedules(): Generator<SeedSchedule> {
    for (const batch of classes.familyBatches) yield scheduleOf(batch);
    for (const batch of classes.batches) yield scheduleOf(batch);
  }
  summary.class_sessions = await bulkInsert(db, 'class_sessions', upcomingSessionRows(schedules(), anchor, stream('sessions')), 10_000);
}

/**
 * Meera's children join the family batches; then the past sessions of every batch with a seeded
 * student whose attendance is marked, so payments can consume classes from them.
 */
async function seedEnrolmentsAndPastSessions({ db, anchor, stream, summary }: SeedContext, classes: SeededClasses): Promise<PastSession[]> {
  summary.batch_students = (summary.batch_students ?? 0) + (await seedFamilyEnrolments(db, anchor));
  const attending = await db
    .selectFrom('batch_students as bs')
    .leftJoin('enquiries as e', 'e.batch_student_id', 'bs.id')
    .select(['bs.batch_id', 'bs.created_at'])
    .where((eb) => eb.or([eb('bs.learner_account_id', '=', wellKnownLearners.meera.accountId), eb('e.id', '=', wellKnownEnquiryIds.enrolled)]))
    .execute();
  const batchById = new Map([...classes.familyBatches, ...classes.batches].map((batch) => [batch.id, batch]));
  const firstEnrolled = new Map<string, Date>();
  for (const row of attending) {
    const at = new Date(row.created_at);
    const known = firstEnrolled.get(row.batch_id);
    if (!known || at < known) firstEnrolled.set(row.batch_id, at);
  }
  const pastSessions = await seedPastSessions(db, {
    anchor,
    random: stream('past-sessions'),
    batches: [...firstEnrolled].flatMap(([batchId, firstEnrolledAt]) => {
      const batch = batchById.get(batchId);
      return batch ? [{ ...scheduleOf(batch), firstEnrolledAt }] : [];
    }),
  });
  summary.class_sessions = (summary.class_sessions ?? 0) + pastSessions.length;
  return pastSessions;
}

/**
 * Fills an empty, migrated database: the catalogue (places, categories, teachers, their
 * listings, programs, batches and plans), sessions, payment requests, the class updates feed,
 * people, reviews, enquiries, enrolments and payments, in that order. Each table draws from its
 * own PRNG stream, so changing how one table is generated does not reshuffle the others.
 */
export async function seedDatabase(db: Kysely<Database>, options: SeedOptions): Promise<SeedSummary> {
  const seed = options.seed ?? 'kalike';
  const summary = reportingSummary(options.onProgress);

  await db.transaction().execute(async (trx) => {
    const context: SeedContext = {
      db: trx,
      profile: profiles[options.size],
      anchor: options.anchorDate,
      stream: (name: string): Random => createRandom(`${seed}:${options.size}:${name}`),
      summary,
    };
    const { anchor, stream } = context;

    const places = await seedPlaces(context);
    const categoryIds = await seedCategories(context);
    const teachers = await seedTeachers(context, places, categoryIds);
    const classes = await seedClasses(context, teachers, places, categoryIds);
    await seedUpcomingSessions(context, classes);
    const requestStudents = await seedPaymentRequests(context, classes.batches, wellKnownPaymentRequestIds);
    await seedClassUpdates(context, classes.batches);

    // Users and learner accounts; the seeded learners' payment requests then name their child.
    const accountRandom = stream('accounts');
    Object.assign(summary, await seedAccounts(trx, teachers, () => accountRandom.uuid(), istTimestamp(addDaysToDateKey(anchor, -60), '10:00')));
    for (const { requestId, studentId } of requestStudents) {
      await trx.updateTable('payment_requests').set({ student_id: studentId }).where('id', '=', requestId).execute();
    }

    await seedReviews(context, teachers, classes.listings);

    // Enquiries in every state for Asha, from their own stream, after every other table.
    const firstTeacher = teachers[0];
    if (firstTeacher) {
      Object.assign(
        summary,
        await seedEnquiries(trx, {
          random: stream('enquiries'),
          anchorDate: anchor,
          teacherOfTheDayId: firstTeacher.id,
          listings: classes.listings.map((listing) => ({
            id: listing.id,
            teacherId: listing.teacher.id,
            teacherSlug: listing.teacher.slug,
            categorySlug: listing.category.slug,
            active: listing.active,
          })),
          // The family batches first: their listing's enrolled enquiry takes a seat in one of them.
          batches: [...classes.familyBatches, ...classes.batches].map((batch) => ({
            id: batch.id,
            listingId: batch.program.listing.id,
            capacity: batch.capacity,
            seatsTaken: batch.seatsTaken,
          })),
        }),
      );
    }

    const pastSessions = await seedEnrolmentsAndPastSessions(context, classes);

    // Coupons, referral codes, payment links and paid class packs, from their own stream, last.
    Object.assign(
      summary,
      await seedPayments(trx, {
        random: stream('payments'),
        anchorDate: anchor,
        batches: classes.batches.map((batch) => ({ id: batch.id, seatsTaken: batch.seatsTaken, teacherId: batch.program.listing.teacher.id })),
        pastSessions,
      }),
    );

    // Last, from its own stream: a class the teacher called off and a holiday, both upcoming.
    Object.assign(summary, await seedFamilyCalendar(trx, { anchor, random: stream('family-calendar') }));

    // Once every place exists: the seats each batch shows taken are those places.
    await countSeatsFromPlaces(trx);
  });

  // Fresh statistics let the planner pick the GiST and trigram indexes straight away.
  await sql`analyze`.execute(db);
  return { ...summary };
}

export async function isDatabaseEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom('categories')
    .select(sql<number>`count(*)::int`.as('count'))
    .executeTakeFirstOrThrow();
  return row.count === 0;
}
