import type { AuthoringResult } from '@kalike/shared/contracts/listing-authoring';
import { sql } from 'kysely';
import { expectError } from '../../testing/enquiry-parties';
import { authoringResult as result, listingAuthors, type ListingAuthors, LISTINGS_URL as base, sampleProgram as program } from '../../testing/listing-authors';

describe("a listing's batches", () => {
  const authors = listingAuthors();
  let testApp: ListingAuthors['testApp'];
  let teacher: ListingAuthors['teacher'];
  let otherTeacher: ListingAuthors['otherTeacher'];
  let teacherId: ListingAuthors['teacherId'];
  let locality: ListingAuthors['locality'];
  let apartment: ListingAuthors['apartment'];
  let newDraft: ListingAuthors['newDraft'];
  let batch: ListingAuthors['batch'];
  let completeDraft: ListingAuthors['completeDraft'];

  beforeAll(() => {
    ({ testApp, teacher, otherTeacher, teacherId, locality, apartment, newDraft, batch, completeDraft } = authors());
  });

  test('batch rules: not in the past (IST), ends after it starts, last day after the first, a place that exists', async () => {
    const listingId = await newDraft();
    const programId = result(await teacher('POST', `${base}/${listingId}/programs`, program)).listing.programs[0]!.id;
    const url = `${base}/${listingId}/batches`;
    expectError(await teacher('POST', url, batch(programId, { startsOn: '2025-06-01' })), 400, 'BATCH_IN_PAST');
    // Today at 08:30 has passed at 09:00 in Bengaluru; today at 17:00 has not.
    expectError(await teacher('POST', url, batch(programId, { startsOn: '2025-06-02', startTime: '08:30', endTime: '09:30' })), 400, 'BATCH_IN_PAST');
    expectError(await teacher('POST', url, batch(programId, { startTime: '18:00', endTime: '17:00' })), 400, 'VALIDATION_ERROR');
    expectError(await teacher('POST', url, batch(programId, { endsOn: '2025-06-10' })), 400, 'VALIDATION_ERROR');
    expectError(await teacher('POST', url, batch(programId, { seats: 0 })), 400, 'VALIDATION_ERROR');
    expectError(
      await teacher('POST', url, batch(programId, { place: { kind: 'apartment', apartmentId: '00000000-0000-4000-8000-000000000000' } })),
      400,
      'APARTMENT_NOT_FOUND',
    );
    expectError(
      await teacher('POST', url, batch(programId, { place: { kind: 'online', onlineLink: 'http://meet.example.com/room' } })),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await teacher('POST', url, batch(programId, { place: { kind: 'learner_home', localityId: locality.id, radiusKm: 40 } })),
      400,
      'VALIDATION_ERROR',
    );
    expectError(await teacher('POST', url, batch('00000000-0000-4000-8000-000000000000')), 404, 'PROGRAM_NOT_FOUND');

    const today = await teacher('POST', url, batch(programId, { startsOn: '2025-06-02', endsOn: '2025-08-29' }));
    expect(today.statusCode).toBe(200);
    expect(result(today).listing.batches[0]).toMatchObject({
      name: 'Tue & Thu, 5:00 PM',
      daysOfWeek: [2, 4],
      startsOn: '2025-06-02',
      endsOn: '2025-08-29',
      seats: 8,
      seatsTaken: 0,
    });
    expect(result(today).listing.batches[0]!.place).toEqual({
      place: { kind: 'apartment', apartmentId: apartment.id },
      label: expect.stringContaining(apartment.name),
    });

    const home = result(
      await teacher('POST', url, batch(programId, { daysOfWeek: [6], place: { kind: 'learner_home', localityId: locality.id, radiusKm: 5 } })),
    );
    expect(home.listing.batches[1]!.place.label).toBe(`Learners' homes within 5 km of ${locality.name}`);
    const centre = { kind: 'centre', localityId: locality.id, address: '12, 4th Cross, near the temple', lat: locality.lat + 0.001, lng: locality.lng };
    const atCentre = result(await teacher('POST', url, batch(programId, { daysOfWeek: [7], place: centre })));
    expect(atCentre.listing.batches[2]!.place.place).toEqual(centre);
    const online = result(
      await teacher('POST', url, batch(programId, { daysOfWeek: [1], place: { kind: 'online', onlineLink: 'https://meet.example.com/abc' } })),
    );
    expect(online.listing.batches[3]!.place.label).toBe('Online');
    await testApp.db.deleteFrom('teacher_listings').where('id', '=', listingId).execute();
  });

  test("a listing whose point is only its locality's centre is marked so, and its distances are rounded", async () => {
    const listingId = await newDraft();
    const precision = async () =>
      (await testApp.db.selectFrom('teacher_listings').select('point_precision').where('id', '=', listingId).executeTakeFirstOrThrow()).point_precision;
    const programId = result(await teacher('POST', `${base}/${listingId}/programs`, program)).listing.programs[0]!.id;
    // A centre placed on the locality's centre point, as the place picker does by default.
    const onCentrePoint = { kind: 'centre', localityId: locality.id, address: 'Near the bus stop', lat: locality.lat, lng: locality.lng };
    const added = result(await teacher('POST', `${base}/${listingId}/batches`, batch(programId, { place: onCentrePoint })));
    expect(await precision()).toBe('locality');
    const pinned = { ...onCentrePoint, lat: locality.lat + 0.002 };
    await teacher('PATCH', `${base}/${listingId}/batches/${added.listing.batches[0]!.id}`, { place: pinned });
    expect(await precision()).toBe('exact');
    await testApp.db.deleteFrom('teacher_listings').where('id', '=', listingId).execute();
  });

  test('a batch at the same time as another of the teacher’s is a warning, not an error', async () => {
    const { listingId, programId } = await completeDraft();
    const overlapping = await teacher('POST', `${base}/${listingId}/batches`, batch(programId, { daysOfWeek: [4, 6], startTime: '17:30', endTime: '18:30' }));
    expect(overlapping.statusCode).toBe(200);
    const ofThisListing = (warnings: AuthoringResult['warnings']) => warnings.filter((warning) => warning.message.includes('of Foundations'));
    expect(ofThisListing(result(overlapping).warnings)).toEqual([
      {
        code: 'BATCH_OVERLAP',
        message: "This batch meets at the same time as 'Tue & Thu, 5:00 PM' of Foundations (Tue, Thu, 5:00 pm–6:00 pm). Check you can teach both.",
      },
    ]);
    const apart = await teacher('POST', `${base}/${listingId}/batches`, batch(programId, { daysOfWeek: [4], startTime: '18:00', endTime: '19:00' }));
    expect(result(apart).warnings.filter((warning) => warning.message.includes('Tue & Thu, 5:00 PM'))).toEqual([]);
    // The same hours from the day after this batch's last day: no longer at the same time.
    const [first] = result(apart).listing.batches;
    await teacher('PATCH', `${base}/${listingId}/batches/${first!.id}`, { endsOn: '2025-08-31' });
    const after = await teacher(
      'POST',
      `${base}/${listingId}/batches`,
      batch(programId, { startsOn: '2025-09-01', daysOfWeek: [4], startTime: '17:15', endTime: '17:45' }),
    );
    expect(ofThisListing(result(after).warnings).filter((warning) => warning.message.includes("'Tue & Thu, 5:00 PM' of Foundations"))).toEqual([]);
    await testApp.db.deleteFrom('teacher_listings').where('id', '=', listingId).execute();
  });

  test('lowering seats races a family joining: the batch never has fewer seats than places', async () => {
    const { listingId, batchId } = await completeDraft();
    await testApp.db.updateTable('batches').set({ capacity: 2, seats_taken: 1 }).where('id', '=', batchId).execute();
    const [lowered] = await Promise.all([
      teacher('PATCH', `${base}/${listingId}/batches/${batchId}`, { seats: 1 }),
      sql`update batches set seats_taken = seats_taken + 1 where id = ${batchId} and seats_taken < capacity`.execute(testApp.db),
    ]);
    const row = await testApp.db.selectFrom('batches').select(['capacity', 'seats_taken']).where('id', '=', batchId).executeTakeFirstOrThrow();
    expect(row.capacity).toBeGreaterThanOrEqual(row.seats_taken);
    expect([200, 409]).toContain(lowered.statusCode);
    await testApp.db.deleteFrom('teacher_listings').where('id', '=', listingId).execute();
  });

  describe('a running batch with families', () => {
    let listingId: string;
    let running: { id: string; seats_taken: number; days_of_week: number[] };
    let activePlanId: string;
    let lastDay: string;

    beforeAll(async () => {
      const found = await sql<{ listing_id: string; id: string; seats_taken: number; days_of_week: number[]; plan_id: string; last_day: string }>`
        select p.listing_id, b.id, b.seats_taken, b.days_of_week::int[] as days_of_week, bsp.class_pack_plan_id as plan_id,
               to_char(bsp.valid_until, 'YYYY-MM-DD') as last_day
        from batches b
        join programs p on p.id = b.program_id
        join teacher_listings l on l.id = p.listing_id
        join batch_students bs on bs.batch_id = b.id and bs.status in ('enrolled', 'active')
        join batch_student_plans bsp on bsp.batch_student_id = bs.id and bsp.status = 'active' and bsp.valid_until >= '2025-06-02'
        where l.teacher_id = ${teacherId} and b.seats_taken > 0
        order by bsp.valid_until desc
        limit 1`.execute(testApp.db);
      const row = found.rows[0]!;
      listingId = row.listing_id;
      running = row;
      activePlanId = row.plan_id;
      lastDay = row.last_day;
    });

    test('its days and times do not change, and the refusal says why and what to do', async () => {
      const response = await teacher('PATCH', `${base}/${listingId}/batches/${running.id}`, { daysOfWeek: [7] });
      expectError(response, 409, 'BATCH_HAS_STUDENTS');
      expect(response.json()).toMatchObject({ message: expect.stringContaining('Add a new batch at the new times') });
      expectError(await teacher('PATCH', `${base}/${listingId}/batches/${running.id}`, { startTime: '06:00', endTime: '07:00' }), 409, 'BATCH_HAS_STUDENTS');
    });

    test('seats never below those taken', async () => {
      const response = await teacher('PATCH', `${base}/${listingId}/batches/${running.id}`, { seats: running.seats_taken - 1 });
      expectError(response, 409, 'SEATS_BELOW_ENROLLED');
      expect((await teacher('PATCH', `${base}/${listingId}/batches/${running.id}`, { seats: running.seats_taken })).statusCode).toBe(200);
    });

    test('it does not end before a family’s pack does', async () => {
      const early = await teacher('PATCH', `${base}/${listingId}/batches/${running.id}`, { endsOn: '2025-06-03' });
      expectError(early, 409, 'BATCH_HAS_STUDENTS');
      expect(early.json()).toMatchObject({ message: expect.stringContaining('runs until') });
      expect((await teacher('PATCH', `${base}/${listingId}/batches/${running.id}`, { endsOn: lastDay })).statusCode).toBe(200);
    });

    test('a pack families hold is not removed, nor a batch they joined', async () => {
      const plan = await teacher('DELETE', `${base}/${listingId}/plans/${activePlanId}`);
      expectError(plan, 409, 'PLAN_HAS_PACKS');
      expect(plan.json()).toMatchObject({ message: expect.stringContaining('Remove it after their packs end') });
      expectError(await teacher('DELETE', `${base}/${listingId}/batches/${running.id}`), 409, 'BATCH_HAS_STUDENTS');
      expectError(await otherTeacher('DELETE', `${base}/${listingId}/plans/${activePlanId}`), 404, 'LISTING_NOT_FOUND');
    });

    test('another listing’s batch or plan is not found through this one', async () => {
      const { listingId: draftId } = await completeDraft();
      expectError(await teacher('PATCH', `${base}/${draftId}/batches/${running.id}`, { seats: 50 }), 404, 'BATCH_NOT_FOUND');
      expectError(await teacher('PATCH', `${base}/${draftId}/plans/${activePlanId}`, { pricePaise: 50_000 }), 404, 'PLAN_NOT_FOUND');
      await testApp.db.deleteFrom('teacher_listings').where('id', '=', draftId).execute();
    });
  });
});
