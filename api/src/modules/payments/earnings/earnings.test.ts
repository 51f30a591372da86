import fc from 'fast-check';
import type { Kysely } from 'kysely';
import type { CheckoutOrder } from '@kalike/shared/contracts/payments';
import type { MonthEarnings, TeacherEarnings } from '@kalike/shared/contracts/teacher-earnings';
import type { TeacherTakeHome } from '@kalike/shared/contracts/teacher-take-home';
import { takeHomeAnswers } from '@kalike/shared/testing/take-home-fixture';
import type { Database } from '../../../db/schema';
import { selectBatchesWithTeacher } from '../../../shared/batch-context';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app';
import { caller } from '../../../testing/enquiry-fixtures';
import { expectError } from '../../../testing/enquiry-parties';
import {
  batchesWithPlans,
  newBatchStudent,
  newLearner,
  PAYMENT_TEST_NOW,
  payOrder,
  paymentId,
  postWithKey,
  signInAgain,
  type BatchStudentFixture,
  type Call,
} from '../../../testing/payment-fixtures';
import { signIn } from '../../../testing/sign-in';

const url = '/v1/payments/teacher/earnings';

async function teacherOf(db: Kysely<Database>, batchId: string): Promise<{ id: string; phone: string }> {
  return selectBatchesWithTeacher(db).select(['t.id', 't.phone']).where('b.id', '=', batchId).executeTakeFirstOrThrow();
}

function studentRow(month: MonthEarnings | undefined, batchStudentId: string | null, name?: string) {
  return month?.students.find((row) => row.batchStudentId === batchStudentId && (name === undefined || row.studentName === name));
}

describe('GET /v1/payments/teacher/earnings', () => {
  let testApp: TestApp;
  let clock = PAYMENT_TEST_NOW;
  let batchId: string;
  let teacherId: string;
  let teacherPhone: string;
  let teacher: Call;
  let otherTeacher: Call;
  let otherPhone = '';
  let address = 0;

  async function signInTeacher(phone: string): Promise<Call> {
    return caller(testApp.app, (await signIn(testApp.app, phone, `10.8.${Math.floor(++address / 250)}.${address % 250}`)).tokens.accessToken);
  }

  /** After the clock moved past the access tokens' life. */
  async function signInTeachersAgain(): Promise<void> {
    teacher = await signInTeacher(teacherPhone);
    otherTeacher = await signInTeacher(otherPhone);
  }

  /** A payment link of the teacher's for `amountPaise`, paid by the learner; `twice` pays it again, which is kept as credit. */
  async function payLink(learner: BatchStudentFixture, amountPaise: number, options: { batchStudentId?: string | null; twice?: boolean } = {}) {
    const link = await testApp.db
      .insertInto('payment_links')
      .values({
        teacher_id: teacherId,
        learner_phone: learner.phone,
        batch_student_id: options.batchStudentId === undefined ? learner.batchStudentId : options.batchStudentId,
        amount_paise: amountPaise,
        description: 'Exam fee',
        expires_at: new Date(clock.getTime() + 86_400_000),
        created_at: clock,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const order = (await postWithKey(learner.call, `/v1/payments/payment-link/${link.id}/payments`)).json() as CheckoutOrder;
    expect((await payOrder(testApp.app, learner.call, order)).statusCode).toBe(200);
    if (options.twice) expectError(await payOrder(testApp.app, learner.call, order, paymentId()), 409, 'ORDER_ALREADY_PAID');
  }

  async function statement(call: Call, query: string): Promise<TeacherEarnings> {
    const response = await call('GET', `${url}${query}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return response.json() as TeacherEarnings;
  }

  beforeAll(async () => {
    testApp = await buildTestApp({ now: () => clock, payments: { sandboxWebhookDelayMs: 60_000 } });
    [batchId = ''] = await batchesWithPlans(testApp.db, 3);
    ({ id: teacherId, phone: teacherPhone } = await teacherOf(testApp.db, batchId));
    // Another teacher with batches of their own.
    ({ phone: otherPhone } = await selectBatchesWithTeacher(testApp.db)
      .select('t.phone')
      .where('t.id', '!=', teacherId)
      .orderBy('b.id')
      .executeTakeFirstOrThrow());
    await signInTeachersAgain();
  });

  afterAll(async () => {
    await testApp.close();
  });

  describe('who may read it', () => {
    test('without signing in it is 401', async () => {
      const response = await testApp.app.inject({ method: 'GET', url });
      expectError(response, 401, 'UNAUTHORIZED');
    });

    test('a learner is 403 FORBIDDEN', async () => {
      const learner = await newLearner(testApp.app);
      expectError(await learner.call('GET', `${url}?from=2025-06&to=2025-06`), 403, 'FORBIDDEN');
    });

    test("a teacher sees their own batches' money and never another teacher's", async () => {
      const before = await statement(otherTeacher, '?from=2025-06&to=2025-06');
      const learner = await newBatchStudent(testApp.app, testApp.db, batchId);
      await payLink(learner, 150_000);
      const own = await statement(teacher, '?from=2025-06&to=2025-06');
      expect(studentRow(own.months[0], learner.batchStudentId)).toMatchObject({ studentName: 'Test Parent', collectedPaise: 150_000 });
      const other = await statement(otherTeacher, '?from=2025-06&to=2025-06');
      expect(studentRow(other.months[0], learner.batchStudentId)).toBeUndefined();
      expect(other.totals).toEqual(before.totals);
    });
  });

  describe('validation', () => {
    test.each(['?from=2025-13', '?from=2025-6', '?to=25-06', '?from=2025-06-01', '?to=1999-12', '?from=june', '?month=2025-06'])(
      '%s is 400 VALIDATION_ERROR',
      async (query) => {
        expectError(await teacher('GET', `${url}${query}`), 400, 'VALIDATION_ERROR');
      },
    );

    test('a range that ends before it starts is refused with a sentence', async () => {
      const response = await teacher('GET', `${url}?from=2025-07&to=2025-06`);
      expectError(response, 400, 'VALIDATION_ERROR');
      expect(response.json().message).toBe('The statement must start before it ends: 2025-07 is after 2025-06.');
    });

    test('24 months is the most one statement covers', async () => {
      expect((await statement(teacher, '?from=2024-01&to=2025-12')).months).toHaveLength(24);
      const response = await teacher('GET', `${url}?from=2023-12&to=2025-12`);
      expectError(response, 400, 'VALIDATION_ERROR');
      expect(response.json().message).toBe('A statement covers at most 24 months; 2023-12 to 2025-12 is 25.');
      // Up to this month when `to` is left out: June 2023 to June 2025 is 25 months.
      expectError(await teacher('GET', `${url}?from=2023-06`), 400, 'VALIDATION_ERROR');
    });

    test('without months it is this month in Bengaluru; with only `to`, that month', async () => {
      expect(await statement(teacher, '')).toMatchObject({ from: '2025-06', to: '2025-06' });
      expect(await statement(teacher, '?to=2025-04')).toMatchObject({ from: '2025-04', to: '2025-04' });
      expect((await statement(teacher, '?from=2025-04')).months.map((month) => month.month)).toEqual(['2025-04', '2025-05', '2025-06']);
    });
  });

  describe('the figures', () => {
    test('a ₹1,500 payment, the same again kept as credit, and a ₹1 payment at midnight IST on 1 July', async () => {
      clock = new Date('2025-06-15T04:00:00.000Z');
      const learner = await newBatchStudent(testApp.app, testApp.db, batchId);
      await payLink(learner, 150_000, { twice: true });
      clock = new Date('2025-06-30T18:30:00.000Z');
      learner.call = await signInAgain(testApp.app, learner);
      await payLink(learner, 100);
      await signInTeachersAgain();
      const result = await statement(teacher, '?from=2025-06&to=2025-07');
      expect(result.feeBasisPoints).toBe(1_000);
      expect(studentRow(result.months[0], learner.batchStudentId)).toEqual({
        batchStudentId: learner.batchStudentId,
        studentName: 'Test Parent',
        batchName: expect.any(String),
        collectedPaise: 300_000,
        creditKeptPaise: 150_000,
        gstPaise: 22_882 * 2,
        feePaise: 12_711 * 2,
        netPaise: 114_407 * 2,
        payments: 2,
        refundedPaise: 0,
        refunds: 0,
      });
      // ₹1 is a taxable 84 paise with 8 + 8 of GST (the tax kept even); 10 % of 84 paise is 8.4, so 8.
      expect(studentRow(result.months[1], learner.batchStudentId)).toMatchObject({ collectedPaise: 100, gstPaise: 16, feePaise: 8, netPaise: 76, payments: 1 });
    });

    test("money that named no place in the batch is the teacher's who sent the link, under the payer's name", async () => {
      clock = new Date('2025-07-10T04:00:00.000Z');
      const learner = await newBatchStudent(testApp.app, testApp.db, batchId);
      await testApp.db.updateTable('learner_accounts').set({ name: 'Farida Payer' }).where('id', '=', learner.accountId).execute();
      await signInTeachersAgain();
      const before = await statement(teacher, '?from=2025-07&to=2025-07');
      await payLink(learner, 250_000, { batchStudentId: null });
      const result = await statement(teacher, '?from=2025-07&to=2025-07');
      expect(studentRow(result.months[0], null, 'Farida Payer')).toMatchObject({ batchName: null, collectedPaise: 250_000, payments: 1 });
      expect(result.totals.collectedPaise - before.totals.collectedPaise).toBe(250_000);
      expect(studentRow((await statement(otherTeacher, '?from=2025-07&to=2025-07')).months[0], null, 'Farida Payer')).toBeUndefined();
    });
  });
  describe('GET /v1/payments/take-home', () => {
    const takeHomeUrl = '/v1/payments/take-home';

    async function takeHome(pricePaise: number): Promise<TeacherTakeHome> {
      const response = await testApp.app.inject({ method: 'GET', url: `${takeHomeUrl}?pricePaise=${pricePaise}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=300');
      return response.json() as TeacherTakeHome;
    }

    test('anyone may ask, signed in or not: a ₹2,400 pack leaves the teacher ₹1,830.51 after GST and the 10 % fee', async () => {
      // ₹2,033.90 taxable, ₹183.05 of CGST and of SGST, 10 % of the taxable value rounded down (money.test.ts works it by hand).
      expect(await takeHome(240_000)).toEqual(takeHomeAnswers[240_000]);
      expect(takeHomeAnswers[240_000]).toMatchObject({ gstPaise: 36_610, kalikeFeePaise: 20_339, teacherReceivesPaise: 183_051 });
      const learner = await newLearner(testApp.app);
      expect((await learner.call('GET', `${takeHomeUrl}?pricePaise=240000`)).json()).toMatchObject({ teacherReceivesPaise: 183_051 });
    });

    test.each([
      '',
      '?pricePaise=',
      '?pricePaise=99',
      '?pricePaise=10000001',
      '?pricePaise=2400.5',
      '?pricePaise=-100',
      '?pricePaise=2400rs',
      '?price=240000',
      '?pricePaise=240000&x=1',
    ])('%s is 400 VALIDATION_ERROR', async (query) => {
      expectError(await testApp.app.inject({ method: 'GET', url: `${takeHomeUrl}${query}` }), 400, 'VALIDATION_ERROR');
    });

    test('the bounds themselves are answered: the ₹1 minimum and the dearest pack a listing may have', async () => {
      expect(await takeHome(100)).toMatchObject({ gstPaise: 16, kalikeFeePaise: 8, teacherReceivesPaise: 76 });
      expect((await takeHome(10_000_000)).familyPaysPaise).toBe(10_000_000);
    });

    test('what it says a price leaves the teacher is what the statement books when a family pays that price', async () => {
      clock = new Date('2025-09-10T04:00:00.000Z');
      const learner = await newBatchStudent(testApp.app, testApp.db, batchId);
      await signInTeachersAgain();
      await payLink(learner, 240_000);
      await payLink(learner, 80_000);
      const row = studentRow((await statement(teacher, '?from=2025-09&to=2025-09')).months[0], learner.batchStudentId);
      const [pack, part] = [await takeHome(240_000), await takeHome(80_000)];
      expect(row).toMatchObject({
        collectedPaise: pack.familyPaysPaise + part.familyPaysPaise,
        gstPaise: pack.gstPaise + part.gstPaise,
        feePaise: pack.kalikeFeePaise + part.kalikeFeePaise,
        netPaise: pack.teacherReceivesPaise + part.teacherReceivesPaise,
        payments: 2,
      });
      // By hand: 183051 + 61017, and the parts add up to the ₹3,200 paid.
      expect(row?.netPaise).toBe(244_068);
      expect((row?.gstPaise ?? 0) + (row?.feePaise ?? 0) + (row?.netPaise ?? 0)).toBe(320_000);
    });

    test('from December 2026, for any whole-rupee prices: the take-home of each is what the statement books, and ₹4,000 + ₹5,440 books no stray paisa', async () => {
      clock = new Date('2026-12-10T04:00:00.000Z');
      await signInTeachersAgain();
      // ₹8,000 taxable: rounding each fee down booked ₹799.99 and ₹7,200.01; to the nearest paisa it is ₹800.00 and ₹7,200.00.
      const first = await newBatchStudent(testApp.app, testApp.db, batchId);
      await payLink(first, 400_000);
      await payLink(first, 544_000);
      const month = (await statement(teacher, '?from=2026-12&to=2026-12')).months[0];
      expect(studentRow(month, first.batchStudentId)).toMatchObject({ collectedPaise: 944_000, gstPaise: 144_000, feePaise: 80_000, netPaise: 720_000 });

      const wholeRupees = fc.integer({ min: 1, max: 100_000 }).map((rupees) => rupees * 100);
      await fc.assert(
        fc.asyncProperty(fc.array(wholeRupees, { minLength: 1, maxLength: 3 }), async (prices) => {
          const learner = await newBatchStudent(testApp.app, testApp.db, batchId);
          const shown = await Promise.all(prices.map((price) => takeHome(price)));
          for (const price of prices) await payLink(learner, price);
          const row = studentRow((await statement(teacher, '?from=2026-12&to=2026-12')).months[0], learner.batchStudentId);
          const sum = (key: 'familyPaysPaise' | 'gstPaise' | 'kalikeFeePaise' | 'teacherReceivesPaise') => shown.reduce((total, one) => total + one[key], 0);
          expect(row).toMatchObject({
            collectedPaise: sum('familyPaysPaise'),
            gstPaise: sum('gstPaise'),
            feePaise: sum('kalikeFeePaise'),
            netPaise: sum('teacherReceivesPaise'),
            payments: prices.length,
          });
        }),
        { numRuns: 4 },
      );
    });
  });
});
