import type { Enquiry } from '@kalike/shared/contracts/enquiries';
import { wellKnownLearners } from '../../db/seed/accounts';
import { enquiryBody } from '../../testing/enquiry-fixtures';
import { createEnquiries, ENQUIRIES_URL, expectError, enquiryParties, type EnquiryParties } from '../../testing/enquiry-parties';

describe("the learner's details about the student", () => {
  const parties = enquiryParties();
  let otherListings: string[];
  let newLearner: EnquiryParties['newLearner'];

  beforeAll(() => {
    ({ otherListings, newLearner } = parties());
  });

  test('enrichment reaches every open enquiry of the submission, and ends with them', async () => {
    const learner = await newLearner('+919700000112');
    const student = (await learner.call('POST', `/v1/user/accounts/${learner.accountId}/addStudent`, { name: 'Diya' })).json();
    const created = (await createEnquiries(learner.call, enquiryBody([otherListings[1] ?? '', otherListings[2] ?? '', otherListings[3] ?? '']))).json();
    const [first, second, third] = created.enquiries.map((entry: { enquiry: Enquiry }) => entry.enquiry.id) as string[];
    expect((await learner.call('POST', `${ENQUIRIES_URL}/${third}/close`, { reason: 'Too far' })).json()).toMatchObject({
      state: 'closed',
      allowedActions: [],
    });

    const enriched = await learner.call('PATCH', `${ENQUIRIES_URL}/${first}`, {
      studentId: student.id,
      studentAgeYears: 9,
      level: 'beginner',
      goals: '  Grade 1 exam ',
    });
    expect(enriched.statusCode).toBe(200);
    expect(enriched.json()).toMatchObject({
      student: { id: student.id, name: 'Diya' },
      details: { studentAgeYears: 9, level: 'beginner', goals: 'Grade 1 exam' },
    });
    expect(enriched.json().history.at(-1)).toMatchObject({ action: 'enrich', state: 'sent', by: 'learner' });
    expect((await learner.call('GET', `${ENQUIRIES_URL}/${second}`)).json().details).toEqual({ studentAgeYears: 9, level: 'beginner', goals: 'Grade 1 exam' });
    expect((await learner.call('GET', `${ENQUIRIES_URL}/${third}`)).json().details).toEqual({ studentAgeYears: null, level: null, goals: null });

    expect((await learner.call('PATCH', `${ENQUIRIES_URL}/${second}`, { goals: null })).json().details.goals).toBeNull();
    expectError(await learner.call('PATCH', `${ENQUIRIES_URL}/${first}`, {}), 400, 'VALIDATION_ERROR');
    expectError(await learner.call('PATCH', `${ENQUIRIES_URL}/${first}`, { studentAgeYears: 1 }), 400, 'VALIDATION_ERROR', 'body.studentAgeYears');
    expectError(await learner.call('PATCH', `${ENQUIRIES_URL}/${first}`, { studentId: wellKnownLearners.rahul.students[0].id }), 404, 'STUDENT_NOT_FOUND');
    expectError(await learner.call('PATCH', `${ENQUIRIES_URL}/${third}`, { level: 'advanced' }), 409, 'INVALID_TRANSITION', 'closed');
  });
});
