import type { AuthoringResult } from '@kalike/shared/contracts/listing-authoring';
import { seedPhones, wellKnownLearners, wellKnownTeacher } from '../db/seed/accounts';
import { buildTestApp, type TestApp } from './build-test-app';
import { caller } from './enquiry-fixtures';
import type { Call } from './enquiry-parties';
import { PAYMENT_TEST_NOW } from './payment-fixtures';
import { signIn } from './sign-in';

/** The teacher's own listings; the clock is Monday 2 June 2025, 09:00 in Bengaluru. */
export const LISTINGS_URL = '/v1/teachers/me/listings';

export const authoringResult = (response: { json: () => unknown }) => response.json() as AuthoringResult;

export const sampleProgram = { name: 'Foundations', level: 'beginner', description: 'Adavus and rhythm', ageMin: 6, ageMax: 12, mode: 'apartment' };

interface AuthoringParties {
  testApp: TestApp;
  /** The well-known teacher, who writes the listings. */
  teacher: Call;
  otherTeacher: Call;
  learner: Call;
  teacherId: string;
  categoryIds: string[];
  locality: { id: string; name: string; lat: number; lng: number };
  apartment: { id: string; name: string; lat: number; lng: number; locality_id: string };
  otherApartment: { id: string };
}

export type ListingAuthors = AuthoringParties & ReturnType<typeof listingSteps>;

/**
 * The seeded app at the listing tests' clock with a teacher, another teacher and a learner
 * signed in: built before the file's tests, closed after them. Read it with the returned
 * function inside a test or hook.
 */
export function listingAuthors(): () => ListingAuthors {
  let authors: ListingAuthors | undefined;

  beforeAll(async () => {
    const testApp = await buildTestApp({ now: () => PAYMENT_TEST_NOW });
    let address = 0;
    const signInAs = async (phone: string) => caller(testApp.app, (await signIn(testApp.app, phone, `10.8.0.${++address}`)).tokens.accessToken);
    const user = await testApp.db.selectFrom('users').select('teacher_id').where('phone', '=', wellKnownTeacher.phone).executeTakeFirstOrThrow();
    const teacherId = user.teacher_id ?? '';
    const categoryIds = (await testApp.db.selectFrom('categories').select('id').orderBy('sort_order').execute()).map((row) => row.id);
    const locality = await testApp.db.selectFrom('localities').select(['id', 'name', 'lat', 'lng']).orderBy('slug').executeTakeFirstOrThrow();
    const apartments = await testApp.db.selectFrom('apartments').select(['id', 'name', 'lat', 'lng', 'locality_id']).orderBy('slug').limit(2).execute();
    const teacher = await signInAs(wellKnownTeacher.phone);
    const parties: AuthoringParties = {
      testApp,
      teacher,
      otherTeacher: await signInAs(seedPhones.teacher(1)),
      learner: await signInAs(wellKnownLearners.asha.phone),
      teacherId,
      categoryIds,
      locality,
      apartment: apartments[0]!,
      otherApartment: apartments[1]!,
    };
    authors = { ...parties, ...listingSteps(parties) };
  });

  afterAll(async () => {
    await authors?.testApp.close();
  });

  return () => {
    if (!authors) throw new Error('The listing test app is built in beforeAll');
    return authors;
  };
}

function listingSteps({ testApp, teacher, teacherId, categoryIds, locality, apartment }: AuthoringParties) {
  /** A category the teacher has no listing in yet. */
  async function freeCategory(): Promise<string> {
    const taken = await testApp.db.selectFrom('teacher_listings').select('category_id').where('teacher_id', '=', teacherId).execute();
    const id = categoryIds.find((candidate) => !taken.some((row) => row.category_id === candidate));
    if (!id) throw new Error('No category left');
    return id;
  }

  async function newDraft(title = 'Bharatanatyam for beginners'): Promise<string> {
    const response = await teacher('POST', LISTINGS_URL, {
      categoryId: await freeCategory(),
      title,
      about: 'Classical dance, taught slowly.',
      localityId: locality.id,
    });
    expect(response.statusCode).toBe(201);
    return authoringResult(response).listing.id;
  }

  /** A batch body of the program: Tue & Thu 5–6 pm from 10 June, eight seats, at the first apartment. */
  const batch = (programId: string, overrides: object = {}) => ({
    programId,
    daysOfWeek: [2, 4],
    startTime: '17:00',
    endTime: '18:00',
    startsOn: '2025-06-10',
    seats: 8,
    place: { kind: 'apartment', apartmentId: apartment.id },
    ...overrides,
  });

  /** A draft with a program, an apartment batch and two packs. */
  async function completeDraft(): Promise<{ listingId: string; programId: string; batchId: string; planIds: string[] }> {
    const listingId = await newDraft();
    const base = `${LISTINGS_URL}/${listingId}`;
    const withProgram = authoringResult(await teacher('POST', `${base}/programs`, sampleProgram));
    const programId = withProgram.listing.programs[0]!.id;
    const withBatch = authoringResult(await teacher('POST', `${base}/batches`, batch(programId)));
    const batchId = withBatch.listing.batches[0]!.id;
    await teacher('POST', `${base}/plans`, { batchId, name: '8 classes', classesCount: 8, validityDays: 35, pricePaise: 240_000 });
    const last = authoringResult(
      await teacher('POST', `${base}/plans`, { batchId, name: '4 classes', classesCount: 4, validityDays: 30, pricePaise: 130_000 }),
    );
    return { listingId, programId, batchId, planIds: last.listing.batches[0]!.plans.map((plan) => plan.id) };
  }

  return {
    freeCategory,
    newDraft,
    batch,
    completeDraft,
    /** What an admin's approval does to the listing row (the admin's endpoints are tested with them). */
    makeLive: (listingId: string) =>
      testApp.db.updateTable('teacher_listings').set({ review_state: 'live', is_active: true }).where('id', '=', listingId).execute(),
    listingRow: (listingId: string) => testApp.db.selectFrom('teacher_listings').selectAll().where('id', '=', listingId).executeTakeFirstOrThrow(),
  };
}
