import { enquiryBody } from '../../testing/enquiry-fixtures';
import type { TestApp } from '../../testing/build-test-app';
import { createEnquiries, ENQUIRIES_URL, expectError, enquiryParties, type EnquiryParties } from '../../testing/enquiry-parties';

describe('request class: teacher matches', () => {
  const parties = enquiryParties();
  let testApp: TestApp;
  let newLearner: EnquiryParties['newLearner'];

  beforeAll(() => {
    ({ testApp, newLearner } = parties());
  });

  describe('request class: teachers who fit what was asked', () => {
    // Three teachers of a subject of their own near one point: an online-only one nearest, one
    // at a centre with a weekend-morning batch about 1.2 km away, one at a centre on weekday evenings.
    const point = { lat: 12.93, long: 77.58 };
    let listingIds: { online: string; weekendCentre: string; weekdayCentre: string };

    beforeAll(async () => {
      const category = await testApp.db
        .insertInto('categories')
        .values({ slug: 'fit-test-veena', name: 'Veena', description: 'Veena', icon: 'music', sort_order: 99 })
        .returning('id')
        .executeTakeFirstOrThrow();
      const teachers = await testApp.db.selectFrom('teachers').select('id').orderBy('id').limit(3).execute();
      const locality = await testApp.db.selectFrom('localities').select('id').limit(1).executeTakeFirstOrThrow();
      const template = await testApp.db.selectFrom('batches').selectAll().limit(1).executeTakeFirstOrThrow();
      const addListing = async (
        index: number,
        mode: 'online' | 'at_centre',
        lat: number,
        batch: { days: number[]; start: string; place: 'online' | 'locality' },
      ) => {
        const listing = await testApp.db
          .insertInto('teacher_listings')
          .values({
            teacher_id: teachers[index]!.id,
            category_id: category.id,
            title: `Veena ${index}`,
            locality_id: locality.id,
            lat,
            lng: point.long,
            mode,
            price_from_paise: 100_000,
            age_min: 5,
            age_max: 60,
            search_text: 'veena',
            review_state: 'live',
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const program = await testApp.db
          .insertInto('programs')
          .values({ listing_id: listing.id, name: 'Veena basics', level: 'beginner', description: 'Basics' })
          .returning('id')
          .executeTakeFirstOrThrow();
        await testApp.db
          .insertInto('batches')
          .values({
            ...template,
            id: undefined,
            program_id: program.id,
            name: 'Batch',
            days_of_week: batch.days,
            start_time: batch.start,
            end_time: '23:59',
            place: batch.place,
            apartment_id: null,
            locality_id: batch.place === 'locality' ? locality.id : null,
            online_link: null,
            seats_taken: 0,
          })
          .execute();
        return listing.id;
      };
      listingIds = {
        online: await addListing(0, 'online', point.lat + 0.001, { days: [6, 7], start: '10:00', place: 'online' }),
        weekendCentre: await addListing(1, 'at_centre', point.lat + 0.0108, { days: [6, 7], start: '10:00', place: 'locality' }),
        weekdayCentre: await addListing(2, 'at_centre', point.lat + 0.005, { days: [2, 4], start: '17:30', place: 'locality' }),
      };
    });

    const matchesUrl = (query: Record<string, string | number>) =>
      `${ENQUIRIES_URL}/teacher-matches?${new URLSearchParams(Object.entries({ category: 'fit-test-veena', lat: point.lat, long: point.long, ...query }).map(([key, value]): [string, string] => [key, String(value)]))}`;

    test("at the teacher's centre, weekend mornings: only the centre with a weekend-morning batch fits, and says why", async () => {
      const response = await testApp.app.inject({ method: 'GET', url: matchesUrl({ mode: 'at_centre', days: '6,7', times: 'morning' }) });
      expect(response.statusCode).toBe(200);
      const { matches } = response.json() as { matches: { listingId: string; fits: boolean; reason: string; distanceMetres: number | null }[] };
      expect(matches.map((match) => [match.listingId, match.fits])).toEqual([
        [listingIds.weekendCentre, true],
        [listingIds.weekdayCentre, false],
        [listingIds.online, false],
      ]);
      expect(matches[0]?.reason).toBe('Sat 10 am batch, 1.2 km');
      expect(matches[2]).toMatchObject({ reason: "Does not teach at the teacher's centre", distanceMetres: null });
      expect(matches[1]?.reason).toBe('No batch on the days and times you asked');
    });

    test('online, or no preference, fits the online teacher at the asked time; a weekday evening fits the other centre', async () => {
      const online = (await testApp.app.inject({ method: 'GET', url: matchesUrl({ mode: 'online', days: '6', times: 'morning' }) })).json();
      expect(online.matches.filter((match: { fits: boolean }) => match.fits).map((match: { listingId: string }) => match.listingId)).toEqual([
        listingIds.online,
      ]);
      expect(online.matches[0].reason).toBe('Sat 10 am batch · online');
      const evening = (await testApp.app.inject({ method: 'GET', url: matchesUrl({ mode: 'any', days: '4', times: 'evening' }) })).json();
      expect(evening.matches.filter((match: { fits: boolean }) => match.fits).map((match: { listingId: string }) => match.listingId)).toEqual([
        listingIds.weekdayCentre,
      ]);
      expect(evening.matches[0].reason).toMatch(/^Thu 5:30 pm batch, \d/);
    });

    test('the point is rounded once, in the API: seven decimals measure as the four-decimal point does', async () => {
      const ask = { mode: 'at_centre', days: '6,7', times: 'morning' };
      const rounded = (await testApp.app.inject({ method: 'GET', url: matchesUrl(ask) })).json();
      // 0.00004° is about 4 m: below the rounding, so the distances must not move at all.
      const fine = (await testApp.app.inject({ method: 'GET', url: matchesUrl({ ...ask, lat: point.lat + 0.0000444, long: point.long - 0.0000444 }) })).json();
      expect(fine.matches.map((match: { distanceMetres: number | null }) => match.distanceMetres)).toEqual(
        rounded.matches.map((match: { distanceMetres: number | null }) => match.distanceMetres),
      );
    });

    test('bad queries are 400 with the field named', async () => {
      for (const [query, field] of [
        [{ mode: 'anywhere', days: '6', times: 'morning' }, 'querystring.mode'],
        [{ mode: 'any', days: '8', times: 'morning' }, 'querystring.days'],
        [{ mode: 'any', days: '6', times: 'noon' }, 'querystring.times'],
        [{ mode: 'any', days: '6', times: 'morning', lat: 40 }, 'querystring.lat'],
      ] as const) {
        expectError(await testApp.app.inject({ method: 'GET', url: matchesUrl(query) }), 400, 'VALIDATION_ERROR', field);
      }
    });

    test('an enquiry asks a teacher only for a mode the listing offers: 422 MODE_NOT_OFFERED names the body field, nothing is written', async () => {
      const learner = await newLearner('+919700000116');
      const refused = await createEnquiries(learner.call, enquiryBody([listingIds.online], { mode: 'at_centre' }));
      expectError(refused, 422, 'MODE_NOT_OFFERED', 'body.mode');
      expect(await testApp.db.selectFrom('enquiries').select('id').where('learner_account_id', '=', learner.accountId).execute()).toHaveLength(0);
      expect((await createEnquiries(learner.call, enquiryBody([listingIds.online], { mode: 'online' }))).statusCode).toBe(201);
      expect((await createEnquiries(learner.call, enquiryBody([listingIds.weekendCentre], { mode: 'any' }))).statusCode).toBe(201);
    });
  });
});
