import { addDaysToDateKey } from '@kalike/shared/format/dates';
import { sql, type Kysely } from 'kysely';
import { createTestDatabase, TEST_ANCHOR_DATE, type TestDatabase } from '../testing/build-test-app';
import { migrateToLatest } from './migrations';
import type { Database } from './schema';
import { sessionGenerationHorizonDays } from '@kalike/shared/domain/session-values';

import { wellKnownFamily, wellKnownTeacher } from './seed/accounts';
import { seededClassesConsumed, seededCouponCodes, wellKnownOwingBatchStudentId, wellKnownPaymentLinkIds } from './seed/payments';
import { seedDatabase, wellKnownPaymentRequestIds } from './seed/seed-database';
import { tableFingerprints as fingerprint } from './table-fingerprint';
import { pastSessionDays, seededHolidayReason, seededTeacherCancelReason } from './seed/sessions';

describe('database migrations and seed', () => {
  const opened: TestDatabase[] = [];

  async function freshDatabase(): Promise<Kysely<Database>> {
    const testDatabase = await createTestDatabase();
    opened.push(testDatabase);
    await migrateToLatest(testDatabase.database.db);
    return testDatabase.database.db;
  }

  afterAll(async () => {
    await Promise.all(opened.map((testDatabase) => testDatabase.close()));
  });

  test('the same seed and anchor date produce identical rows; another seed does not', async () => {
    const [first, second] = await Promise.all([freshDatabase(), freshDatabase()]);
    await seedDatabase(first, { size: 'test', anchorDate: TEST_ANCHOR_DATE });
    await seedDatabase(second, { size: 'test', anchorDate: TEST_ANCHOR_DATE });
    const [a, b] = await Promise.all([fingerprint(first), fingerprint(second)]);
    expect(a).toEqual(b);
    expect(a.teachers).toMatch(/^40:/);

    const third = await freshDatabase();
    await seedDatabase(third, { size: 'test', anchorDate: TEST_ANCHOR_DATE, seed: 'another' });
    const c = await fingerprint(third);
    expect(c.teachers).not.toEqual(a.teachers);
    expect(c.localities).not.toEqual(a.localities);

    // Migrations are idempotent: a second run applies nothing and leaves the data alone.
    expect(await migrateToLatest(first)).toEqual([]);
    expect(await fingerprint(first)).toEqual(a);

    const fixed = await first
      .selectFrom('payment_requests')
      .select(['id', 'status'])
      .where('id', 'in', Object.values(wellKnownPaymentRequestIds))
      .orderBy('id')
      .execute();
    expect(fixed).toEqual([
      { id: wellKnownPaymentRequestIds.open, status: 'open' },
      { id: wellKnownPaymentRequestIds.completed, status: 'completed' },
      { id: wellKnownPaymentRequestIds.cancelled, status: 'cancelled' },
      { id: wellKnownPaymentRequestIds.openSecond, status: 'open' },
    ]);
  });

  test('seeded data respects the domain rules', async () => {
    const db = await freshDatabase();
    await seedDatabase(db, { size: 'test', anchorDate: TEST_ANCHOR_DATE });

    const statuses = await db
      .selectFrom('payment_requests')
      .select(['status', sql<number>`count(*)::int`.as('count')])
      .groupBy('status')
      .execute();
    for (const status of ['open', 'completed', 'cancelled']) {
      expect(statuses.find((row) => row.status === status)?.count ?? 0).toBeGreaterThanOrEqual(5);
    }

    const sessions = await sql<{ first: string; last: string }>`
      select to_char(min(starts_at at time zone 'Asia/Kolkata'), 'YYYY-MM-DD') as first,
             to_char(max(starts_at at time zone 'Asia/Kolkata'), 'YYYY-MM-DD') as last
      from class_sessions
    `.execute(db);
    // Up to the generation horizon ahead; back three weeks only where seeded students attend.
    expect(sessions.rows[0]).toEqual({
      first: addDaysToDateKey(TEST_ANCHOR_DATE, -pastSessionDays),
      last: addDaysToDateKey(TEST_ANCHOR_DATE, sessionGenerationHorizonDays - 1),
    });
    const sessionRules = await sql<{ wrong_day: number; cancelled_without_reason: number; past_elsewhere: number; past_unmarked: number }>`
      select
        count(*) filter (where occurs_on <> (starts_at at time zone 'Asia/Kolkata')::date)::int as wrong_day,
        count(*) filter (where status = 'cancelled' and (cancel_reason is null or cancelled_at is null or cancelled_at >= starts_at))::int as cancelled_without_reason,
        count(*) filter (where occurs_on < ${TEST_ANCHOR_DATE}::date and batch_id not in (select batch_id from batch_students))::int as past_elsewhere,
        count(*) filter (where occurs_on < ${TEST_ANCHOR_DATE}::date and (status <> 'completed' or not exists (select 1 from session_attendance a where a.session_id = class_sessions.id)))::int as past_unmarked
      from class_sessions
    `.execute(db);
    expect(sessionRules.rows[0]).toEqual({ wrong_day: 0, cancelled_without_reason: 0, past_elsewhere: 0, past_unmarked: 1 });
    // The one past class with its register still to take: the latest of Aarav's batch.
    const toTake = await sql<{ batch_id: string; latest: boolean }>`
      select batch_id, starts_at = (select max(starts_at) from class_sessions s where s.batch_id = c.batch_id and s.occurs_on < ${TEST_ANCHOR_DATE}::date) as latest
      from class_sessions c
      where occurs_on < ${TEST_ANCHOR_DATE}::date and status <> 'completed'
    `.execute(db);
    expect(toTake.rows).toEqual([{ batch_id: wellKnownFamily.aarav.batchId, latest: true }]);
    const links = await sql<{ place: string; linked: boolean; count: number }>`
      select place, online_link like 'https://%' as linked, count(*)::int as count from batches group by 1, 2 order by 1, 2
    `.execute(db);
    expect(links.rows.map(({ place, linked }) => ({ place, linked }))).toEqual([
      { place: 'apartment', linked: null },
      { place: 'locality', linked: null },
      { place: 'online', linked: true },
    ]);

    const prices = await db.selectFrom('class_pack_plans').select(['classes_count', 'price_paise']).where('classes_count', '=', 8).execute();
    for (const plan of prices) {
      expect(plan.price_paise % 100).toBe(0);
      expect(plan.price_paise).toBeGreaterThanOrEqual(2_000_00);
      expect(plan.price_paise).toBeLessThanOrEqual(9_000_00);
    }

    // Payments: every ledger adds up, every paid order is booked once, every link state is there.
    const coupons = await db.selectFrom('coupons').select('code').orderBy('code').execute();
    expect(coupons.map((coupon) => coupon.code)).toEqual([...seededCouponCodes].sort());
    const paymentLinks = await db.selectFrom('payment_links').select(['id', 'status']).orderBy('id').execute();
    expect(paymentLinks).toEqual(Object.entries(wellKnownPaymentLinkIds).map(([status, id]) => ({ id, status })));
    const ledgers = await sql<{ batch_student_id: string; money: number; classes: number }>`
      select batch_student_id, sum(amount_paise)::int as money, sum(classes_delta)::int as classes
      from ledger_entries where batch_student_id is not null group by batch_student_id order by batch_student_id
    `.execute(db);
    // Asha's, Rahul's and Meera's two children's.
    expect(ledgers.rows).toHaveLength(4);
    for (const ledger of ledgers.rows) {
      expect(ledger.classes).toBeGreaterThanOrEqual(0);
      expect(ledger.batch_student_id === wellKnownOwingBatchStudentId ? ledger.money < 0 : ledger.money === 0).toBe(true);
    }
    const bookings = await sql<{ count: number }>`
      select count(*)::int as count from orders o
      where o.status = 'paid' and (select count(*) from ledger_entries le where le.order_id = o.id and le.kind = 'payment') <> 1
    `.execute(db);
    expect(bookings.rows[0]?.count).toBe(0);
    const receipts = await db.selectFrom('orders').select('receipt_number').where('status', '=', 'paid').orderBy('paid_at').execute();
    expect(receipts.map((order) => order.receipt_number)).toEqual(receipts.map((order) => order.receipt_number).sort());

    // Attendance and the ledger agree: an attended class points at the entry that consumed it
    // for that student and session, and every class consumed in a session has its attendance.
    const attendance = await sql<{ attended: number; missed: number; mismatched: number; unregistered: number }>`
      select
        (select count(*)::int from session_attendance where status = 'attended') as attended,
        (select count(*)::int from session_attendance where status = 'missed') as missed,
        (select count(*)::int from session_attendance a left join ledger_entries le on le.id = a.ledger_entry_id
          where a.status = 'attended' and (le.kind is distinct from 'class_consumed' or le.session_id <> a.session_id or le.batch_student_id <> a.batch_student_id)) as mismatched,
        (select count(*)::int from ledger_entries le where le.session_id is not null
          and not exists (select 1 from session_attendance a where a.ledger_entry_id = le.id)) as unregistered
    `.execute(db);
    expect(attendance.rows[0]).toMatchObject({ mismatched: 0, unregistered: 0 });
    expect(attendance.rows[0]?.attended).toBeGreaterThan(seededClassesConsumed);
    const enrolledEnquiry = await db.selectFrom('enquiries').select('batch_student_id').where('state', '=', 'enrolled').executeTakeFirstOrThrow();
    const ashaAttended = await db
      .selectFrom('session_attendance')
      .select('status')
      .where('batch_student_id', '=', enrolledEnquiry.batch_student_id ?? '')
      .where('status', '=', 'attended')
      .execute();
    expect(ashaAttended).toHaveLength(seededClassesConsumed);

    // Demo classes offered in enquiries are still bookable.
    const offered = await db.selectFrom('enquiries as e').innerJoin('class_sessions as s', 's.id', 'e.offer_session_id').select('s.status').execute();
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.every((row) => row.status === 'scheduled')).toBe(true);

    // The teacher of the day always has an in-person batch that has started, has a seat, and meets soon.
    const demoable = await sql<{ batch_id: string }>`
      select b.id as batch_id from batches b
      join programs p on p.id = b.program_id join teacher_listings l on l.id = p.listing_id join users u on u.teacher_id = l.teacher_id
      where u.phone = ${wellKnownTeacher.phone} and b.place <> 'online' and b.starts_on < ${TEST_ANCHOR_DATE}::date and b.seats_taken < b.capacity
        and exists (select 1 from class_sessions s where s.batch_id = b.id and s.status = 'scheduled' and s.occurs_on between ${TEST_ANCHOR_DATE}::date and ${addDaysToDateKey(TEST_ANCHOR_DATE, 7)}::date)
    `.execute(db);
    expect(demoable.rows.length).toBeGreaterThanOrEqual(1);

    const localities = await db.selectFrom('localities').select(['slug', 'pincode']).execute();
    expect(localities.length).toBeGreaterThanOrEqual(35);
    expect(localities).toEqual(expect.arrayContaining([{ slug: 'indiranagar', pincode: '560038' }]));
  });

  test("Meera's family: two children in two in-person batches of the teacher of the day, classes marked, a cancellation and a holiday ahead", async () => {
    const db = await freshDatabase();
    await seedDatabase(db, { size: 'test', anchorDate: TEST_ANCHOR_DATE });

    const children = [wellKnownFamily.aarav, wellKnownFamily.diya];
    const places = await sql<{
      id: string;
      batch_id: string;
      student_id: string;
      status: string;
      place: string;
      days: number[];
      starts_on: string;
      phone: string | null;
    }>`
      select bs.id, bs.batch_id, bs.student_id, bs.status, b.place, b.days_of_week::int[] as days, to_char(b.starts_on, 'YYYY-MM-DD') as starts_on, u.phone
      from batch_students bs join batches b on b.id = bs.batch_id join programs p on p.id = b.program_id
      join teacher_listings l on l.id = p.listing_id left join users u on u.teacher_id = l.teacher_id
      where bs.learner_account_id = ${wellKnownFamily.accountId} order by bs.id
    `.execute(db);
    expect(places.rows.map(({ id, batch_id, student_id, status, phone }) => ({ id, batch_id, student_id, status, phone }))).toEqual(
      children.map((child) => ({
        id: child.batchStudentId,
        batch_id: child.batchId,
        student_id: child.studentId,
        status: 'active',
        phone: wellKnownTeacher.phone,
      })),
    );
    for (const place of places.rows) {
      expect(place.place).not.toBe('online');
      expect(place.days.length).toBeGreaterThanOrEqual(2);
      expect(place.starts_on <= addDaysToDateKey(TEST_ANCHOR_DATE, -28)).toBe(true);
    }

    for (const child of children) {
      const marked = await sql<{ status: string; occurs_on: string; session_status: string }>`
        select a.status, to_char(s.occurs_on, 'YYYY-MM-DD') as occurs_on, s.status as session_status
        from session_attendance a join class_sessions s on s.id = a.session_id
        where a.batch_student_id = ${child.batchStudentId} order by s.starts_at
      `.execute(db);
      expect(marked.rows.length).toBeGreaterThanOrEqual(5);
      expect(marked.rows.filter((row) => row.status === 'missed')).toHaveLength(1);
      expect(marked.rows.at(-1)?.status).toBe('attended');
      expect(marked.rows.every((row) => row.session_status === 'completed' && row.occurs_on >= addDaysToDateKey(TEST_ANCHOR_DATE, -pastSessionDays))).toBe(
        true,
      );
      const pack = await db
        .selectFrom('batch_student_plans')
        .select(['status', 'classes_total'])
        .where('batch_student_id', '=', child.batchStudentId)
        .execute();
      expect(pack).toEqual([{ status: 'active', classes_total: expect.any(Number) }]);
      const attended = marked.rows.filter((row) => row.status === 'attended').length;
      // Aarav has classes to spare; Diya has used every class of hers, so she is due to renew.
      if (child === wellKnownFamily.diya) expect(pack[0]?.classes_total).toBe(attended);
      else expect(pack[0]?.classes_total).toBeGreaterThan(marked.rows.length);
    }

    const cancelled = await sql<{ batch_id: string; cancel_reason: string; occurs_on: string; holiday_id: string | null }>`
      select batch_id, cancel_reason, to_char(occurs_on, 'YYYY-MM-DD') as occurs_on, holiday_id from class_sessions
      where batch_id in (${wellKnownFamily.aarav.batchId}, ${wellKnownFamily.diya.batchId}) and cancel_reason in (${seededTeacherCancelReason}, ${seededHolidayReason})
      order by occurs_on
    `.execute(db);
    const travelling = cancelled.rows.filter((row) => row.cancel_reason === seededTeacherCancelReason);
    expect(travelling).toEqual([
      { batch_id: wellKnownFamily.diya.batchId, cancel_reason: seededTeacherCancelReason, occurs_on: expect.any(String), holiday_id: null },
    ]);
    expect(travelling[0]!.occurs_on > TEST_ANCHOR_DATE && travelling[0]!.occurs_on <= addDaysToDateKey(TEST_ANCHOR_DATE, 7)).toBe(true);
    const holiday = await db
      .selectFrom('batch_holidays')
      .select(['id', 'batch_id', 'reason', sql<string>`to_char(starts_on, 'YYYY-MM-DD')`.as('starts_on')])
      .executeTakeFirstOrThrow();
    expect(holiday).toMatchObject({ batch_id: wellKnownFamily.aarav.batchId, reason: seededHolidayReason });
    expect(holiday.starts_on >= addDaysToDateKey(TEST_ANCHOR_DATE, 9) && holiday.starts_on < addDaysToDateKey(TEST_ANCHOR_DATE, 16)).toBe(true);
    const onHoliday = cancelled.rows.filter((row) => row.cancel_reason === seededHolidayReason);
    expect(onHoliday.length).toBeGreaterThanOrEqual(1);
    expect(onHoliday.every((row) => row.batch_id === wellKnownFamily.aarav.batchId && row.holiday_id === holiday.id)).toBe(true);
  });
});
