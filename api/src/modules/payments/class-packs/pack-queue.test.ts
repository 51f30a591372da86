import type { CheckoutOrder, ClassPackOptions, LearnerBalances } from '@kalike/shared/contracts/payments';
import type { TeacherPaymentBatches, TeacherPaymentRequest, TeacherPaymentRequests } from '@kalike/shared/contracts/teacher-payments';
import { addDaysToDateKey } from '@kalike/shared/format/dates';
import { selectBatchesWithTeacher } from '../../../shared/batch-context';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app';
import { caller } from '../../../testing/enquiry-fixtures';
import { expectError } from '../../../testing/enquiry-parties';
import {
  batchesWithPlans,
  newBatchStudent,
  newSession,
  PAYMENT_TEST_NOW,
  payOrder,
  postWithKey,
  type BatchStudentFixture,
  type Call,
} from '../../../testing/payment-fixtures';
import { signIn } from '../../../testing/sign-in';
import { toStudentStanding } from '../../sessions/register-standing';

const today = '2025-06-02';
const ask = '/v1/class/batch-student-payment-request';

/**
 * One rule for buying classes on every path: a pack paid while another is in use waits behind
 * it, at most one waits, and the checkout, Change plan, the teacher's Ask to pay and paying a
 * request all refuse a second one alike.
 */
describe('class packs queue behind the pack in use', () => {
  let testApp: TestApp;
  let teacher: Call;
  let batchId: string;

  beforeAll(async () => {
    testApp = await buildTestApp({ now: () => PAYMENT_TEST_NOW, payments: { sandboxWebhookDelayMs: 60_000 } });
    [batchId = ''] = await batchesWithPlans(testApp.db, 3);
    const owner = await selectBatchesWithTeacher(testApp.db).select('t.phone').where('b.id', '=', batchId).executeTakeFirstOrThrow();
    teacher = caller(testApp.app, (await signIn(testApp.app, owner.phone, '10.9.1.1')).tokens.accessToken);
  });

  afterAll(async () => {
    await testApp.close();
  });

  const buyUrl = (family: BatchStudentFixture, planIndex: number) =>
    `/v1/payments/batch-student/${family.batchStudentId}/class-pack/${family.plans[planIndex]?.id}`;
  const buyAndPay = async (family: BatchStudentFixture, planIndex: number) => {
    const created = await postWithKey(family.call, buyUrl(family, planIndex));
    expect(created.statusCode).toBe(201);
    expect((await payOrder(testApp.app, family.call, created.json() as CheckoutOrder)).statusCode).toBe(200);
  };
  const options = async (family: BatchStudentFixture) =>
    (await family.call('GET', `/v1/class/batchStudent/${family.batchStudentId}/classpack`)).json() as ClassPackOptions;
  const myClasses = async (family: BatchStudentFixture) =>
    ((await family.call('GET', '/v1/ledgers/learners/balances')).json() as LearnerBalances).balances.find(
      (entry) => entry.batchStudent.id === family.batchStudentId,
    );
  const rosterRow = async (family: BatchStudentFixture) =>
    ((await teacher('GET', '/v1/payments/teacher/batches')).json() as TeacherPaymentBatches).batches
      .flatMap((entry) => entry.students)
      .find((student) => student.batchStudentId === family.batchStudentId);
  const registerStanding = async (family: BatchStudentFixture) =>
    toStudentStanding((await testApp.app.payments.classStanding([family.batchStudentId])).get(family.batchStudentId));
  const attend = async (family: BatchStudentFixture, day: string) =>
    testApp.app.payments.ledger.consumeClass(family.batchStudentId, await newSession(testApp.db, family.batchId, day));
  const packsOf = (family: BatchStudentFixture) =>
    testApp.db
      .selectFrom('batch_student_plans')
      .select(['id', 'status', 'valid_from', 'valid_until', 'validity_days'])
      .where('batch_student_id', '=', family.batchStudentId)
      .where('status', '=', 'active')
      .orderBy('seq')
      .execute();
  const day = (value: Date | string | null) => (value === null ? null : typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10));

  test('the self-serve checkout queues a second pack from the day after the first ends, and refuses a third like every other path', async () => {
    const family = await newBatchStudent(testApp.app, testApp.db, batchId);
    await buyAndPay(family, 0);
    await buyAndPay(family, 1);
    const [first, second] = await packsOf(family);
    const firstUntil = day(first?.valid_until ?? null) ?? '';
    expect(day(first?.valid_from ?? null)).toBe(today);
    expect(day(second?.valid_from ?? null)).toBe(addDaysToDateKey(firstUntil, 1));
    expect(day(second?.valid_until ?? null)).toBe(addDaysToDateKey(firstUntil, second?.validity_days ?? 0));

    const offered = await options(family);
    expect(offered.currentPlan).toMatchObject({ id: first?.id, classesLeft: family.plans[0]?.classes, validFrom: today });
    expect(offered.queuedPlans).toEqual([expect.objectContaining({ id: second?.id, status: 'active', validFrom: addDaysToDateKey(firstUntil, 1) })]);
    expect(offered.nextPack).toEqual({ allowed: false, startsOn: null, message: expect.stringContaining('already waiting') });
    expect(offered.planChange.allowed).toBe(false);

    // Every way of buying another pack gives the same refusal.
    const refused = await postWithKey(family.call, buyUrl(family, 2));
    expectError(refused, 409, 'PACK_ALREADY_WAITING');
    expect(refused.json().message).toBe(offered.nextPack.message);
    const asked = await teacher('POST', ask, { batchStudentId: family.batchStudentId, classPackPlanId: family.plans[2]?.id });
    expectError(asked, 409, 'PACK_ALREADY_WAITING');
    expect(asked.json().message).toBe(offered.nextPack.message);
    const changed = await family.call(
      'PUT',
      `/v1/class/change-plan/batch-student/${family.batchStudentId}`,
      { batchStudentClasspackPlanID: family.plans[2]?.id },
      { 'idempotency-key': `change-${family.batchStudentId}` },
    );
    expectError(changed, 409, 'PACK_ALREADY_WAITING');
    expect(changed.json().message).toBe(offered.planChange.message);
    expect(await rosterRow(family)).toMatchObject({
      nextPack: { allowed: false, message: offered.nextPack.message },
      queuedPacks: [{ classesTotal: family.plans[1]?.classes, validFrom: addDaysToDateKey(firstUntil, 1) }],
    });
    expect(await packsOf(family)).toHaveLength(2);
  });

  test('two requests while 3 of 8 are left: the first paid queues, the second is withdrawn, and every screen shows both packs', async () => {
    const family = await newBatchStudent(testApp.app, testApp.db, batchId);
    await buyAndPay(family, 0);
    const classes = family.plans[0]?.classes ?? 0;
    for (let n = 0; n < classes - 3; n += 1) await attend(family, addDaysToDateKey(today, n));

    const [firstAsk, secondAsk] = await Promise.all(
      [1, 2].map(async (index) => {
        const response = await teacher('POST', ask, { batchStudentId: family.batchStudentId, classPackPlanId: family.plans[index]?.id });
        expect(response.statusCode).toBe(201);
        return response.json() as TeacherPaymentRequest;
      }),
    );
    // The family opens both; pays the first.
    const firstOrder = (await postWithKey(family.call, `/v1/payments/payment-request/${firstAsk?.id}/payments`)).json() as CheckoutOrder;
    const secondOrder = (await postWithKey(family.call, `/v1/payments/payment-request/${secondAsk?.id}/payments`)).json() as CheckoutOrder;
    expect((await payOrder(testApp.app, family.call, firstOrder)).statusCode).toBe(200);

    const lists = (await teacher('GET', '/v1/payments/teacher/payment-requests')).json() as TeacherPaymentRequests;
    expect(lists.completed.find((request) => request.id === firstAsk?.id)).toMatchObject({ status: 'completed', cancelReason: null });
    expect(lists.cancelled.find((request) => request.id === secondAsk?.id)).toMatchObject({
      status: 'cancelled',
      cancelReason: expect.stringContaining('already waiting'),
    });
    // Paying the withdrawn one is refused; money that still arrives for its open checkout is kept as credit.
    expectError(await postWithKey(family.call, `/v1/payments/payment-request/${secondAsk?.id}/payments`), 409, 'PAYMENT_REQUEST_CLOSED');
    expectError(await payOrder(testApp.app, family.call, secondOrder), 409, 'ORDER_EXPIRED');

    const [current, queued] = await packsOf(family);
    const mine = await myClasses(family);
    expect(mine?.classPack).toMatchObject({ id: current?.id, classesLeft: 3, classesTotal: classes });
    expect(mine?.queuedPacks).toEqual([
      expect.objectContaining({
        id: queued?.id,
        classesLeft: family.plans[1]?.classes,
        validFrom: addDaysToDateKey(day(current?.valid_until ?? null) ?? '', 1),
      }),
    ]);
    expect(mine?.balancePaise).toBe(secondOrder.amountPaise);
    expect(await registerStanding(family)).toMatchObject({
      classesLeft: 3 + (family.plans[1]?.classes ?? 0),
      packStatus: 'active',
      queuedPacks: [{ classesTotal: family.plans[1]?.classes, validFrom: day(queued?.valid_from ?? null) }],
      flag: null,
    });
  });

  test('the last class of the pack in use moves the waiting pack up to start the next day; its classes follow', async () => {
    const family = await newBatchStudent(testApp.app, testApp.db, batchId);
    await buyAndPay(family, 0);
    await buyAndPay(family, 0);
    const classes = family.plans[0]?.classes ?? 0;
    const validity = family.plans[0]?.validityDays ?? 0;
    for (let n = 0; n < classes; n += 1) expect((await attend(family, addDaysToDateKey(today, n))).fromPack).toBe(true);
    const lastDay = addDaysToDateKey(today, classes - 1);
    const [, waiting] = await packsOf(family);
    expect({ from: day(waiting?.valid_from ?? null), until: day(waiting?.valid_until ?? null) }).toEqual({
      from: addDaysToDateKey(lastDay, 1),
      until: addDaysToDateKey(lastDay, validity),
    });
    const next = await attend(family, addDaysToDateKey(lastDay, 1));
    expect(next.fromPack).toBe(true);
    const entry = await testApp.db.selectFrom('ledger_entries').select('batch_student_plan_id').where('id', '=', next.entryId).executeTakeFirstOrThrow();
    expect(entry.batch_student_plan_id).toBe(waiting?.id);
    // With the second pack started and nothing waiting, another may be bought, behind it.
    expect((await options(family)).nextPack).toEqual({ allowed: true, startsOn: addDaysToDateKey(lastDay, validity + 1), message: null });
  });

  test('a payment link pays in money, never a pack: it is paid while a pack waits, and its money waits as credit', async () => {
    const family = await newBatchStudent(testApp.app, testApp.db, batchId);
    await buyAndPay(family, 0);
    await buyAndPay(family, 1);
    const owner = await selectBatchesWithTeacher(testApp.db).select('t.id').where('b.id', '=', batchId).executeTakeFirstOrThrow();
    const link = await testApp.db
      .insertInto('payment_links')
      .values({
        teacher_id: owner.id,
        learner_phone: family.phone,
        batch_student_id: family.batchStudentId,
        amount_paise: 50_000,
        description: 'Recital costume',
        expires_at: new Date(PAYMENT_TEST_NOW.getTime() + 86_400_000),
        created_at: PAYMENT_TEST_NOW,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const order = (await postWithKey(family.call, `/v1/payments/payment-link/${link.id}/payments`)).json() as CheckoutOrder;
    expect((await payOrder(testApp.app, family.call, order)).statusCode).toBe(200);
    expect(await packsOf(family)).toHaveLength(2);
    expect((await myClasses(family))?.balancePaise).toBe(50_000);
  });
});
