import type { ReportedThreads } from '@kalike/shared/contracts/conversations';
import { wellKnownAdmin, wellKnownLearners } from '../../db/seed/accounts';
import { wellKnownEnquiryIds } from '../../db/seed/enquiries';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { caller, ENQUIRY_TEST_NOW } from '../../testing/enquiry-fixtures';
import { expectError, type Call } from '../../testing/enquiry-parties';
import { signIn } from '../../testing/sign-in';

const listUrl = '/v1/admin/reported-threads';
const resolveUrl = (id: string) => `/v1/admin/reported-threads/${id}/resolve`;
const enquiryId = wellKnownEnquiryIds.demo_offered;

describe('reporting a conversation, and the admins who read the reports', () => {
  let testApp: TestApp;
  let address = 0;
  let asha: Call;
  let teacher: Call;
  let admin: Call;

  const signInAs = async (phone: string) => caller(testApp.app, (await signIn(testApp.app, phone, `10.9.4.${++address}`)).tokens.accessToken);

  beforeAll(async () => {
    testApp = await buildTestApp({ now: () => ENQUIRY_TEST_NOW });
    asha = await signInAs(wellKnownLearners.asha.phone);
    admin = await signInAs(wellKnownAdmin.phone);
    const addressed = await testApp.db
      .selectFrom('enquiries as e')
      .innerJoin('users as u', 'u.teacher_id', 'e.teacher_id')
      .select('u.phone')
      .where('e.id', '=', enquiryId)
      .executeTakeFirstOrThrow();
    teacher = await signInAs(addressed.phone);
  });

  afterAll(async () => {
    await testApp.close();
  });

  test('a side reports a thread once while it is open; the admins read it as written and resolve it', async () => {
    await teacher('POST', `/v1/enquiries/${enquiryId}/messages`, { body: 'Pay me directly on 9845012345, skip Kalike' });
    expect((await admin('GET', listUrl)).json()).toEqual({ threads: [] });

    const reported = await asha('POST', `/v1/enquiries/${enquiryId}/report`, { reason: '  Asks to pay outside Kalike  ' });
    expect(reported.json()).toEqual({ reported: true, at: ENQUIRY_TEST_NOW.toISOString() });
    // Again while open: the same report.
    expect((await asha('POST', `/v1/enquiries/${enquiryId}/report`, { reason: 'Still asking' })).statusCode).toBe(200);
    expect((await asha('GET', `/v1/enquiries/${enquiryId}/messages`)).json().reported).toBe(true);
    expect((await teacher('GET', `/v1/enquiries/${enquiryId}/messages`)).json().reported).toBe(false);
    expectError(await asha('POST', `/v1/enquiries/${enquiryId}/report`, { reason: 'bad' }), 400, 'VALIDATION_ERROR', 'reason');
    expectError(await asha('POST', `/v1/enquiries/${enquiryId}/report`, { reason: '     .    ' }), 400, 'VALIDATION_ERROR', 'reason');

    const list = (await admin('GET', listUrl)).json() as ReportedThreads;
    expect(list.threads).toHaveLength(1);
    const [thread] = list.threads;
    expect(thread).toMatchObject({
      subject: 'enquiry',
      subjectId: enquiryId,
      reports: [{ by: 'learner', reason: 'Asks to pay outside Kalike', at: ENQUIRY_TEST_NOW.toISOString() }],
      // The admins read the words as written, never masked.
      messages: [{ by: 'teacher', body: 'Pay me directly on 9845012345, skip Kalike' }],
    });

    expect((await admin('POST', resolveUrl(thread?.id ?? ''))).json()).toEqual({ id: thread?.id, resolved: 1 });
    expect((await admin('POST', resolveUrl(thread?.id ?? ''))).json()).toEqual({ id: thread?.id, resolved: 0 });
    expect((await admin('GET', listUrl)).json()).toEqual({ threads: [] });
    const handled = await testApp.db.selectFrom('conversation_reports').select(['handled_at', 'handled_by_user_id']).executeTakeFirstOrThrow();
    expect(handled).toEqual({ handled_at: ENQUIRY_TEST_NOW, handled_by_user_id: wellKnownAdmin.userId });
    // After it is handled, a new report opens a new one.
    await asha('POST', `/v1/enquiries/${enquiryId}/report`, { reason: 'It happened again' });
    expect(((await admin('GET', listUrl)).json() as ReportedThreads).threads[0]?.reports).toEqual([expect.objectContaining({ reason: 'It happened again' })]);
  });

  test('only admins list or resolve; an unknown thread is 404', async () => {
    for (const who of [asha, teacher]) {
      expectError(await who('GET', listUrl), 403, 'FORBIDDEN');
      expectError(await who('POST', resolveUrl('7d6f0e4a-3b1c-4d2e-9f80-123456789abc')), 403, 'FORBIDDEN');
    }
    expect((await testApp.app.inject({ method: 'GET', url: listUrl })).statusCode).toBe(401);
    expectError(await admin('POST', resolveUrl('7d6f0e4a-3b1c-4d2e-9f80-123456789abc')), 404, 'THREAD_NOT_FOUND');
  });
});
