import type { CheckoutOrder } from '@kalike/shared/contracts/payments';
import type { ClassReport, ReportableClasses } from '@kalike/shared/contracts/class-not-held';
import type { AdminClassReports, ResolvedReport } from '@kalike/shared/contracts/admin-refunds';
import { wellKnownAdmin, wellKnownTeacher } from '../../../db/seed/accounts';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app';
import { caller } from '../../../testing/enquiry-fixtures';
import { expectError, type Call } from '../../../testing/enquiry-parties';
import {
  batchesWithPlans,
  ledgerSums,
  newBatchStudent,
  newLearner,
  newSession,
  PAYMENT_TEST_NOW,
  payOrder,
  postWithKey,
  signInAgain,
  type BatchStudentFixture,
} from '../../../testing/payment-fixtures';
import { signIn } from '../../../testing/sign-in';

// PAYMENT_TEST_NOW is 2 June 2025, 09:00 IST; the class is that day at 10:00 IST.
const CLASS_DAY = '2025-06-02';
const at = (iso: string) => new Date(iso);

describe('a family reports that a class did not happen, and an admin resolves it', () => {
  let testApp: TestApp;
  let clock = PAYMENT_TEST_NOW;
  let batches: string[];
  let nextBatch = 0;
  let ip = 0;

  beforeAll(async () => {
    testApp = await buildTestApp({ now: () => clock, payments: { sandboxWebhookDelayMs: 60_000 } });
    batches = await batchesWithPlans(testApp.db, 3);
  });

  afterAll(async () => {
    await testApp.close();
  });

  beforeEach(() => {
    clock = PAYMENT_TEST_NOW;
  });

  // The admin signs in once per test clock: codes to one phone are limited.
  const adminCalls = new Map<number, Call>();
  const asAdmin = async (): Promise<Call> => {
    const known = adminCalls.get(clock.getTime());
    if (known) return known;
    const call = await signedIn(wellKnownAdmin.phone);
    adminCalls.set(clock.getTime(), call);
    return call;
  };

  const signedIn = async (phone: string): Promise<Call> =>
    caller(testApp.app, (await signIn(testApp.app, phone, `10.9.${Math.floor(++ip / 250)}.${ip % 250}`)).tokens.accessToken);

  /** A family with a paid pack (the smallest plan) and a class of their batch on CLASS_DAY, the clock the day after. */
  async function familyWithClass(): Promise<{ learner: BatchStudentFixture; call: Call; packId: string; paid: number; classes: number; sessionId: string }> {
    const learner = await newBatchStudent(testApp.app, testApp.db, batches[nextBatch++ % batches.length] ?? '');
    const plan = learner.plans[0];
    const checkout = await postWithKey(learner.call, `/v1/payments/batch-student/${learner.batchStudentId}/class-pack/${plan?.id}`, {});
    const order = checkout.json() as CheckoutOrder;
    expect((await payOrder(testApp.app, learner.call, order)).statusCode).toBe(200);
    const pack = await testApp.db
      .selectFrom('batch_student_plans')
      .select(['id', 'classes_total'])
      .where('batch_student_id', '=', learner.batchStudentId)
      .executeTakeFirstOrThrow();
    const sessionId = await newSession(testApp.db, learner.batchId, CLASS_DAY);
    clock = at('2025-06-03T06:00:00Z');
    return { learner, call: await signInAgain(testApp.app, learner), packId: pack.id, paid: order.price.totalPaise, classes: pack.classes_total, sessionId };
  }

  const report = (call: Call, learner: BatchStudentFixture, sessionId: string, note?: string) =>
    call('POST', '/v1/class-reports', { batchStudentId: learner.batchStudentId, sessionId, ...(note === undefined ? {} : { note }) });

  const logRows = () => testApp.db.selectFrom('admin_money_actions').selectAll().orderBy('created_at').execute();

  test('only the family reports its own classes: another family 404, a teacher 403; admins only read the queue', async () => {
    const { learner, call, sessionId } = await familyWithClass();
    const other = await signInAgain(testApp.app, await newLearner(testApp.app));
    expectError(await report(other, learner, sessionId), 404, 'SESSION_NOT_FOUND');
    const teacher = await signedIn(wellKnownTeacher.phone);
    expectError(await report(teacher, learner, sessionId), 403, 'FORBIDDEN');
    // A class of another batch is not this place's.
    const elsewhere = await newSession(testApp.db, batches[(nextBatch + 1) % batches.length] ?? '', CLASS_DAY);
    expectError(await report(call, learner, elsewhere), 404, 'SESSION_NOT_FOUND');
    for (const notAdmin of [call, teacher]) {
      expectError(await notAdmin('GET', '/v1/admin/refunds/reports'), 403, 'FORBIDDEN');
      expectError(await notAdmin('GET', '/v1/admin/refunds/log'), 403, 'FORBIDDEN');
      expectError(await notAdmin('GET', '/v1/admin/refunds/packs?q=KLK%2F0001'), 403, 'FORBIDDEN');
    }
    expect(((await other('GET', '/v1/class-reports')).json() as ReportableClasses).classes).toEqual([]);
  });

  test('the window ends with the 3rd day after the class (IST); once per class; never a class to come or called off', async () => {
    const { learner, sessionId } = await familyWithClass();
    clock = at('2025-06-05T18:29:59Z'); // 23:59:59 IST on 5 June, the last day
    const lastDay = await signInAgain(testApp.app, learner);
    const listed = (await lastDay('GET', '/v1/class-reports')).json() as ReportableClasses;
    expect(listed.classes).toContainEqual(
      expect.objectContaining({ sessionId, classOn: CLASS_DAY, reportableUntil: '2025-06-05T18:30:00.000Z', report: null }),
    );
    const made = await report(lastDay, learner, sessionId, '  The teacher did not come.  ');
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ status: 'open', note: 'The teacher did not come.', classOn: CLASS_DAY, resolution: null });
    expectError(await report(lastDay, learner, sessionId), 409, 'CLASS_ALREADY_REPORTED');

    const late = await newSession(testApp.db, learner.batchId, '2025-06-03');
    clock = at('2025-06-06T18:30:00Z'); // 00:00 IST on 7 June: the 3 June class's last day was 6 June
    const dayAfter = await signInAgain(testApp.app, learner);
    expectError(await report(dayAfter, learner, late), 409, 'CLASS_REPORT_WINDOW_CLOSED');
    const listedLater = ((await dayAfter('GET', '/v1/class-reports')).json() as ReportableClasses).classes;
    expect(listedLater.map((row) => row.sessionId)).not.toContain(late);
    // The reported class stays listed with its report, however old.
    expect(listedLater).toContainEqual(expect.objectContaining({ sessionId, report: expect.objectContaining({ status: 'open' }) }));

    const toCome = await newSession(testApp.db, learner.batchId, '2025-06-08');
    expectError(await report(dayAfter, learner, toCome), 409, 'CLASS_NOT_REPORTABLE');
    const calledOff = await newSession(testApp.db, learner.batchId, '2025-06-06');
    await testApp.db
      .updateTable('class_sessions')
      .set({ status: 'cancelled', cancelled_at: clock, cancel_reason: 'Festival' })
      .where('id', '=', calledOff)
      .execute();
    expectError(await report(dayAfter, learner, calledOff), 409, 'CLASS_NOT_REPORTABLE');
    expectError(
      await dayAfter('POST', '/v1/class-reports', { batchStudentId: learner.batchStudentId, sessionId: late, note: 'x'.repeat(501) }),
      400,
      'VALIDATION_ERROR',
    );
  });

  test('refunding a class the register took: the class comes back and its price goes back to the payment method; the family holds what they held', async () => {
    const { learner, call, packId, paid, classes, sessionId } = await familyWithClass();
    await testApp.app.payments.ledger.consumeClass(learner.batchStudentId, sessionId);
    const made = (await report(call, learner, sessionId, 'No class that day')).json() as ClassReport;
    const admin = await asAdmin();
    const queue = (await admin('GET', '/v1/admin/refunds/reports')).json() as AdminClassReports;
    const perClass = Math.floor(paid / classes);
    expect(queue.reports).toContainEqual(
      expect.objectContaining({
        id: made.id,
        note: 'No class that day',
        classOn: CLASS_DAY,
        classRefundPaise: perClass,
        pack: expect.objectContaining({ id: packId, classesLeft: classes - 1 }),
      }),
    );
    const logBefore = (await logRows()).length;

    const refunded = await admin('POST', `/v1/admin/refunds/reports/${made.id}/refund`);
    expect(refunded.statusCode).toBe(200);
    const result = refunded.json() as ResolvedReport;
    expect(result.refunds).toEqual([expect.objectContaining({ reasonKind: 'class_not_held', method: 'original', amountPaise: perClass, classes: 1, packId })]);
    // The class used is back, and taken off again with the refund: still classes − 1 left, no credit, one class's money out.
    expect(await ledgerSums(testApp.db, learner.batchStudentId)).toEqual({ money: 0, classes: classes - 1, payments: paid });
    const pack = await testApp.db.selectFrom('batch_student_plans').select('status').where('id', '=', packId).executeTakeFirstOrThrow();
    expect(pack.status).toBe('active');
    const mine = ((await call('GET', '/v1/class-reports')).json() as ReportableClasses).classes.find((row) => row.sessionId === sessionId);
    expect(mine?.report).toMatchObject({ status: 'refunded', refundedPaise: perClass });

    // The action and its log row, together; a second try changes nothing and logs nothing.
    const log = await logRows();
    expect(log).toHaveLength(logBefore + 1);
    expect(log.at(-1)).toMatchObject({
      kind: 'report_refunded',
      report_id: made.id,
      refund_id: result.refunds[0]?.id,
      amount_paise: perClass,
      admin_user_id: wellKnownAdmin.userId,
    });
    expectError(await admin('POST', `/v1/admin/refunds/reports/${made.id}/refund`), 409, 'CLASS_REPORT_RESOLVED');
    expectError(await admin('POST', `/v1/admin/refunds/reports/${made.id}/dismiss`, { reason: 'Held after all' }), 409, 'CLASS_REPORT_RESOLVED');
    expect(await logRows()).toHaveLength(logBefore + 1);
    expect(((await admin('GET', '/v1/admin/refunds/reports')).json() as AdminClassReports).reports.map((row) => row.id)).not.toContain(made.id);
  });

  test('refunding a class the register did not take: one class of the pack in date that day comes off with its price', async () => {
    const { learner, call, paid, classes, sessionId } = await familyWithClass();
    const made = (await report(call, learner, sessionId)).json() as ClassReport;
    const admin = await asAdmin();
    expect((await admin('POST', `/v1/admin/refunds/reports/${made.id}/refund`)).statusCode).toBe(200);
    expect(await ledgerSums(testApp.db, learner.batchStudentId)).toEqual({ money: 0, classes: classes - 1, payments: paid });
  });

  test('dismissing with a reason: the family reads the reason and is texted; the log records it; no money moves', async () => {
    const { learner, call, paid, classes, sessionId } = await familyWithClass();
    const made = (await report(call, learner, sessionId)).json() as ClassReport;
    const admin = await asAdmin();
    expectError(await admin('POST', `/v1/admin/refunds/reports/${made.id}/dismiss`, { reason: '' }), 400, 'VALIDATION_ERROR');
    const dismissed = await admin('POST', `/v1/admin/refunds/reports/${made.id}/dismiss`, {
      reason: 'The teacher’s register and the other families say it was held',
    });
    expect(dismissed.json()).toEqual({ id: made.id, status: 'dismissed', refunds: [] });
    const mine = ((await call('GET', '/v1/class-reports')).json() as ReportableClasses).classes.find((row) => row.sessionId === sessionId);
    expect(mine?.report).toMatchObject({ status: 'dismissed', resolution: 'The teacher’s register and the other families say it was held' });
    const texts = await testApp.db
      .selectFrom('message_outbox')
      .select('body')
      .where('to_phone', '=', learner.phone)
      .where('kind', '=', 'class_report.dismissed')
      .execute();
    expect(texts).toHaveLength(1);
    expect((await logRows()).at(-1)).toMatchObject({ kind: 'report_dismissed', report_id: made.id, amount_paise: 0, refund_id: null });
    expect(await ledgerSums(testApp.db, learner.batchStudentId)).toEqual({ money: 0, classes, payments: paid });
    expectError(await admin('POST', '/v1/admin/refunds/reports/00000000-0000-4000-8000-00000000dead/refund'), 404, 'CLASS_REPORT_NOT_FOUND');
  });

  test('a class booked as owed (no pack) is only no longer owed: no refund, and the log says how much was taken off', async () => {
    const learner = await newBatchStudent(testApp.app, testApp.db, batches[nextBatch++ % batches.length] ?? '');
    const sessionId = await newSession(testApp.db, learner.batchId, CLASS_DAY);
    clock = at('2025-06-03T06:00:00Z');
    const consumed = await testApp.app.payments.ledger.consumeClass(learner.batchStudentId, sessionId);
    expect(consumed.fromPack).toBe(false);
    const owed = await ledgerSums(testApp.db, learner.batchStudentId);
    expect(owed.money).toBeLessThan(0);
    const call = await signInAgain(testApp.app, learner);
    const made = (await report(call, learner, sessionId)).json() as ClassReport;
    const admin = await asAdmin();
    expectError(await call('POST', `/v1/admin/refunds/reports/${made.id}/refund`), 403, 'FORBIDDEN');
    const resolved = await admin('POST', `/v1/admin/refunds/reports/${made.id}/refund`);
    expect(resolved.json()).toEqual({ id: made.id, status: 'refunded', refunds: [] });
    expect(await ledgerSums(testApp.db, learner.batchStudentId)).toEqual({ money: 0, classes: 0, payments: 0 });
    expect((await logRows()).at(-1)).toMatchObject({ kind: 'report_refunded', report_id: made.id, refund_id: null, amount_paise: -owed.money });
    const mine = ((await call('GET', '/v1/class-reports')).json() as ReportableClasses).classes.find((row) => row.sessionId === sessionId);
    expect(mine?.report).toMatchObject({ status: 'refunded', refundedPaise: null, resolution: 'The class was refunded: it is no longer owed' });
  });
});
