import { istDateKey } from '@kalike/shared/format/dates';
import type { Enquiry } from '@kalike/shared/contracts/enquiries';
import { wellKnownLearners, wellKnownTeacher } from '../../db/seed/accounts';
import { ENQUIRY_TEST_NOW, enquiryBody, teacherBatchWithSession } from '../../testing/enquiry-fixtures';
import type { TestApp } from '../../testing/build-test-app';
import { createEnquiries, ENQUIRIES_URL, expectError, enquiryParties, type Call, type EnquiryParties } from '../../testing/enquiry-parties';
import { toldAboutEnquiry } from '../../testing/notices';

const UNKNOWN_ID = '7d6f0e4a-3b1c-4d2e-9f80-123456789abc';

describe("the learner's and the teacher's moves", () => {
  const parties = enquiryParties();
  let testApp: TestApp;
  let teacher: Call;
  let teacherId: string;
  let teacherListings: string[];
  let otherListings: string[];
  let newLearner: EnquiryParties['newLearner'];

  beforeAll(() => {
    ({ testApp, teacher, teacherId, teacherListings, otherListings, newLearner } = parties());
  });

  describe('from enquiry to enrolment', () => {
    test('the teacher answers and offers a demo, the learner books it, then enrols in a batch and starts paying', async () => {
      const learner = await newLearner('+919700000110');
      const student = (await learner.call('POST', `/v1/user/accounts/${learner.accountId}/addStudent`, { name: 'Aarav' })).json();
      const created = (await createEnquiries(learner.call, enquiryBody([teacherListings.at(-1) ?? ''], { studentId: student.id }))).json();
      const id: string = created.enquiries[0].enquiry.id;
      const respondBy: string = created.enquiries[0].enquiry.respondBy;
      const { batchId, sessionId, startsAt } = await teacherBatchWithSession(testApp.db, teacherId, ENQUIRY_TEST_NOW);

      const seen = (await teacher('POST', `${ENQUIRIES_URL}/${id}/seen`)).json();
      expect(seen).toMatchObject({ state: 'seen', respondBy });
      const again = await teacher('POST', `${ENQUIRIES_URL}/${id}/seen`);
      expect(again.statusCode).toBe(200);
      expect(again.json().history).toHaveLength(2);

      const responded = (await teacher('POST', `${ENQUIRIES_URL}/${id}/respond`, { message: '  Happy to teach Aarav. ' })).json();
      expect(responded).toMatchObject({ state: 'responded', respondBy: null, teacherMessage: 'Happy to teach Aarav.' });

      const demo = await teacher('POST', `${ENQUIRIES_URL}/${id}/propose-demo`, { sessionId, message: 'Come on Saturday' });
      expect(demo.statusCode).toBe(200);
      expect(demo.json().offer).toEqual({
        kind: 'demo',
        session: { id: sessionId, startsAt: startsAt.toISOString(), endsAt: expect.any(String) },
        batch: expect.objectContaining({ id: batchId, seatsLeft: expect.any(Number), plans: expect.any(Array) }),
      });
      expect(demo.json().offer.batch.plans[0]).toEqual({
        id: expect.any(String),
        name: expect.any(String),
        classesCount: expect.any(Number),
        pricePaise: expect.any(Number),
        pricePerClassPaise: expect.any(Number),
        validityDays: expect.any(Number),
      });
      expect((await learner.call('GET', `${ENQUIRIES_URL}/${id}`)).json().allowedActions).toEqual(['accept_demo', 'close']);

      expectError(await learner.call('POST', `${ENQUIRIES_URL}/${id}/connect`, { offer: 'batch' }), 409, 'OFFER_CHANGED');
      // A demo class cancelled after it was offered cannot be booked.
      await testApp.db
        .updateTable('class_sessions')
        .set({ status: 'cancelled', cancelled_at: new Date(), cancel_reason: 'Teacher unwell' })
        .where('id', '=', sessionId)
        .execute();
      expectError(await learner.call('POST', `${ENQUIRIES_URL}/${id}/connect`, { offer: 'demo' }), 409, 'OFFER_CHANGED', 'cancelled');
      await testApp.db
        .updateTable('class_sessions')
        .set({ status: 'scheduled', cancelled_at: null, cancel_reason: null })
        .where('id', '=', sessionId)
        .execute();
      const booked = await learner.call('POST', `${ENQUIRIES_URL}/${id}/connect`, { offer: 'demo' });
      expect(booked.json()).toMatchObject({ state: 'demo_booked', offer: { kind: 'demo' } });
      const bookedAgain = await learner.call('POST', `${ENQUIRIES_URL}/${id}/connect`, { offer: 'demo' });
      expect(bookedAgain.statusCode).toBe(200);
      expect(bookedAgain.json().history).toHaveLength(booked.json().history.length);

      expectError(await learner.call('POST', `${ENQUIRIES_URL}/${id}/payments`), 409, 'INVALID_TRANSITION', 'demo_booked');
      const offered = (await teacher('POST', `${ENQUIRIES_URL}/${id}/offer-batch`, { batchId })).json();
      expect(offered).toMatchObject({ state: 'batch_offered', offer: { kind: 'batch', batch: { id: batchId } } });
      expectError(await learner.call('POST', `${ENQUIRIES_URL}/${id}/connect`, { offer: 'demo' }), 409, 'OFFER_CHANGED');

      const seatsBefore = (await testApp.db.selectFrom('batches').select('seats_taken').where('id', '=', batchId).executeTakeFirstOrThrow()).seats_taken;
      const enrolled = await learner.call('POST', `${ENQUIRIES_URL}/${id}/connect`, { offer: 'batch' });
      expect(enrolled.statusCode).toBe(200);
      expect(enrolled.json()).toMatchObject({ state: 'enrolled', allowedActions: [], student: { id: student.id, name: 'Aarav' } });
      const batchStudentId: string = enrolled.json().batchStudentId;
      const enrolledAgain = await learner.call('POST', `${ENQUIRIES_URL}/${id}/connect`, { offer: 'batch' });
      expect(enrolledAgain.statusCode).toBe(200);
      expect(enrolledAgain.json().batchStudentId).toBe(batchStudentId);

      const rows = await testApp.db.selectFrom('batch_students').selectAll().where('enquiry_id', '=', id).execute();
      expect(rows).toEqual([
        expect.objectContaining({ id: batchStudentId, batch_id: batchId, learner_account_id: learner.accountId, student_id: student.id, status: 'enrolled' }),
      ]);
      const seatsAfter = (await testApp.db.selectFrom('batches').select('seats_taken').where('id', '=', batchId).executeTakeFirstOrThrow()).seats_taken;
      expect(seatsAfter).toBe(seatsBefore + 1);

      const payment = await learner.call('POST', `${ENQUIRIES_URL}/${id}/payments`);
      expect(payment.statusCode).toBe(200);
      expect(payment.json()).toMatchObject({
        batchStudentId,
        paymentPath: `/payments/select-payment-plan?batchStudentID=${batchStudentId}`,
        batch: { id: batchId },
      });

      // Until a class pack is paid for, the enrolment still asks for one; a pack awaiting payment is not paid.
      expect(enrolled.json().classPackPaid).toBe(false);
      const plan = payment.json().batch.plans[0];
      const pack = await testApp.db
        .insertInto('batch_student_plans')
        .values({
          batch_student_id: batchStudentId,
          class_pack_plan_id: plan.id,
          classes_total: plan.classesCount,
          price_paise: plan.pricePaise,
          validity_days: plan.validityDays,
          status: 'pending_payment',
          created_at: ENQUIRY_TEST_NOW,
          updated_at: ENQUIRY_TEST_NOW,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect((await learner.call('GET', `${ENQUIRIES_URL}/${id}`)).json().classPackPaid).toBe(false);
      await testApp.db
        .updateTable('batch_student_plans')
        .set({ status: 'active', paid_paise: plan.pricePaise, valid_from: '2025-06-01', valid_until: '2025-07-15' })
        .where('id', '=', pack.id)
        .execute();
      expect((await learner.call('GET', `${ENQUIRIES_URL}/${id}`)).json().classPackPaid).toBe(true);

      const history = (enrolledAgain.json() as Enquiry).history.map((event) => [event.action, event.state, event.by]);
      expect(history).toEqual([
        ['create', 'sent', 'learner'],
        ['mark_seen', 'seen', 'teacher'],
        ['respond', 'responded', 'teacher'],
        ['propose_demo', 'demo_offered', 'teacher'],
        ['accept_demo', 'demo_booked', 'learner'],
        ['offer_batch', 'batch_offered', 'teacher'],
        ['enrol', 'enrolled', 'learner'],
      ]);
      // A new enquiry, a reply and each offer are notifications; the other moves are texted as before.
      const told = await toldAboutEnquiry(testApp.db, id);
      const teacherPhone = wellKnownTeacher.phone;
      expect(told.map((text) => [text.kind, text.toPhone]).sort()).toEqual(
        [
          ['teach.enquiry_new', teacherPhone],
          ['enquiry.replied', learner.phone],
          ['offer.made', learner.phone],
          ['enquiry.accept_demo', teacherPhone],
          ['offer.made', learner.phone],
          ['enquiry.enrol', teacherPhone],
        ].sort(),
      );
    });

    test('full batches, and batches and sessions that are not the teacher’s, are refused', async () => {
      const learner = await newLearner('+919700000111');
      const id: string = (await createEnquiries(learner.call, enquiryBody([teacherListings[0] ?? '']))).json().enquiries[0].enquiry.id;
      const { batchId } = await teacherBatchWithSession(testApp.db, teacherId, ENQUIRY_TEST_NOW);
      const foreign = await teacherBatchWithSession(
        testApp.db,
        (
          await testApp.db
            .selectFrom('teacher_listings')
            .select('teacher_id')
            .where('id', '=', otherListings[0] ?? '')
            .executeTakeFirstOrThrow()
        ).teacher_id,
        ENQUIRY_TEST_NOW,
      );
      const past = await testApp.db
        .selectFrom('class_sessions')
        .select('id')
        .where('batch_id', '=', batchId)
        .where('starts_at', '<=', ENQUIRY_TEST_NOW)
        .executeTakeFirst();

      expectError(await teacher('POST', `${ENQUIRIES_URL}/${id}/offer-batch`, { batchId: foreign.batchId }), 404, 'BATCH_NOT_FOUND', 'body.batchId');
      expectError(await teacher('POST', `${ENQUIRIES_URL}/${id}/offer-batch`, { batchId: UNKNOWN_ID }), 404, 'BATCH_NOT_FOUND');
      expectError(await teacher('POST', `${ENQUIRIES_URL}/${id}/propose-demo`, { sessionId: foreign.sessionId }), 404, 'SESSION_NOT_FOUND', 'body.sessionId');
      if (past) expectError(await teacher('POST', `${ENQUIRIES_URL}/${id}/propose-demo`, { sessionId: past.id }), 404, 'SESSION_NOT_FOUND');

      await testApp.db
        .updateTable('batches')
        .set((eb) => ({ seats_taken: eb.ref('capacity') }))
        .where('id', '=', batchId)
        .execute();
      expectError(await teacher('POST', `${ENQUIRIES_URL}/${id}/offer-batch`, { batchId }), 409, 'BATCH_FULL');
      await testApp.db
        .updateTable('batches')
        .set((eb) => ({ seats_taken: eb('capacity', '-', 1) }))
        .where('id', '=', batchId)
        .execute();
      expect((await teacher('POST', `${ENQUIRIES_URL}/${id}/offer-batch`, { batchId })).json().state).toBe('batch_offered');

      // The last seat goes to someone else between the offer and the enrolment.
      await testApp.db
        .updateTable('batches')
        .set((eb) => ({ seats_taken: eb.ref('capacity') }))
        .where('id', '=', batchId)
        .execute();
      expectError(await learner.call('POST', `${ENQUIRIES_URL}/${id}/connect`, { offer: 'batch' }), 409, 'BATCH_FULL');
      expect((await learner.call('GET', `${ENQUIRIES_URL}/${id}`)).json().state).toBe('batch_offered');
      expect(await testApp.db.selectFrom('batch_students').select('id').where('enquiry_id', '=', id).execute()).toEqual([]);
      await testApp.db.updateTable('batches').set({ seats_taken: 0 }).where('id', '=', batchId).execute();

      // The batch's last day has come (its teacher ended it): neither offered again nor joined from the offer.
      const { ends_on: endsOn } = await testApp.db.selectFrom('batches').select('ends_on').where('id', '=', batchId).executeTakeFirstOrThrow();
      await testApp.db
        .updateTable('batches')
        .set({ ends_on: istDateKey(ENQUIRY_TEST_NOW) })
        .where('id', '=', batchId)
        .execute();
      expectError(await learner.call('POST', `${ENQUIRIES_URL}/${id}/connect`, { offer: 'batch' }), 409, 'BATCH_ENDED');
      expectError(await teacher('POST', `${ENQUIRIES_URL}/${id}/offer-batch`, { batchId }), 409, 'BATCH_ENDED');
      expect(await testApp.db.selectFrom('batch_students').select('id').where('enquiry_id', '=', id).execute()).toEqual([]);
      await testApp.db.updateTable('batches').set({ ends_on: endsOn }).where('id', '=', batchId).execute();

      const rahulsStudent = wellKnownLearners.rahul.students[0].id;
      expectError(await learner.call('POST', `${ENQUIRIES_URL}/${id}/connect`, { offer: 'batch', studentId: rahulsStudent }), 404, 'STUDENT_NOT_FOUND');
    });
  });
});
