import type { Enquiry, EnquiryOfferChoices, TeacherInbox } from '@kalike/shared/contracts/enquiries';
import { enquiryResponseWindowHours, teacherInboxSection } from '@kalike/shared/domain/enquiry-lifecycle';
import { wellKnownEnquiryIds } from '../../db/seed/enquiries';
import { ENQUIRY_TEST_NOW, enquiryBody } from '../../testing/enquiry-fixtures';
import type { TestApp } from '../../testing/build-test-app';
import { createEnquiries, ENQUIRIES_URL, enquiryParties, expectError, type Call } from '../../testing/enquiry-parties';
import { compareInboxItems } from './teacher-inbox';
import { toldAboutEnquiry } from '../../testing/notices';

const INBOX_URL = `${ENQUIRIES_URL}/teacher/inbox`;
const UNKNOWN_ID = '7d6f0e4a-3b1c-4d2e-9f80-123456789abc';

describe("the teacher's inbox and offer choices", () => {
  const parties = enquiryParties();
  let testApp: TestApp;
  let asha: Call;
  let teacher: Call;
  let otherTeacher: Call;
  let teacherId: string;
  let teacherListings: string[];

  beforeAll(() => {
    ({ testApp, asha, teacher, otherTeacher, teacherId, teacherListings } = parties());
  });

  const inbox = async (call: Call) => (await call('GET', INBOX_URL)).json() as TeacherInbox;

  test('lists only the teacher’s enquiries, what needs action first, with the deadline the lifecycle sets', async () => {
    const response = await teacher('GET', INBOX_URL);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { enquiries, counts, soonestDeadline } = response.json() as TeacherInbox;
    const own = await testApp.db.selectFrom('enquiries').select(['id', 'state', 'respond_by']).where('teacher_id', '=', teacherId).execute();
    expect(enquiries.map((entry) => entry.id).sort()).toEqual(own.map((row) => row.id).sort());
    expect([...enquiries].sort(compareInboxItems)).toEqual(enquiries);

    for (const entry of enquiries) {
      const row = own.find((candidate) => candidate.id === entry.id);
      expect(entry.state).toBe(row?.state);
      expect(entry.section).toBe(teacherInboxSection(entry.state, entry.classPackPaid));
      expect(entry.needsActionBy).toBe(row?.respond_by ? new Date(row.respond_by).toISOString() : null);
      expect(entry.isNew).toBe(entry.state === 'sent');
    }
    const sent = enquiries.find((entry) => entry.id === wellKnownEnquiryIds.sent);
    expect(sent).toMatchObject({ section: 'needs_reply', isNew: true, learnerFirstName: expect.any(String), student: { name: expect.any(String) } });
    expect(Date.parse(sent?.needsActionBy ?? '') - Date.parse(sent?.createdAt ?? '')).toBe(enquiryResponseWindowHours * 3600_000);
    expect(enquiries[0]?.id).toBe(wellKnownEnquiryIds.sent);
    expect(soonestDeadline).toBe(sent?.needsActionBy);
    const count = (section: string) => enquiries.filter((entry) => entry.section === section).length;
    expect(counts).toEqual({ needsReply: count('needs_reply'), waitingOnLearner: count('waiting_on_learner'), closed: count('closed') });
  });

  test('another teacher sees none of them; a learner is refused; nobody signed in is 401', async () => {
    const ids = (await inbox(teacher)).enquiries.map((entry) => entry.id);
    const others = await inbox(otherTeacher);
    expect(others.enquiries.some((entry) => ids.includes(entry.id))).toBe(false);
    expectError(await asha('GET', INBOX_URL), 403, 'FORBIDDEN');
    expectError(await testApp.app.inject({ method: 'GET', url: INBOX_URL }), 401, 'UNAUTHORIZED');
  });

  test('offer choices: the teacher’s own batches with a seat left and priced plans, and upcoming classes soonest first', async () => {
    const id = wellKnownEnquiryIds.sent;
    const response = await teacher('GET', `${ENQUIRIES_URL}/${id}/offer-choices`);
    expect(response.statusCode).toBe(200);
    const { batches, demoSessions } = response.json() as EnquiryOfferChoices;
    expect(batches.length).toBeGreaterThan(0);
    const ownBatches = await testApp.db
      .selectFrom('batches as b')
      .innerJoin('programs as p', 'p.id', 'b.program_id')
      .innerJoin('teacher_listings as l', 'l.id', 'p.listing_id')
      .select(['b.id', 'l.id as listing_id'])
      .where('l.teacher_id', '=', teacherId)
      .execute();
    const ownIds = ownBatches.map((batch) => batch.id);
    for (const batch of batches) {
      expect(ownIds).toContain(batch.id);
      expect(batch.seatsLeft).toBeGreaterThan(0);
      expect(batch.plans.every((plan) => Number.isInteger(plan.pricePaise) && Number.isInteger(plan.pricePerClassPaise))).toBe(true);
    }
    // The enquiry's own listing comes first.
    const enquiryListing = (await testApp.db.selectFrom('enquiries').select('listing_id').where('id', '=', id).executeTakeFirstOrThrow()).listing_id;
    const listingOf = (batchId: string) => ownBatches.find((batch) => batch.id === batchId)?.listing_id;
    const firstOther = batches.findIndex((batch) => listingOf(batch.id) !== enquiryListing);
    if (firstOther >= 0) expect(batches.slice(firstOther).every((batch) => listingOf(batch.id) !== enquiryListing)).toBe(true);

    expect(demoSessions.length).toBeGreaterThan(0);
    const starts = demoSessions.map((session) => session.startsAt);
    expect(starts).toEqual([...starts].sort());
    expect(starts.every((start) => Date.parse(start) > ENQUIRY_TEST_NOW.getTime())).toBe(true);
    expect(demoSessions.every((session) => ownIds.includes(session.batch.id))).toBe(true);
  });

  test('offer choices are the addressed teacher’s only: another teacher 404, a learner 403, a malformed id 400', async () => {
    const id = wellKnownEnquiryIds.sent;
    expectError(await otherTeacher('GET', `${ENQUIRIES_URL}/${id}/offer-choices`), 404, 'ENQUIRY_NOT_FOUND');
    expectError(await teacher('GET', `${ENQUIRIES_URL}/${UNKNOWN_ID}/offer-choices`), 404, 'ENQUIRY_NOT_FOUND');
    expectError(await asha('GET', `${ENQUIRIES_URL}/${id}/offer-choices`), 403, 'FORBIDDEN');
    expectError(await teacher('GET', `${ENQUIRIES_URL}/not-a-uuid/offer-choices`), 400, 'INVALID_ID');
  });

  test('a new enquiry arrives new and texted with its link; each answer moves it to where it belongs', async () => {
    const created = await createEnquiries(asha, enquiryBody([teacherListings.at(-1) ?? ''], { contactName: 'Asha Menon' }));
    expect(created.statusCode).toBe(201);
    const id = created.json().enquiries[0].enquiry.id as string;
    const [told] = await toldAboutEnquiry(testApp.db, id);
    expect(told?.kind).toBe('teach.enquiry_new');
    expect(told?.link).toBe(`/teach/enquiries/${id}`);

    const arrived = (await inbox(teacher)).enquiries.find((entry) => entry.id === id);
    expect(arrived).toMatchObject({ section: 'needs_reply', isNew: true, learnerFirstName: 'Asha', state: 'sent' });
    expect(arrived?.needsActionBy).toBe(new Date(ENQUIRY_TEST_NOW.getTime() + enquiryResponseWindowHours * 3600_000).toISOString());

    expect((await teacher('POST', `${ENQUIRIES_URL}/${id}/respond`, { message: 'Happy to help. Which days suit you?' })).statusCode).toBe(200);
    const replied = (await inbox(teacher)).enquiries.find((entry) => entry.id === id);
    // Answered: no deadline any more, but the next offer is still the teacher's to make.
    expect(replied).toMatchObject({ section: 'needs_reply', state: 'responded', isNew: false, needsActionBy: null });

    const { batches } = (await teacher('GET', `${ENQUIRIES_URL}/${id}/offer-choices`)).json() as EnquiryOfferChoices;
    const offered = await teacher('POST', `${ENQUIRIES_URL}/${id}/offer-batch`, { batchId: batches[0]?.id });
    expect(offered.statusCode).toBe(200);
    expect((await inbox(teacher)).enquiries.find((entry) => entry.id === id)).toMatchObject({ section: 'waiting_on_learner', state: 'batch_offered' });
    const learnerSees = (await asha('GET', `${ENQUIRIES_URL}/${id}`)).json() as Enquiry;
    expect(learnerSees.offer).toMatchObject({ kind: 'batch', batch: { id: batches[0]?.id } });

    expect((await teacher('POST', `${ENQUIRIES_URL}/${id}/decline`, { reason: 'The batch is now full' })).statusCode).toBe(200);
    expect((await inbox(teacher)).enquiries.find((entry) => entry.id === id)).toMatchObject({ section: 'closed', state: 'declined' });
    expectError(await teacher('POST', `${ENQUIRIES_URL}/${id}/respond`, { message: 'Sorry' }), 409, 'INVALID_TRANSITION');
  });

  test('the OpenAPI document describes both routes with their errors', async () => {
    const document = (await testApp.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    const paths = document.paths as Record<string, Record<string, { summary?: string; responses: Record<string, unknown> }>>;
    expect(Object.keys(paths['/v1/marketplace/enquiries/teacher/inbox']?.get?.responses ?? {})).toEqual(expect.arrayContaining(['200', '401', '403']));
    expect(Object.keys(paths['/v1/marketplace/enquiries/{id}/offer-choices']?.get?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404']),
    );
  });
});
