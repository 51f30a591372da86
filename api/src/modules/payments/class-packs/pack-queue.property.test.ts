import { addDaysToDateKey } from '@kalike/shared/format/dates';
import fc from 'fast-check';
import { sql } from 'kysely';
import type { CheckoutOrder } from '@kalike/shared/contracts/payments';
import type { PaymentRequest } from '@kalike/shared/contracts/payment-requests';
import { selectBatchesWithTeacher } from '../../../shared/batch-context';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app';
import { caller } from '../../../testing/enquiry-fixtures';
import {
  batchesWithPlans,
  newBatchStudent,
  newSession,
  PAYMENT_TEST_NOW,
  payOrderUnlessPaid,
  postWithKey,
  type BatchStudentFixture,
  type Call,
} from '../../../testing/payment-fixtures';
import { signIn } from '../../../testing/sign-in';

type Command = { kind: 'buy'; plan: number } | { kind: 'request'; plan: number } | { kind: 'attend'; classes: number; gap: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('buy' as const), plan: fc.integer({ min: 0, max: 2 }) }),
  fc.record({ kind: fc.constant('request' as const), plan: fc.integer({ min: 0, max: 2 }) }),
  fc.record({ kind: fc.constant('attend' as const), classes: fc.integer({ min: 1, max: 12 }), gap: fc.integer({ min: 1, max: 20 }) }),
);

const dayDiff = (from: string, until: string) => Math.round((Date.parse(until) - Date.parse(from)) / 86_400_000);

/**
 * Random purchases (the family's checkout and paying a teacher's request) and classes attended
 * over weeks: after every step no class came out of a pack outside its dates, no two packs of
 * the place cover the same day, and every pack keeps its full validity, so a paid class lapses
 * only after all of it.
 */
describe('queued packs under random sequences', () => {
  let testApp: TestApp;
  let batchId: string;
  let teacher: Call;

  beforeAll(async () => {
    testApp = await buildTestApp({ now: () => PAYMENT_TEST_NOW, payments: { sandboxWebhookDelayMs: 60_000 } });
    [batchId = ''] = await batchesWithPlans(testApp.db, 3);
    const owner = await selectBatchesWithTeacher(testApp.db).select('t.phone').where('b.id', '=', batchId).executeTakeFirstOrThrow();
    teacher = caller(testApp.app, (await signIn(testApp.app, owner.phone, '10.9.2.1')).tokens.accessToken);
  });

  afterAll(async () => {
    await testApp.close();
  });

  async function checkInvariants(learner: BatchStudentFixture): Promise<void> {
    const packs = await sql<{
      id: string;
      from: string;
      until: string;
      validity_days: number;
      extra_days: number;
      left: number;
      total: number;
      last_class: string | null;
    }>`
      select bsp.id, to_char(bsp.valid_from, 'YYYY-MM-DD') as from, to_char(bsp.valid_until, 'YYYY-MM-DD') as until,
             bsp.validity_days, bsp.extra_days, bsp.classes_total as total,
             coalesce((select sum(le.classes_delta) from ledger_entries le where le.batch_student_plan_id = bsp.id), 0)::int as left,
             (select to_char(max(cs.occurs_on), 'YYYY-MM-DD') from ledger_entries le join class_sessions cs on cs.id = le.session_id
               where le.batch_student_plan_id = bsp.id and le.kind = 'class_consumed') as last_class
      from batch_student_plans bsp
      where bsp.batch_student_id = ${learner.batchStudentId} and bsp.status = 'active'
      order by bsp.valid_from, bsp.seq`.execute(testApp.db);
    let previousEnd: string | null = null;
    for (const pack of packs.rows) {
      // Its full validity, counted from its own start.
      expect(dayDiff(pack.from, pack.until) + 1).toBe(pack.validity_days + pack.extra_days);
      expect(pack.left).toBeGreaterThanOrEqual(0);
      expect(pack.left).toBeLessThanOrEqual(pack.total);
      // It ends on its last day, or on its last class once none is left; the next starts after.
      if (previousEnd !== null) expect(pack.from > previousEnd).toBe(true);
      previousEnd = pack.left === 0 && pack.last_class && pack.last_class < pack.until ? pack.last_class : pack.until;
    }
    const outside = await sql<{ count: number }>`
      select count(*)::int as count from ledger_entries le
      join batch_student_plans bsp on bsp.id = le.batch_student_plan_id
      join class_sessions cs on cs.id = le.session_id
      where le.batch_student_id = ${learner.batchStudentId} and le.kind = 'class_consumed' and le.classes_delta < 0
        and (cs.occurs_on < bsp.valid_from or cs.occurs_on > bsp.valid_until)`.execute(testApp.db);
    expect(outside.rows[0]?.count).toBe(0);
    // A class owed while a pack already paid had classes on that day would be a class lost.
    const owedWhileHeld = await sql<{ count: number }>`
      select count(*)::int as count from ledger_entries le
      join class_sessions cs on cs.id = le.session_id
      where le.batch_student_id = ${learner.batchStudentId} and le.kind = 'class_consumed' and le.classes_delta = 0
        and exists (select 1 from batch_student_plans bsp where bsp.batch_student_id = le.batch_student_id and bsp.status = 'active'
                    and cs.occurs_on between bsp.valid_from and bsp.valid_until
                    and le.seq > (select min(p.seq) from ledger_entries p where p.batch_student_plan_id = bsp.id and p.kind = 'class_pack_purchase')
                    and (select coalesce(sum(x.classes_delta), 0) from ledger_entries x where x.batch_student_plan_id = bsp.id) > 0)`.execute(testApp.db);
    expect(owedWhileHeld.rows[0]?.count).toBe(0);
  }

  async function pay(learner: BatchStudentFixture, response: { statusCode: number; json(): unknown }): Promise<void> {
    expect([201, 409]).toContain(response.statusCode);
    if (response.statusCode === 201) expect((await payOrderUnlessPaid(testApp.app, learner.call, response.json() as CheckoutOrder)).statusCode).toBe(200);
  }

  test('classes come only from packs in date, packs never overlap, and each keeps its full validity', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 8 }), async (commands) => {
        const learner = await newBatchStudent(testApp.app, testApp.db, batchId);
        let day = 0;
        for (const step of commands) {
          if (step.kind === 'buy') {
            await pay(
              learner,
              await postWithKey(learner.call, `/v1/payments/batch-student/${learner.batchStudentId}/class-pack/${learner.plans[step.plan]?.id}`),
            );
          } else if (step.kind === 'request') {
            const asked = await teacher('POST', '/v1/class/batch-student-payment-request', {
              batchStudentId: learner.batchStudentId,
              classPackPlanId: learner.plans[step.plan]?.id,
            });
            expect([201, 409]).toContain(asked.statusCode);
            if (asked.statusCode === 201) {
              await pay(learner, await postWithKey(learner.call, `/v1/payments/payment-request/${(asked.json() as PaymentRequest).id}/payments`));
            }
          } else {
            day += step.gap;
            for (let i = 0; i < step.classes; i += 1) {
              await testApp.app.payments.ledger.consumeClass(
                learner.batchStudentId,
                await newSession(testApp.db, batchId, addDaysToDateKey('2025-06-02', day)),
              );
              day += 1;
            }
          }
          await checkInvariants(learner);
        }
      }),
      { numRuns: 20 },
    );
  }, 400_000);
});
