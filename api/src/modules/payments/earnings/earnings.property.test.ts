import fc from 'fast-check';
import { sql } from 'kysely';
import type { ChangePlanResult, CheckoutOrder } from '@kalike/shared/contracts/payments';
import type { CancellationQuote, CancelPackResult } from '@kalike/shared/contracts/refunds';
import type { EarningsFigures, TeacherEarnings } from '@kalike/shared/contracts/teacher-earnings';
import { addDaysToDateKey, istDateKey, istDayStart } from '@kalike/shared/format/dates';
import { selectBatchesWithTeacher } from '../../../shared/batch-context';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app';
import { caller } from '../../../testing/enquiry-fixtures';
import { expectError } from '../../../testing/enquiry-parties';
import {
  batchesWithPlans,
  key,
  newLearner,
  newSession,
  PAYMENT_TEST_NOW,
  payOrder,
  paymentId,
  plansOf,
  postWithKey,
  signInAgain,
  type Call,
  type LearnerFixture,
  type PlanFixture,
} from '../../../testing/payment-fixtures';
import { signIn } from '../../../testing/sign-in';
import { gstSplit, nearestPaisaFeeFrom } from '../money';
import { nextMonth } from './earnings-figures';

const feeBasisPoints = 1_000;
const student = fc.integer({ min: 0, max: 1 });
const plan = fc.integer({ min: 0, max: 2 });

type Command =
  | { kind: 'request'; student: number; plan: number; forPack: boolean }
  | { kind: 'buy'; student: number; plan: number }
  | { kind: 'change'; student: number; plan: number }
  | { kind: 'settle'; student: number; viaLedger: boolean }
  | { kind: 'attend'; student: number; classes: number }
  | { kind: 'paid-twice'; student: number; rupees: number }
  | { kind: 'cancel'; student: number; toCredit: boolean }
  | { kind: 'later'; days: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('request' as const), student, plan, forPack: fc.boolean() }),
  fc.record({ kind: fc.constant('buy' as const), student, plan }),
  fc.record({ kind: fc.constant('change' as const), student, plan }),
  fc.record({ kind: fc.constant('settle' as const), student, viaLedger: fc.boolean() }),
  fc.record({ kind: fc.constant('attend' as const), student, classes: fc.integer({ min: 1, max: 6 }) }),
  fc.record({ kind: fc.constant('paid-twice' as const), student, rupees: fc.integer({ min: 1, max: 5_000 }) }),
  // Weighted up: a cancellation needs a pack bought earlier in the same run.
  { arbitrary: fc.record({ kind: fc.constant('cancel' as const), student, toCredit: fc.boolean() }), weight: 3 },
  fc.record({ kind: fc.constant('later' as const), days: fc.integer({ min: 1, max: 40 }) }),
);

/** A payment as the checkout showed it: the amount and the GST split the receipt carries. */
interface PaidInModel {
  batchStudentId: string;
  month: string;
  amountPaise: number;
  taxablePaise: number;
  gstPaise: number;
  keptAsCredit: boolean;
  at: Date;
}

/** A refund to the payment method, as the cancellation answered it. */
interface RefundedInModel {
  batchStudentId: string;
  month: string;
  amountPaise: number;
  at: Date;
}

const monthOf = (at: Date) => istDateKey(at).slice(0, 7);
const figureKeys = ['collectedPaise', 'creditKeptPaise', 'refundedPaise', 'gstPaise', 'feePaise', 'netPaise', 'payments', 'refunds'] as const;
const only = (row: EarningsFigures): EarningsFigures => Object.fromEntries(figureKeys.map((name) => [name, row[name]])) as unknown as EarningsFigures;
const sum = (rows: EarningsFigures[]): EarningsFigures =>
  Object.fromEntries(figureKeys.map((name) => [name, rows.reduce((total, row) => total + row[name], 0)])) as unknown as EarningsFigures;

/**
 * A family pays a teacher for two children in random ways over random months: class packs,
 * the teacher's requests, plan changes, settling classes taken beyond a pack, payments that
 * reach an order already paid and are kept as credit, and cancelled packs refunded to the payment
 * method or as credit. After every step the teacher's statement is the checkout's own figures
 * for each child, less each refund to the payment method in the month it was booked; its totals
 * are the ledger's sums; every row's net is collected − refunded − GST − fee; rows add up; and no
 * other teacher sees any of it.
 */
describe("a teacher's earnings statement under random sequences", () => {
  let testApp: TestApp;
  let clock = PAYMENT_TEST_NOW;
  let batchId: string;
  let plans: PlanFixture[];
  let teacherId: string;
  let teacherPhone: string;
  let otherPhone: string;
  let teacher: Call;
  let otherTeacher: Call;
  let address = 0;
  let sessionDay = 0;

  async function signInTeacher(phone: string): Promise<Call> {
    return caller(testApp.app, (await signIn(testApp.app, phone, `10.7.${Math.floor(++address / 250)}.${address % 250}`)).tokens.accessToken);
  }

  beforeAll(async () => {
    testApp = await buildTestApp({ now: () => clock, payments: { sandboxWebhookDelayMs: 60_000, kalikeFeeBasisPoints: feeBasisPoints } });
    [batchId = ''] = await batchesWithPlans(testApp.db, 3);
    plans = await plansOf(testApp.db, batchId);
    ({ id: teacherId, phone: teacherPhone } = await selectBatchesWithTeacher(testApp.db)
      .select(['t.id', 't.phone'])
      .where('b.id', '=', batchId)
      .executeTakeFirstOrThrow());
    ({ phone: otherPhone } = await selectBatchesWithTeacher(testApp.db)
      .select('t.phone')
      .where('t.id', '!=', teacherId)
      .orderBy('b.id')
      .executeTakeFirstOrThrow());
    teacher = await signInTeacher(teacherPhone);
    otherTeacher = await signInTeacher(otherPhone);
  });

  afterAll(async () => {
    await testApp.close();
  });

  async function family(): Promise<{ learner: LearnerFixture; children: string[] }> {
    const learner = await newLearner(testApp.app);
    await testApp.db.updateTable('learner_accounts').set({ name: 'Lakshmi Parent' }).where('id', '=', learner.accountId).execute();
    const children: string[] = [];
    for (const name of ['Meera', 'ಕಿರಣ್']) {
      const row = await testApp.db.insertInto('students').values({ learner_account_id: learner.accountId, name }).returning('id').executeTakeFirstOrThrow();
      const place = await testApp.db
        .insertInto('batch_students')
        .values({ batch_id: batchId, learner_account_id: learner.accountId, student_id: row.id, created_at: clock })
        .returning('id')
        .executeTakeFirstOrThrow();
      children.push(place.id);
    }
    return { learner, children };
  }

  /** The ledger's own sums of the teacher's payments between two instants, straight from the table. */
  async function ledgerPayments(start: Date, end: Date): Promise<{ collected: number; kept: number; count: number; refunded: number; refunds: number }> {
    const { rows } = await sql<{ collected: number; kept: number; count: number; refunded: number; refunds: number }>`
      select coalesce(sum(e.amount_paise) filter (where e.kind = 'payment'), 0)::int as collected,
             coalesce(sum(e.amount_paise) filter (where e.kind = 'payment' and pay.held_reason is not null), 0)::int as kept,
             (count(*) filter (where e.kind = 'payment'))::int as count,
             (-coalesce(sum(e.amount_paise) filter (where e.kind = 'refund'), 0))::int as refunded,
             (count(*) filter (where e.kind = 'refund'))::int as refunds
      from ledger_entries e
      left join payments pay on pay.id = e.payment_id
      left join batch_students bs on bs.id = e.batch_student_id
      left join batches b on b.id = bs.batch_id
      left join programs p on p.id = b.program_id
      left join teacher_listings l on l.id = p.listing_id
      left join orders o on o.id = e.order_id
      left join payment_links pl on pl.id = o.payment_link_id
      left join payment_requests pr on pr.id = o.payment_request_id
      left join refunds r on r.id = e.refund_id
      where e.kind in ('payment', 'refund') and (r.status is null or r.status <> 'failed') and e.created_at >= ${start} and e.created_at < ${end}
        and (l.teacher_id = ${teacherId} or (e.batch_student_id is null and (pl.teacher_id = ${teacherId} or pr.teacher_id = ${teacherId})))
    `.execute(testApp.db);
    const row = rows[0];
    return {
      collected: Number(row?.collected ?? 0),
      kept: Number(row?.kept ?? 0),
      count: Number(row?.count ?? 0),
      refunded: Number(row?.refunded ?? 0),
      refunds: Number(row?.refunds ?? 0),
    };
  }

  async function checkStatement(from: string, children: string[], paid: PaidInModel[], refunded: RefundedInModel[]): Promise<void> {
    const to = monthOf(clock);
    const response = await teacher('GET', `/v1/payments/teacher/earnings?from=${from}&to=${to}`);
    expect(response.statusCode).toBe(200);
    const statement = response.json() as TeacherEarnings;

    for (const row of [statement.totals, ...statement.months, ...statement.months.flatMap((month) => month.students)]) {
      expect(row.netPaise).toBe(row.collectedPaise - row.refundedPaise - row.gstPaise - row.feePaise);
    }
    for (const month of statement.months) expect(only(month)).toEqual(sum(month.students));
    expect(statement.totals).toEqual(sum(statement.months));

    // Each child, each month: exactly the payments the checkout took for them, as the receipts split
    // them, less each refund to the payment method booked that month, split as a payment of its amount.
    // The clock runs on across runs: from December 2026 the fee is to the nearest paisa (an exact half to the teacher), before it rounded down.
    const feeOf = (taxablePaise: number, at: Date) =>
      at < nearestPaisaFeeFrom ? Math.floor((taxablePaise * feeBasisPoints) / 10_000) : Math.floor((taxablePaise * feeBasisPoints + 4_999) / 10_000);
    for (const month of statement.months) {
      for (const child of children) {
        const mine = paid.filter((payment) => payment.batchStudentId === child && payment.month === month.month);
        const back = refunded
          .filter((refund) => refund.batchStudentId === child && refund.month === month.month)
          .map((refund) => ({ ...refund, taxablePaise: gstSplit(refund.amountPaise).taxablePaise }));
        const row = month.students.find((candidate) => candidate.batchStudentId === child);
        if (mine.length === 0 && back.length === 0) {
          expect(row).toBeUndefined();
          continue;
        }
        const total = <T>(list: T[], of: (item: T) => number) => list.reduce((sum, item) => sum + of(item), 0);
        expect(row && only(row)).toEqual({
          collectedPaise: total(mine, (payment) => payment.amountPaise),
          creditKeptPaise: total(mine, (payment) => (payment.keptAsCredit ? payment.amountPaise : 0)),
          refundedPaise: total(back, (refund) => refund.amountPaise),
          gstPaise: total(mine, (payment) => payment.gstPaise) - total(back, (refund) => refund.amountPaise - refund.taxablePaise),
          feePaise: total(mine, (payment) => feeOf(payment.taxablePaise, payment.at)) - total(back, (refund) => feeOf(refund.taxablePaise, refund.at)),
          netPaise:
            total(mine, (payment) => payment.taxablePaise - feeOf(payment.taxablePaise, payment.at)) -
            total(back, (refund) => refund.taxablePaise - feeOf(refund.taxablePaise, refund.at)),
          payments: mine.length,
          refunds: back.length,
        });
      }
    }

    // The totals are the ledger's own sums for the teacher's batches over the same months.
    const ledger = await ledgerPayments(istDayStart(`${from}-01`), istDayStart(`${nextMonth(to)}-01`));
    expect({
      collected: statement.totals.collectedPaise,
      kept: statement.totals.creditKeptPaise,
      count: statement.totals.payments,
      refunded: statement.totals.refundedPaise,
      refunds: statement.totals.refunds,
    }).toEqual(ledger);

    // Another teacher's statement has none of it.
    const other = (await otherTeacher('GET', `/v1/payments/teacher/earnings?from=${from}&to=${to}`)).json() as TeacherEarnings;
    const seenByOther = other.months.flatMap((month) => month.students).filter((row) => row.batchStudentId !== null && children.includes(row.batchStudentId));
    expect(seenByOther).toEqual([]);
  }

  test('the statement is the checkout, the ledger and the fee rule, to the paisa', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 7 }), async (commands) => {
        const from = monthOf(clock);
        const { learner, children } = await family();
        let call = learner.call;
        const paid: PaidInModel[] = [];
        const refunded: RefundedInModel[] = [];

        function paidInModel(order: CheckoutOrder, child: string, keptAsCredit: boolean): PaidInModel {
          return {
            batchStudentId: child,
            month: monthOf(clock),
            amountPaise: order.amountPaise,
            taxablePaise: order.price.taxablePaise,
            gstPaise: order.price.cgstPaise + order.price.sgstPaise,
            keptAsCredit,
            at: clock,
          };
        }

        /** Pays an order unless credit already did, and notes what the checkout charged. */
        async function pay(order: CheckoutOrder, child: string): Promise<void> {
          if (order.status === 'paid') return;
          expect((await payOrder(testApp.app, call, order)).statusCode).toBe(200);
          paid.push(paidInModel(order, child, false));
        }

        for (const step of commands) {
          const child = step.kind === 'later' ? '' : (children[step.student] ?? '');
          if (step.kind === 'later') {
            clock = new Date(clock.getTime() + step.days * 86_400_000);
            call = await signInAgain(testApp.app, learner);
            teacher = await signInTeacher(teacherPhone);
            otherTeacher = await signInTeacher(otherPhone);
          } else if (step.kind === 'request') {
            // The teacher names a pack or asks for what is owed; the API prices it.
            const chosen = plans[step.plan];
            const body = step.forPack ? { batchStudentId: child, classPackPlanId: chosen?.id } : { batchStudentId: child };
            const created = await teacher('POST', '/v1/class/batch-student-payment-request', body);
            if (!step.forPack && created.statusCode === 409) {
              expect(created.json()).toMatchObject({ code: 'NOTHING_TO_PAY' });
              continue;
            }
            expect(created.statusCode).toBe(201);
            if (step.forPack) expect(created.json()).toMatchObject({ amountPaise: chosen?.pricePaise });
            const order = await postWithKey(call, `/v1/payments/payment-request/${created.json().id}/payments`);
            expect(order.statusCode).toBe(201);
            await pay(order.json() as CheckoutOrder, child);
          } else if (step.kind === 'buy') {
            const response = await postWithKey(call, `/v1/payments/batch-student/${child}/class-pack/${plans[step.plan]?.id}`);
            expect([201, 409]).toContain(response.statusCode);
            if (response.statusCode === 201) await pay(response.json() as CheckoutOrder, child);
          } else if (step.kind === 'change') {
            const response = await call(
              'PUT',
              `/v1/class/change-plan/batch-student/${child}`,
              { batchStudentClasspackPlanID: plans[step.plan]?.id },
              { 'idempotency-key': key() },
            );
            expect([200, 409]).toContain(response.statusCode);
            const result = response.statusCode === 200 ? (response.json() as ChangePlanResult) : null;
            if (result?.order) await pay(result.order, child);
          } else if (step.kind === 'settle') {
            const response = step.viaLedger
              ? await postWithKey(call, '/v1/ledgers/learners/payment', { batchStudentId: child })
              : await postWithKey(call, `/v1/payments/settlement-balance/batch-student/${child}`);
            expect([201, 409]).toContain(response.statusCode);
            if (response.statusCode === 201) await pay(response.json() as CheckoutOrder, child);
          } else if (step.kind === 'cancel') {
            // The family cancels the child's pack in use, if it has one with something to give back.
            const pack = await testApp.db
              .selectFrom('batch_student_plans')
              .select('id')
              .where('batch_student_id', '=', child)
              .where('status', '=', 'active')
              .executeTakeFirst();
            if (!pack) continue;
            const quote = (await call('GET', `/v1/class-packs/${pack.id}/cancellation`)).json() as CancellationQuote;
            if (!quote.cancellable) continue;
            const body = { method: step.toCredit ? 'credit' : 'original', expectedAmountPaise: quote.amountPaise };
            const response = await postWithKey(call, `/v1/class-packs/${pack.id}/cancel`, body);
            expect(response.statusCode).toBe(201);
            for (const refund of (response.json() as CancelPackResult).refunds) {
              // Only money sent back to the payment method leaves the teacher; credit stays for their classes.
              if (refund.method === 'original' && refund.status !== 'failed') {
                refunded.push({ batchStudentId: child, month: monthOf(clock), amountPaise: refund.amountPaise, at: clock });
              }
            }
          } else if (step.kind === 'attend') {
            for (let i = 0; i < step.classes; i++) {
              const sessionId = await newSession(testApp.db, batchId, addDaysToDateKey(istDateKey(clock), -(sessionDay++ % 20)));
              await testApp.app.payments.ledger.consumeClass(child, sessionId);
            }
          } else {
            const link = await testApp.db
              .insertInto('payment_links')
              .values({
                teacher_id: teacherId,
                learner_phone: learner.phone,
                batch_student_id: child,
                amount_paise: step.rupees * 100,
                description: 'Costume for the recital',
                expires_at: new Date(clock.getTime() + 86_400_000),
                created_at: clock,
              })
              .returning('id')
              .executeTakeFirstOrThrow();
            const response = await postWithKey(call, `/v1/payments/payment-link/${link.id}/payments`);
            expect(response.statusCode).toBe(201);
            const order = response.json() as CheckoutOrder;
            await pay(order, child);
            if (order.status !== 'paid') {
              // The same order paid a second time: the money is kept on the child's ledger as credit.
              expectError(await payOrder(testApp.app, call, order, paymentId()), 409, 'ORDER_ALREADY_PAID');
              paid.push(paidInModel(order, child, true));
            }
          }
          await checkStatement(from, children, paid, refunded);
        }
      }),
      {
        numRuns: 15,
        // At least one run where a pack with a class taken is refunded to the payment method a few weeks on, and one cancelled to credit.
        examples: [
          [
            [
              { kind: 'buy', student: 0, plan: 0 },
              { kind: 'attend', student: 0, classes: 1 },
              { kind: 'later', days: 20 },
              { kind: 'cancel', student: 0, toCredit: false },
              { kind: 'buy', student: 1, plan: 1 },
              { kind: 'cancel', student: 1, toCredit: true },
            ],
          ],
        ],
      },
    );
  }, 400_000);
});
