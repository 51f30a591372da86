import { wellKnownLearners, wellKnownTeacher } from '../db/seed/accounts';
import { buildTestApp, type TestApp } from './build-test-app';
import { activeListingIds, caller, ENQUIRY_TEST_NOW, newIdempotencyKey, otherTeachersListingIds } from './enquiry-fixtures';
import { signIn } from './sign-in';

export const ENQUIRIES_URL = '/v1/marketplace/enquiries';

export type Call = ReturnType<typeof caller>;
type Response = Awaited<ReturnType<Call>>;

export function expectError(response: Response, statusCode: number, code: string, field?: string): void {
  expect({ statusCode: response.statusCode, body: response.json() }).toEqual({
    statusCode,
    body: { statusCode, code, message: field ? expect.stringContaining(field) : expect.any(String) },
  });
}

/** Sends an enquiry submission with a fresh idempotency key unless one is given. */
export const createEnquiries = (call: Call, body: object, key = newIdempotencyKey()) => call('POST', ENQUIRIES_URL, body, { 'idempotency-key': key });

export interface EnquiryParties {
  testApp: TestApp;
  asha: Call;
  rahul: Call;
  /** The well-known teacher, whose listings `teacherListings` are. */
  teacher: Call;
  otherTeacher: Call;
  teacherId: string;
  teacherListings: string[];
  otherListings: string[];
  /** A new learner on a fresh number (each sign-in from its own address, under the per-IP limit). */
  newLearner(phone: string): Promise<{ call: Call; accountId: string; phone: string }>;
}

/**
 * The seeded app at the enquiry tests' clock with both parties signed in: built before the
 * file's tests, closed after them. Read it with the returned function inside a test or hook.
 */
export function enquiryParties(): () => EnquiryParties {
  let parties: EnquiryParties | undefined;
  let address = 0;

  beforeAll(async () => {
    const testApp = await buildTestApp({ now: () => ENQUIRY_TEST_NOW });
    const token = async (phone: string) => caller(testApp.app, (await signIn(testApp.app, phone, `10.9.1.${++address}`)).tokens.accessToken);
    const teacherSignIn = await signIn(testApp.app, wellKnownTeacher.phone, `10.9.1.${++address}`);
    const teacherId = teacherSignIn.user.teacher?.id ?? '';
    const other = await testApp.db
      .selectFrom('users')
      .select('phone')
      .where('user_type', '=', 'Teacher')
      .where('phone', '!=', wellKnownTeacher.phone)
      .orderBy('phone')
      .executeTakeFirstOrThrow();
    parties = {
      testApp,
      asha: await token(wellKnownLearners.asha.phone),
      rahul: await token(wellKnownLearners.rahul.phone),
      teacher: caller(testApp.app, teacherSignIn.tokens.accessToken),
      otherTeacher: await token(other.phone),
      teacherId,
      teacherListings: await activeListingIds(testApp.db, teacherId),
      otherListings: await otherTeachersListingIds(testApp.db, teacherId, 8),
      async newLearner(phone) {
        const signedIn = await signIn(testApp.app, phone, `10.9.0.${++address}`);
        return { call: caller(testApp.app, signedIn.tokens.accessToken), accountId: signedIn.user.learnerAccount?.id ?? '', phone };
      },
    };
  });

  afterAll(async () => {
    await parties?.testApp.close();
  });

  return () => {
    if (!parties) throw new Error('The enquiry test app is built in beforeAll');
    return parties;
  };
}
