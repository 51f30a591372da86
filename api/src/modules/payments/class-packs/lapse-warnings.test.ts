import type { LearnerUpdates } from '@kalike/shared/contracts/learner-updates';
import type { CheckoutOrder } from '@kalike/shared/contracts/payments';
import { addDaysToDateKey } from '@kalike/shared/format/dates';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app';
import { batchesWithPlans, newBatchStudent, PAYMENT_TEST_NOW, payOrder, postWithKey, signInAgain } from '../../../testing/payment-fixtures';
import { noticesTo } from '../../../testing/notices';

/** 09:00 IST on a day. */
const morningOf = (day: string) => new Date(`${day}T03:30:00.000Z`);

/**
 * A week before a pack with classes left reaches its last day, its family gets one notice and an
 * entry on My Updates, however many passes (or instances) run.
 */
describe('the warning before classes lapse', () => {
  let testApp: TestApp;
  let clock = PAYMENT_TEST_NOW;

  beforeAll(async () => {
    testApp = await buildTestApp({ now: () => clock, payments: { sandboxWebhookDelayMs: 60_000 } });
  });

  afterAll(async () => {
    await testApp.close();
  });

  test('is sent once, seven days before the last day, and shown on My Updates', async () => {
    const [batchId = ''] = await batchesWithPlans(testApp.db, 3);
    const family = await newBatchStudent(testApp.app, testApp.db, batchId);
    const created = await postWithKey(family.call, `/v1/payments/batch-student/${family.batchStudentId}/class-pack/${family.plans[0]?.id}`);
    expect((await payOrder(testApp.app, family.call, created.json() as CheckoutOrder)).statusCode).toBe(200);
    const lastDay = addDaysToDateKey('2025-06-02', (family.plans[0]?.validityDays ?? 0) - 1);
    const texts = async () => (await noticesTo(testApp.db, family.phone, 'pack.expiring')).map((notice) => ({ body: notice.sms ?? '', params: notice.params }));

    clock = morningOf(addDaysToDateKey(lastDay, -8));
    await testApp.app.payments.lapseWarnings.warnPass();
    expect(await texts()).toEqual([]);

    clock = morningOf(addDaysToDateKey(lastDay, -7));
    await Promise.all([testApp.app.payments.lapseWarnings.warnPass(), testApp.app.payments.lapseWarnings.warnPass()]);
    await testApp.app.payments.lapseWarnings.warnPass();
    const sent = await texts();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toContain(`${family.plans[0]?.classes} classes left`);
    expect(sent[0]?.params).toMatchObject({ batchStudentId: family.batchStudentId, classesLeft: family.plans[0]?.classes, expiresOn: lastDay });
    const warnings = await testApp.db
      .selectFrom('batch_student_plans as bsp')
      .innerJoin('pack_lapse_warnings as w', 'w.batch_student_plan_id', 'bsp.id')
      .select('w.valid_until')
      .where('bsp.batch_student_id', '=', family.batchStudentId)
      .execute();
    expect(warnings).toHaveLength(1);

    const call = await signInAgain(testApp.app, family);
    const { updates } = (await call('GET', '/v1/learners/updates')).json() as LearnerUpdates;
    expect(updates.filter((update) => update.kind === 'pack_lapsing')).toEqual([
      expect.objectContaining({
        kind: 'pack_lapsing',
        packLapse: expect.objectContaining({ batchStudentId: family.batchStudentId, classesLeft: family.plans[0]?.classes, validUntil: lastDay }),
      }),
    ]);

    // Past its last day the pack holds nothing to act on: the entry goes.
    clock = morningOf(addDaysToDateKey(lastDay, 1));
    const later = await signInAgain(testApp.app, family);
    const after = (await later('GET', '/v1/learners/updates')).json() as LearnerUpdates;
    expect(after.updates.filter((update) => update.kind === 'pack_lapsing')).toEqual([]);
  });
});
