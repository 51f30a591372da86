import type { CheckoutOrder } from '@kalike/shared/contracts/payments';
import { addDaysToDateKey } from '@kalike/shared/format/dates';
import { selectBatchesWithTeacher } from '../../shared/batch-context';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { caller } from '../../testing/enquiry-fixtures';
import {
  batchesWithPlans,
  newBatchStudent,
  PAYMENT_TEST_NOW,
  payOrder,
  postWithKey,
  type BatchStudentFixture,
  type Call,
} from '../../testing/payment-fixtures';
import { signIn } from '../../testing/sign-in';

/**
 * Classes the teacher calls off are given back: on a Tuesday and Thursday batch, each lost class
 * moves the pack's last day to the batch's next class after it, once per class however often
 * it is called off, and the pack waiting behind moves by the same days.
 */
/** The next Tuesday or Thursday after a day. */
function nextClass(day: string): string {
  let next = addDaysToDateKey(day, 1);
  while (![2, 4].includes(new Date(`${next}T00:00:00Z`).getUTCDay())) next = addDaysToDateKey(next, 1);
  return next;
}

describe('a teacher’s cancellations and holidays extend the families’ packs', () => {
  let testApp: TestApp;
  let batches: string[];
  const teachers = new Map<string, Call>();

  beforeAll(async () => {
    testApp = await buildTestApp({ now: () => PAYMENT_TEST_NOW, payments: { sandboxWebhookDelayMs: 60_000 } });
    batches = (await batchesWithPlans(testApp.db, 3)).slice(0, 2);
    for (const [index, batchId] of batches.entries()) {
      // Tuesdays and Thursdays at 17:00 IST, from before the test's day, with no sessions of another schedule left.
      await testApp.db
        .updateTable('batches')
        .set({ days_of_week: [2, 4], start_time: '17:00', end_time: '18:00', starts_on: '2025-05-01', ends_on: null })
        .where('id', '=', batchId)
        .execute();
      await testApp.db.deleteFrom('class_sessions').where('batch_id', '=', batchId).where('occurs_on', '>=', '2025-06-02').execute();
      const owner = await selectBatchesWithTeacher(testApp.db).select('t.phone').where('b.id', '=', batchId).executeTakeFirstOrThrow();
      teachers.set(batchId, caller(testApp.app, (await signIn(testApp.app, owner.phone, `10.9.3.${index + 1}`)).tokens.accessToken));
    }
  });

  afterAll(async () => {
    await testApp.close();
  });

  const buyAndPay = async (family: BatchStudentFixture) => {
    const created = await postWithKey(family.call, `/v1/payments/batch-student/${family.batchStudentId}/class-pack/${family.plans[0]?.id}`);
    expect((await payOrder(testApp.app, family.call, created.json() as CheckoutOrder)).statusCode).toBe(200);
  };
  const datesOf = async (family: BatchStudentFixture) =>
    (
      await testApp.db
        .selectFrom('batch_student_plans')
        .select((eb) => [
          eb.fn<string>('to_char', ['valid_from', eb.val('YYYY-MM-DD')]).as('from'),
          eb.fn<string>('to_char', ['valid_until', eb.val('YYYY-MM-DD')]).as('until'),
          'extra_days',
        ])
        .where('batch_student_id', '=', family.batchStudentId)
        .where('status', '=', 'active')
        .orderBy('valid_from')
        .execute()
    ).map((row) => ({ ...row }));
  const scheduled = async (batchId: string, day: string) =>
    (
      await testApp.db
        .insertInto('class_sessions')
        .values({ batch_id: batchId, occurs_on: day, starts_at: `${day}T17:00:00+05:30`, ends_at: `${day}T18:00:00+05:30`, status: 'scheduled' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  test('a class called off moves the last day to the next Tuesday or Thursday after it; calling it off again gives nothing more', async () => {
    const [batchId = ''] = batches;
    const teacher = teachers.get(batchId)!;
    const family = await newBatchStudent(testApp.app, testApp.db, batchId);
    await buyAndPay(family);
    const validity = family.plans[0]?.validityDays ?? 0;
    const until = addDaysToDateKey('2025-06-02', validity - 1);
    expect(await datesOf(family)).toEqual([{ from: '2025-06-02', until, extra_days: 0 }]);

    const tuesday = await scheduled(batchId, '2025-06-03');
    const cancel = (id: string) => teacher('POST', `/v1/class/sessions/${id}/cancel`, { reason: 'Teacher unwell' });
    expect((await cancel(tuesday)).statusCode).toBe(200);
    const once = nextClass(until);
    expect(await datesOf(family)).toEqual([{ from: '2025-06-02', until: once, extra_days: Math.round((Date.parse(once) - Date.parse(until)) / 86_400_000) }]);
    expect((await cancel(tuesday)).statusCode).toBe(200);
    expect((await datesOf(family))[0]?.until).toBe(once);

    // A second lost class: one more class after the new last day.
    expect((await cancel(await scheduled(batchId, '2025-06-05'))).statusCode).toBe(200);
    expect((await datesOf(family))[0]?.until).toBe(nextClass(once));
    const given = await testApp.db.selectFrom('pack_extensions').select(['days']).where('batch_student_id', '=', family.batchStudentId).execute();
    expect(given).toHaveLength(2);
  });

  test('a holiday over two classes gives both back, and the pack waiting behind moves by the same days', async () => {
    const [, batchId = ''] = batches;
    const teacher = teachers.get(batchId)!;
    const family = await newBatchStudent(testApp.app, testApp.db, batchId);
    await buyAndPay(family);
    await buyAndPay(family);
    const [first, second] = await datesOf(family);
    const firstUntil = first?.until ?? '';
    // Monday to Friday: the Tuesday and the Thursday are lost.
    const holiday = await teacher('POST', `/v1/class/batches/${batchId}/holidays`, { startsOn: '2025-06-09', endsOn: '2025-06-13', reason: 'Festival' });
    expect(holiday.statusCode).toBe(201);
    expect(holiday.json().cancelledSessionIds).toHaveLength(2);

    const [after, behind] = await datesOf(family);
    // Two classes further: the second Tuesday or Thursday after the old last day.
    const newUntil = nextClass(nextClass(firstUntil));
    const moved = Math.round((Date.parse(newUntil) - Date.parse(firstUntil)) / 86_400_000);
    expect(after).toEqual({ from: '2025-06-02', until: newUntil, extra_days: moved });
    expect(behind).toEqual({ from: addDaysToDateKey(second?.from ?? '', moved), until: addDaysToDateKey(second?.until ?? '', moved), extra_days: 0 });
  });
});
