import { seatHoldMinutes } from '@kalike/shared/domain/batch-student-lifecycle';
import { orderValidityMinutes } from '@kalike/shared/domain/payment-values';
import { sql } from 'kysely';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { changedTeacherSlugs, pageChangesCursor } from '../../testing/page-changes';
import { transactionHandle, type TransactionHandle } from '../../shared/transactional-repository';
import { createEnrolments, type EnrolmentsPort } from './enrolments.port';

const T0 = new Date('2025-06-02T03:30:00.000Z');
const minutesAfter = (at: Date, minutes: number) => new Date(at.getTime() + minutes * 60_000);

describe('enrolments: places in a batch and its seats', () => {
  let testApp: TestApp;
  let enrolments: EnrolmentsPort;
  let learnerIds: string[];
  /** Batches nobody has a place in, handed out one per test. */
  let freeBatchIds: string[];

  const inTransaction = <T>(work: (tx: TransactionHandle) => Promise<T>): Promise<T> => testApp.db.transaction().execute((trx) => work(transactionHandle(trx)));

  /** An empty batch with `capacity` seats. */
  async function emptyBatch(capacity: number): Promise<string> {
    const batchId = freeBatchIds.shift();
    if (!batchId) throw new Error('The test seed has too few batches without students');
    await testApp.db.updateTable('batches').set({ capacity, seats_taken: 0 }).where('id', '=', batchId).execute();
    return batchId;
  }

  const batchRow = (batchId: string) =>
    testApp.db.selectFrom('batches').select(['capacity', 'seats_taken']).where('id', '=', batchId).executeTakeFirstOrThrow();
  const place = (id: string) =>
    testApp.db.selectFrom('batch_students').select(['status', 'hold_expires_at', 'batch_id']).where('id', '=', id).executeTakeFirstOrThrow();
  const learner = (index: number) => learnerIds[index % learnerIds.length] ?? '';
  const hold = (batchId: string, index = 0, at = T0) =>
    inTransaction((tx) => enrolments.holdSeat(tx, { batchId, learnerAccountId: learner(index), invitationId: null, at }));

  beforeAll(async () => {
    testApp = await buildTestApp();
    enrolments = createEnrolments(testApp.db);
    learnerIds = (await testApp.db.selectFrom('learner_accounts').select('id').orderBy('id').limit(10).execute()).map((row) => row.id);
    freeBatchIds = (
      await testApp.db
        .selectFrom('batches as b')
        .select('b.id')
        .where((eb) => eb.not(eb.exists(eb.selectFrom('batch_students as bs').select('bs.id').whereRef('bs.batch_id', '=', 'b.id'))))
        .orderBy('b.id')
        .limit(12)
        .execute()
    ).map((row) => row.id);
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('never overfills a batch when many take its last seats at once (the batch row lock)', async () => {
    const batchId = await emptyBatch(3);
    const outcomes = await Promise.all(Array.from({ length: 8 }, (_, index) => hold(batchId, index)));
    expect(outcomes.filter((outcome) => outcome !== null)).toHaveLength(3);
    expect(await batchRow(batchId)).toEqual({ capacity: 3, seats_taken: 3 });
    const held = await testApp.db
      .selectFrom('batch_students')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('batch_id', '=', batchId)
      .executeTakeFirstOrThrow();
    expect(held.n).toBe(3);
    expect(await inTransaction((tx) => enrolments.freeSeats(tx, batchId, T0))).toBe(0);
  });

  it('holds a seat, then paying makes the place active and keeps the same seat', async () => {
    const batchId = await emptyBatch(2);
    const held = await hold(batchId);
    expect(held?.holdExpiresAt).toEqual(minutesAfter(T0, seatHoldMinutes));
    expect((await place(held?.id ?? '')).status).toBe('held');
    expect(await inTransaction((tx) => enrolments.activateWithPack(tx, held?.id ?? '', minutesAfter(T0, 5)))).toBe('active');
    expect((await place(held?.id ?? '')).status).toBe('active');
    expect((await batchRow(batchId)).seats_taken).toBe(1);
  });

  it('enrols from an enquiry, then paying makes the place active; a full batch enrols nobody', async () => {
    const batchId = await emptyBatch(1);
    const enquiries = await testApp.db
      .selectFrom('enquiries as e')
      .select(['e.id', 'e.learner_account_id'])
      .where((eb) => eb.not(eb.exists(eb.selectFrom('batch_students as bs').select('bs.id').whereRef('bs.enquiry_id', '=', 'e.id'))))
      .orderBy('e.id')
      .limit(2)
      .execute();
    const [first, second] = enquiries;
    if (!first || !second) throw new Error('The test seed has too few enquiries');
    const enrol = (enquiry: typeof first) =>
      inTransaction((tx) =>
        enrolments.enrolFromEnquiry(tx, { batchId, learnerAccountId: enquiry.learner_account_id, studentId: null, enquiryId: enquiry.id, at: T0 }),
      );
    const id = await enrol(first);
    expect(id).not.toBeNull();
    expect(await place(id ?? '')).toMatchObject({ status: 'enrolled', hold_expires_at: null, batch_id: batchId });
    expect(await enrol(second)).toBeNull();
    expect(await inTransaction((tx) => enrolments.activateWithPack(tx, id ?? '', T0))).toBe('active');
    expect(await batchRow(batchId)).toEqual({ capacity: 1, seats_taken: 1 });
  });

  it('releases lapsed holds in the sweep, once, and gives their seats back', async () => {
    const batchId = await emptyBatch(2);
    const held = await hold(batchId);
    expect(await enrolments.releaseLapsedHolds(minutesAfter(T0, seatHoldMinutes - 1))).toBe(0);
    expect((await place(held?.id ?? '')).status).toBe('held');
    expect(await enrolments.releaseLapsedHolds(minutesAfter(T0, seatHoldMinutes))).toBeGreaterThanOrEqual(1);
    expect((await place(held?.id ?? '')).status).toBe('released');
    expect((await batchRow(batchId)).seats_taken).toBe(0);
    expect(await enrolments.releaseLapsedHolds(minutesAfter(T0, seatHoldMinutes))).toBe(0);
  });

  it('a seat hold leaks nothing: the public page and the page-change feed show it only once it is paid', async () => {
    const batchId = await emptyBatch(2);
    const { slug } = await testApp.db
      .selectFrom('batches as b')
      .innerJoin('programs as p', 'p.id', 'b.program_id')
      .innerJoin('teacher_listings as l', 'l.id', 'p.listing_id')
      .innerJoin('teachers as t', 't.id', 'l.teacher_id')
      .select('t.slug')
      .where('b.id', '=', batchId)
      .where('l.is_active', '=', true)
      .executeTakeFirstOrThrow();
    const publicSeatsLeft = async () => {
      const page = (await testApp.app.inject({ method: 'GET', url: `/v1/marketplace/teacherListings/slug/${slug}` })).json();
      const listings = page.listings as { programs: { batches: { id: string; seatsLeft: number }[] }[] }[];
      const batches = listings.flatMap((listing) => listing.programs.flatMap((program) => program.batches));
      return batches.find((batch) => batch.id === batchId)?.seatsLeft;
    };

    let cursor = await pageChangesCursor(testApp.app);
    const held = await hold(batchId);
    expect(held).not.toBeNull();
    expect(await changedTeacherSlugs(testApp.app, cursor)).toEqual([]);
    expect(await publicSeatsLeft()).toBe(2);

    // A hold that lapses changes nothing a visitor saw.
    cursor = await pageChangesCursor(testApp.app);
    expect(await enrolments.releaseLapsedHolds(minutesAfter(T0, seatHoldMinutes))).toBeGreaterThanOrEqual(1);
    expect(await changedTeacherSlugs(testApp.app, cursor)).toEqual([]);

    // A hold that is paid is a place taken: the page changes, and the feed names the teacher.
    const paid = await hold(batchId, 1, minutesAfter(T0, seatHoldMinutes + 1));
    cursor = await pageChangesCursor(testApp.app);
    expect(await inTransaction((tx) => enrolments.activateWithPack(tx, paid!.id, minutesAfter(T0, seatHoldMinutes + 2)))).toBe('active');
    expect(await changedTeacherSlugs(testApp.app, cursor)).toEqual([slug]);

    // A full batch (two seats: one paid, one held) takes no one and changes nothing.
    expect(await hold(batchId, 2, minutesAfter(T0, seatHoldMinutes + 3))).not.toBeNull();
    cursor = await pageChangesCursor(testApp.app);
    expect(await hold(batchId, 3, minutesAfter(T0, seatHoldMinutes + 4))).toBeNull();
    expect(await changedTeacherSlugs(testApp.app, cursor)).toEqual([]);
  });

  it('gives a lapsed hold back before deciding, without waiting for the sweep', async () => {
    const batchId = await emptyBatch(1);
    const first = await hold(batchId, 0);
    expect(await hold(batchId, 1, minutesAfter(T0, 10))).toBeNull();
    expect(await inTransaction((tx) => enrolments.freeSeats(tx, batchId, minutesAfter(T0, seatHoldMinutes)))).toBe(1);
    const second = await hold(batchId, 1, minutesAfter(T0, seatHoldMinutes));
    expect(second).not.toBeNull();
    expect((await place(first?.id ?? '')).status).toBe('released');
    expect(await batchRow(batchId)).toEqual({ capacity: 1, seats_taken: 1 });
  });

  it('lets a released place pay its way back only while a seat is free', async () => {
    const batchId = await emptyBatch(1);
    const lapsed = await hold(batchId, 0);
    const later = minutesAfter(T0, seatHoldMinutes + 1);
    const taker = await hold(batchId, 1, later);
    expect(await inTransaction((tx) => enrolments.activateWithPack(tx, lapsed?.id ?? '', later))).toBe('released');
    expect((await place(lapsed?.id ?? '')).status).toBe('released');
    await enrolments.releaseLapsedHolds(minutesAfter(later, seatHoldMinutes));
    expect((await place(taker?.id ?? '')).status).toBe('released');
    expect(await inTransaction((tx) => enrolments.activateWithPack(tx, lapsed?.id ?? '', minutesAfter(later, seatHoldMinutes)))).toBe('active');
    expect(await batchRow(batchId)).toEqual({ capacity: 1, seats_taken: 1 });
  });

  it('refuses moves the lifecycle does not allow, and changes nothing', async () => {
    const batchId = await emptyBatch(3);
    const left = await hold(batchId, 0);
    await testApp.db
      .updateTable('batch_students')
      .set({ status: 'left' })
      .where('id', '=', left?.id ?? '')
      .execute();
    const before = await batchRow(batchId);
    expect(await inTransaction((tx) => enrolments.activateWithPack(tx, left?.id ?? '', T0))).toBe('left');
    expect((await place(left?.id ?? '')).status).toBe('left');

    // Paying twice: an active place stays active and takes no second seat.
    const paid = await hold(batchId, 1);
    await inTransaction((tx) => enrolments.activateWithPack(tx, paid?.id ?? '', T0));
    expect(await inTransaction((tx) => enrolments.activateWithPack(tx, paid?.id ?? '', T0))).toBe('active');
    expect((await batchRow(batchId)).seats_taken).toBe(before.seats_taken + 1);

    // Only a hold is released: a paid place keeps its old deadline and its seat.
    expect(await enrolments.releaseLapsedHolds(minutesAfter(T0, seatHoldMinutes + 1))).toBeGreaterThanOrEqual(0);
    expect((await place(paid?.id ?? '')).status).toBe('active');
    expect(await inTransaction((tx) => enrolments.activateWithPack(tx, '00000000-0000-4000-8000-000000000000', T0))).toBeNull();
  });

  it('keeps a hold for a checkout while its order can be paid, never past one order window after the hold', async () => {
    const batchId = await emptyBatch(2);
    const held = await hold(batchId);
    const id = held?.id ?? '';
    const late = minutesAfter(T0, seatHoldMinutes - 1);
    await inTransaction((tx) => enrolments.keepHoldForCheckout(tx, id, late));
    expect(new Date((await place(id)).hold_expires_at ?? 0)).toEqual(minutesAfter(late, orderValidityMinutes));
    const later = minutesAfter(T0, seatHoldMinutes + orderValidityMinutes - 5);
    await inTransaction((tx) => enrolments.keepHoldForCheckout(tx, id, later));
    expect(new Date((await place(id)).hold_expires_at ?? 0)).toEqual(minutesAfter(T0, seatHoldMinutes + orderValidityMinutes));
  });

  it("counts a learner's current holds and joins since a time", async () => {
    const batchId = await emptyBatch(3);
    const learnerAccountId = learner(7);
    const before = await inTransaction((tx) => enrolments.countHolds(tx, learnerAccountId, T0, minutesAfter(T0, -60)));
    await hold(batchId, 7);
    const after = await inTransaction((tx) => enrolments.countHolds(tx, learnerAccountId, T0, minutesAfter(T0, -60)));
    expect(after).toEqual({ current: before.current + 1, recent: before.recent + 1 });
    const lapsed = await inTransaction((tx) => enrolments.countHolds(tx, learnerAccountId, minutesAfter(T0, seatHoldMinutes), minutesAfter(T0, -60)));
    expect(lapsed.current).toBe(before.current);
  });
});
