import { enquiryResponseWindowHours } from '@kalike/shared/domain/enquiry-lifecycle';
import { wellKnownTeacher } from '../../db/seed/accounts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { activeListingIds, caller, ENQUIRY_TEST_NOW, enquiryBody, newIdempotencyKey, otherTeachersListingIds } from '../../testing/enquiry-fixtures';
import { outboxTexts, signIn } from '../../testing/sign-in';

const URL = '/v1/marketplace/enquiries';
const HOUR = 3_600_000;

describe('an enquiry the teacher does not answer in time', () => {
  let testApp: TestApp;
  let clock = ENQUIRY_TEST_NOW;
  let address = 0;
  let listings: string[];

  /** Access tokens live 15 minutes on the test clock, so every jump in time signs in again. */
  const as = async (phone: string) => caller(testApp.app, (await signIn(testApp.app, phone, `10.7.0.${++address}`)).tokens.accessToken);
  const later = (hours: number) => {
    clock = new Date(clock.getTime() + hours * HOUR);
  };

  beforeAll(async () => {
    testApp = await buildTestApp({ now: () => clock });
    const teacher = await signIn(testApp.app, wellKnownTeacher.phone, `10.7.0.${++address}`);
    const teacherId = teacher.user.teacher?.id ?? '';
    listings = [...(await activeListingIds(testApp.db, teacherId)).slice(0, 1), ...(await otherTeachersListingIds(testApp.db, teacherId, 2))];
  });

  afterAll(async () => {
    await testApp.close();
  });

  test(`expires ${enquiryResponseWindowHours} hours after it was sent, tells the learner, and frees the teacher for a new enquiry`, async () => {
    const learnerPhone = '+919700000401';
    const learner = await as(learnerPhone);
    const created = await learner('POST', URL, enquiryBody(listings.slice(0, 3)), { 'idempotency-key': newIdempotencyKey() });
    const [unanswered, seen, answered] = created.json().enquiries.map((entry: { enquiry: { id: string } }) => entry.enquiry.id) as string[];
    const teacher = await as(wellKnownTeacher.phone);
    expect((await teacher('POST', `${URL}/${unanswered}/seen`)).statusCode).toBe(200);
    await testApp.db
      .updateTable('enquiries')
      .set({ state: 'seen' })
      .where('id', '=', seen ?? '')
      .execute();
    await testApp.db
      .updateTable('enquiries')
      .set({ state: 'responded', respond_by: null })
      .where('id', '=', answered ?? '')
      .execute();

    later(enquiryResponseWindowHours - 1);
    const stillOpen = (await (await as(learnerPhone))('GET', URL)).json().enquiries;
    expect(stillOpen.map((enquiry: { state: string }) => enquiry.state).sort()).toEqual(['responded', 'seen', 'seen']);

    later(2);
    const reader = await as(learnerPhone);
    const list = (await reader('GET', URL)).json().enquiries as {
      id: string;
      state: string;
      respondBy: string | null;
      history: { action: string; by: string; at: string }[];
    }[];
    const byId = new Map(list.map((enquiry) => [enquiry.id, enquiry]));
    for (const id of [unanswered, seen]) {
      expect(byId.get(id ?? '')).toMatchObject({ state: 'expired', respondBy: null });
      expect(byId.get(id ?? '')?.history.at(-1)).toEqual({ action: 'expire', state: 'expired', by: 'system', at: clock.toISOString(), message: null });
    }
    expect(byId.get(answered ?? '')?.state).toBe('responded');

    const texts = await testApp.db.selectFrom('message_outbox').select(['enquiry_id', 'to_phone', 'body']).where('kind', '=', 'enquiry.expire').execute();
    expect(texts.map((text) => text.enquiry_id).sort()).toEqual([unanswered, seen].sort());
    expect(texts.every((text) => text.to_phone === learnerPhone && text.body.includes('did not reply in time'))).toBe(true);

    const teacherNow = await as(wellKnownTeacher.phone);
    const refused = await teacherNow('POST', `${URL}/${unanswered}/respond`, { message: 'Sorry for the delay' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'INVALID_TRANSITION', message: expect.stringContaining('expired') });

    // An expired enquiry is not open, so the learner can ask the same teacher again.
    const again = await reader('POST', URL, enquiryBody([listings[0] ?? '']), { 'idempotency-key': newIdempotencyKey() });
    expect(again.json().enquiries[0]).toMatchObject({ created: true, enquiry: { state: 'sent' } });
  });

  test('the server-wide sweep expires enquiries nobody reads, and the relay delivers the learner’s text', async () => {
    const learnerPhone = '+919700000402';
    const learner = await as(learnerPhone);
    const created = await learner('POST', URL, enquiryBody([listings[1] ?? '']), { 'idempotency-key': newIdempotencyKey() });
    const id: string = created.json().enquiries[0].enquiry.id;

    later(enquiryResponseWindowHours + 1);
    // The app's own background tasks: the services its routes use, on the clock the test moves.
    const task = (name: string) => {
      const found = testApp.app.background.tasks.find((candidate) => candidate.name === name);
      if (!found) throw new Error(`No background task ${name}`);
      return found;
    };
    expect(await task('expire-enquiries').run()).toBeGreaterThanOrEqual(1);
    expect(await task('expire-enquiries').run()).toBe(0);
    const row = await testApp.db.selectFrom('enquiries').select(['state', 'respond_by']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'expired', respond_by: null });

    await task('deliver-messages').run();
    const [newest] = await outboxTexts(testApp.app, learnerPhone, 1);
    expect(newest).toContain('did not reply in time');
  });
});
