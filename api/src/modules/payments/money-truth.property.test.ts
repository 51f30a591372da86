import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import type { ChangePlanResult, CheckoutOrder } from '@kalike/shared/contracts/payments';
import type { PaymentRequest } from '@kalike/shared/contracts/payment-requests';
import type { PayoutsOverview } from '@kalike/shared/contracts/payouts';
import type { CancellationQuote, CancelPackResult } from '@kalike/shared/contracts/refunds';
import { addDaysToDateKey, istDateKey } from '@kalike/shared/format/dates';
import { defaultPayoutsConfig } from '../../config';
import { wellKnownAdmin } from '../../db/seed/accounts';
import { selectBatchesWithTeacher } from '../../shared/batch-context';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { caller } from '../../testing/enquiry-fixtures';
import {
  batchesWithPlans,
  key,
  newFamilyInBatch,
  PAYMENT_TEST_NOW,
  payOrder,
  plansOf,
  postWithKey,
  signInAgain,
  type Call,
  type LearnerFixture,
  type PlanFixture,
} from '../../testing/payment-fixtures';
import { signIn } from '../../testing/sign-in';
import { payoutAccountAddedLongAgo } from '../../testing/payout-fixtures';
import { paymentFigures } from './earnings/earnings-figures';
import { sandboxRefundRules } from './gateway/sandbox-refunds';
import { gatewayRefundKey } from './refunds/refund-sender';

/**
 * The whole system under random sequences, through the real routes on PGlite: a family with two
 * children in a batch of their own pays on every path (the family's checkout, a change of plan,
 * the teacher's payment request, a payment link), the teacher takes registers and corrects them,
 * calls classes off and adds holidays, removes a child or ends the batch, and is paid out; the
 * family cancels packs to the payment method or to credit, and an admin refunds a class, a pack or
 * an amount, at a sandbox gateway where refunds succeed, fail or stay pending until a webhook;
 * days pass. After every step:
 *
 * - the family: what it paid = Σ classes used × the price paid per class of their pack (or the
 *   owed price for a class taken with no pack) + refunds to the payment method (sent or on their
 *   way) + credit held (less anything owed) + Σ classes still held × the price paid per class,
 *   + the paise that rounding kept. Every credit for classes given back (a plan change, a
 *   cancellation, a teacher's removal) is `floor(price × classes ÷ classes in the pack)`, so each
 *   leaves under one paisa with the teacher each time classes come off a pack, never with the
 *   family: 0 ≤ kept < the number of times classes came off packs. Classes held include those on a pack that lapsed. An
 *   admin's refund of an amount takes no class: it is added to what the family paid.
 * - the teacher: earned (the net of each payment less the net of each refund to a payment method
 *   that did not fail) − paid out = the balance their payouts page and ledger show.
 * - no paid class lapses on a pack whose days held a class the teacher called off: each such
 *   class moved the pack's last day (a `pack_extensions` row for the class and the place).
 * - packs: at most one in use and one waiting per place; the waiting one starts the day after
 *   the one in use ends (its last day, or its last class once used up), and no later.
 *
 * CI runs 30 sequences from a fixed seed. For more, locally (MONEY_TRUTH_PATH with the seed replays a failure's path):
 *   MONEY_TRUTH_RUNS=200 MONEY_TRUTH_SEED=$RANDOM node scripts/pnpm.mjs --filter ./api exec jest src/modules/payments/money-truth.property.test.ts --maxWorkers=1
 */

const DAY = 86_400_000;
const feeBasisPoints = 1_000;
const numRuns = Number(process.env.MONEY_TRUTH_RUNS ?? 30);
const seed = Number(process.env.MONEY_TRUTH_SEED ?? 2_811);
const net = (amountPaise: number, at: Date) => paymentFigures(amountPaise, false, feeBasisPoints, at).netPaise;

type Gateway = 'ok' | 'refundfail' | 'refundpend';
const gateway = fc.constantFrom<Gateway>('ok', 'ok', 'refundfail', 'refundpend');
const student = fc.integer({ min: 0, max: 1 });
const plan = fc.integer({ min: 0, max: 2 });

type Command =
  | { kind: 'buy'; student: number; plan: number; pay: Gateway }
  | { kind: 'change'; student: number; plan: number; pay: Gateway }
  | { kind: 'request'; student: number; plan: number; pay: Gateway }
  | { kind: 'link'; student: number; rupees: number; pay: Gateway }
  | { kind: 'attend'; present: [boolean, boolean] }
  | { kind: 'correct'; which: number }
  | { kind: 'call-off'; ahead: number }
  | { kind: 'holiday'; ahead: number; days: number }
  | { kind: 'cancel-pack'; student: number; which: number; toCredit: boolean }
  | { kind: 'settle-refund'; which: number; processed: boolean }
  | { kind: 'admin-refund'; student: number; which: number; refund: 'class' | 'pack' | 'amount'; rupees: number; toCredit: boolean }
  | { kind: 'remove'; student: number }
  | { kind: 'end-batch' }
  | { kind: 'payout' }
  | { kind: 'later'; days: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('buy' as const), student, plan, pay: gateway }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('change' as const), student, plan, pay: gateway }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('request' as const), student, plan, pay: gateway }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('link' as const), student, rupees: fc.integer({ min: 1, max: 3_000 }), pay: gateway }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('attend' as const), present: fc.tuple(fc.boolean(), fc.boolean()) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('correct' as const), which: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('call-off' as const), ahead: fc.integer({ min: 0, max: 12 }) }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('holiday' as const), ahead: fc.integer({ min: 0, max: 10 }), days: fc.integer({ min: 1, max: 4 }) }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('cancel-pack' as const), student, which: fc.nat(), toCredit: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('settle-refund' as const), which: fc.nat(), processed: fc.boolean() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('admin-refund' as const),
      student,
      which: fc.nat(),
      refund: fc.constantFrom('class' as const, 'pack' as const, 'amount' as const),
      rupees: fc.integer({ min: 1, max: 3_000 }),
      toCredit: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), student }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('end-batch' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('payout' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('later' as const), days: fc.integer({ min: 1, max: 40 }) }) },
);

interface Child {
  name: string;
  placeId: string;
  removed: boolean;
}

interface Mark {
  sessionId: string;
  day: string;
  child: Child;
  attended: boolean;
}

/** One pack of a place as the ledger holds it: what was paid for it and where its classes went. */
interface PackFigures {
  id: string;
  status: string;
  from: string | null;
  until: string | null;
  total: number;
  validity: number;
  extraDays: number;
  price: number;
  held: number;
  used: number;
  givenBack: number;
  /** How many times classes came off it for credit or a refund: each is rounded down on its own. */
  givenBackTimes: number;
  credited: number;
  lastClass: string | null;
}

describe('money stays true on every path, under random sequences', () => {
  let testApp: TestApp;
  let clock = new Date(PAYMENT_TEST_NOW.getTime());
  let templateBatchId = '';
  let teacherPhone = '';
  let address = 0;

  const today = () => istDateKey(clock);
  let teacherSignedIn: { at: number; call: Call } | null = null;
  /** The teacher signed in, again only once the clock has moved (codes are limited per phone). */
  const teacherCall = async (): Promise<Call> => {
    if (teacherSignedIn?.at !== clock.getTime()) {
      const { tokens } = await signIn(testApp.app, teacherPhone, `10.5.${Math.floor(++address / 250)}.${address % 250}`);
      teacherSignedIn = { at: clock.getTime(), call: caller(testApp.app, tokens.accessToken) };
    }
    return teacherSignedIn.call;
  };
  let adminSignedIn: { at: number; call: Call } | null = null;
  const adminCall = async (): Promise<Call> => {
    if (adminSignedIn?.at !== clock.getTime()) {
      const { tokens } = await signIn(testApp.app, wellKnownAdmin.phone, `10.4.${Math.floor(++address / 250)}.${address % 250}`);
      adminSignedIn = { at: clock.getTime(), call: caller(testApp.app, tokens.accessToken) };
    }
    return adminSignedIn.call;
  };
  const overview = async (teacher: Call): Promise<PayoutsOverview> => {
    const response = await teacher('GET', '/v1/payments/teacher/payouts');
    expect(response.statusCode).toBe(200);
    return response.json() as PayoutsOverview;
  };

  beforeAll(async () => {
    testApp = await buildTestApp({
      now: () => clock,
      payments: { sandboxWebhookDelayMs: 60_000, kalikeFeeBasisPoints: feeBasisPoints, payouts: { ...defaultPayoutsConfig, sandboxSettleMs: 60_000 } },
    });
    [templateBatchId = ''] = await batchesWithPlans(testApp.db, 3);
    ({ phone: teacherPhone } = await selectBatchesWithTeacher(testApp.db).select('t.phone').where('b.id', '=', templateBatchId).executeTakeFirstOrThrow());
    const remoteAddress = `10.5.${Math.floor(++address / 250)}.${address % 250}`;
    const { tokens } = await signIn(testApp.app, teacherPhone, remoteAddress);
    teacherSignedIn = { at: clock.getTime(), call: caller(testApp.app, tokens.accessToken) };
    await payoutAccountAddedLongAgo(testApp.app, testApp.db, {
      phone: teacherPhone,
      accessToken: tokens.accessToken,
      remoteAddress,
      body: { kind: 'upi', upiId: 'priya.rao@okaxis' },
    });
  });

  afterAll(async () => {
    await testApp.close();
  });

  /** A batch of the teacher's own for one sequence, meeting every day at 08:00 IST, with the template's three plans. */
  async function newBatch(): Promise<{ batchId: string; plans: PlanFixture[] }> {
    const template = await testApp.db.selectFrom('batches').selectAll().where('id', '=', templateBatchId).executeTakeFirstOrThrow();
    const { id: _id, created_at: _created, ...copy } = template;
    const batch = await testApp.db
      .insertInto('batches')
      .values({
        ...copy,
        name: `Morning batch ${randomBytes(3).toString('hex')}`,
        days_of_week: [1, 2, 3, 4, 5, 6, 7],
        start_time: '08:00',
        end_time: '09:00',
        starts_on: '2025-01-01',
        ends_on: null,
        capacity: 10,
        seats_taken: 2,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const row of await plansOf(testApp.db, templateBatchId)) {
      await testApp.db
        .insertInto('class_pack_plans')
        .values({ batch_id: batch.id, name: row.name, classes_count: row.classes, price_paise: row.pricePaise, validity_days: row.validityDays })
        .execute();
    }
    return { batchId: batch.id, plans: await plansOf(testApp.db, batch.id) };
  }

  async function family(batchId: string): Promise<{ learner: LearnerFixture; children: Child[] }> {
    const { learner, children } = await newFamilyInBatch(testApp.app, testApp.db, batchId, clock);
    return { learner, children: children.map((child) => ({ name: child.name, placeId: child.batchStudentId, removed: false })) };
  }

  const paymentIdFor = (pay: Gateway) =>
    `${pay === 'refundfail' ? sandboxRefundRules.failsPrefix : pay === 'refundpend' ? sandboxRefundRules.pendingPrefix : 'pay_sbx_'}${randomBytes(7).toString('hex')}`;

  async function packsOf(placeId: string): Promise<PackFigures[]> {
    const { rows } = await sql<PackFigures>`
      select bsp.id, bsp.status, to_char(bsp.valid_from, 'YYYY-MM-DD') as "from", to_char(bsp.valid_until, 'YYYY-MM-DD') as "until",
             bsp.classes_total as total, bsp.validity_days as validity, bsp.extra_days as "extraDays",
             coalesce(-sum(le.amount_paise) filter (where le.kind = 'class_pack_purchase'), 0)::int as price,
             coalesce(sum(le.classes_delta), 0)::int as held,
             coalesce(-sum(le.classes_delta) filter (where le.kind in ('class_consumed', 'class_returned')), 0)::int as used,
             coalesce(-sum(le.classes_delta) filter (where le.kind = 'adjustment'), 0)::int as "givenBack",
             count(le.id) filter (where le.kind = 'adjustment' and le.classes_delta < 0)::int as "givenBackTimes",
             coalesce(sum(le.amount_paise) filter (where le.kind = 'adjustment'), 0)::int
               -- The part of a cancelled pack paid with credit comes back as credit on its own refund, with no pack on its entry.
               + (select coalesce(sum(a.amount_paise), 0) from ledger_entries a join refunds r on r.id = a.refund_id
                   where r.batch_student_plan_id = bsp.id and r.method = 'credit' and a.kind = 'adjustment' and a.batch_student_plan_id is null)::int as credited,
             (select to_char(max(cs.occurs_on), 'YYYY-MM-DD') from ledger_entries c join class_sessions cs on cs.id = c.session_id
               where c.batch_student_plan_id = bsp.id and c.kind = 'class_consumed' and c.classes_delta < 0
                 and not exists (select 1 from ledger_entries r where r.answers_entry_id = c.id)) as "lastClass"
      from batch_student_plans bsp
      left join ledger_entries le on le.batch_student_plan_id = bsp.id
      where bsp.batch_student_id = ${placeId} and bsp.status <> 'pending'
      group by bsp.id
      order by bsp.valid_from nulls last, bsp.seq`.execute(testApp.db);
    return rows;
  }

  /** Paid = used + refunds + credit + held, to the paisa the floors keep; every refund as the sandbox rule says. */
  async function checkFamily(accountId: string, children: Child[], paid: number, settled: Map<string, string>, goodwill: Map<string, number>): Promise<void> {
    let used = 0;
    let held = 0;
    let kept = 0;
    let keptAllowed = 0;
    let gifted = 0;
    let balance = 0;
    for (const child of children) {
      for (const pack of await packsOf(child.placeId)) {
        if (pack.price === 0) continue;
        expect(pack.used + pack.held + pack.givenBack).toBe(pack.total);
        expect(pack.held).toBeGreaterThanOrEqual(0);
        used += (pack.used * pack.price) / pack.total;
        held += (pack.held * pack.price) / pack.total;
        const exact = (pack.givenBack * pack.price) / pack.total;
        // An admin's refund of an amount takes no class: it is money on top of what the classes are worth.
        const given = goodwill.get(pack.id) ?? 0;
        pack.credited -= given;
        gifted += given;
        // What came back for the pack's classes is the floor of their value each time some came off: never
        // more, and under a paisa less each time (a class refunded, then the rest on a plan change: two floors).
        expect(pack.credited).toBeLessThanOrEqual(exact + 1e-9);
        expect(exact - pack.credited).toBeLessThan(Math.max(1, pack.givenBackTimes));
        kept += exact - pack.credited;
        keptAllowed += pack.givenBack > 0 ? Math.max(1, pack.givenBackTimes) : 0;
        // A class still held is on a pack the family can use or one that lapsed (a plan change then replaces it
        // and credits nothing), never on one replaced or cancelled while it could still be used.
        if (pack.held > 0 && pack.status !== 'active') expect((pack.until ?? '') < today()).toBe(true);
      }
      const owed = await sql<{ owed: number; money: number }>`
        select coalesce(-sum(amount_paise) filter (where kind in ('class_consumed', 'class_returned')), 0)::int as owed,
               coalesce(sum(amount_paise), 0)::int as money
        from ledger_entries where batch_student_id = ${child.placeId}`.execute(testApp.db);
      used += Number(owed.rows[0]?.owed ?? 0);
      balance += Number(owed.rows[0]?.money ?? 0);
      // The register and the ledger agree on how many classes were taken.
      const marks = await testApp.db
        .selectFrom('session_attendance')
        .select(sql<number>`count(*)::int`.as('count'))
        .where('batch_student_id', '=', child.placeId)
        .where('status', '=', 'attended')
        .executeTakeFirstOrThrow();
      const taken = await sql<{ count: number }>`
        select coalesce(sum(case when classes_delta <> 0 then -classes_delta when kind = 'class_consumed' then 1 else -1 end), 0)::int as count
        from ledger_entries where batch_student_id = ${child.placeId} and kind in ('class_consumed', 'class_returned')`.execute(testApp.db);
      expect(Number(taken.rows[0]?.count)).toBe(Number(marks.count));
    }
    // Each refund's fate is the gateway's: refused for a refundfail payment, pending for refundpend until a webhook, else sent.
    const refunds = await testApp.db
      .selectFrom('refunds as r')
      .leftJoin('payments as p', 'p.id', 'r.payment_id')
      .select(['r.id', 'r.method', 'r.status', 'r.amount_paise', 'p.gateway_payment_id'])
      .where('r.learner_account_id', '=', accountId)
      .execute();
    let refundsOut = 0;
    for (const refund of refunds) {
      if (refund.method === 'credit') {
        expect(refund.status).toBe('succeeded');
        continue;
      }
      const payment = refund.gateway_payment_id ?? '';
      const expected = payment.startsWith(sandboxRefundRules.failsPrefix)
        ? 'failed'
        : payment.startsWith(sandboxRefundRules.pendingPrefix)
          ? (settled.get(refund.id) ?? 'pending')
          : 'succeeded';
      expect(refund.status).toBe(expected);
      if (refund.status !== 'failed') refundsOut += refund.amount_paise;
      // Sent to the gateway once, with its own key.
      const sent = await testApp.db.selectFrom('sandbox_refunds').select(['amount_paise']).where('idempotency_key', '=', gatewayRefundKey(refund.id)).execute();
      expect(sent.map((row) => row.amount_paise)).toEqual([refund.amount_paise]);
    }
    const captured = await testApp.db
      .selectFrom('payments as p')
      .innerJoin('orders as o', 'o.id', 'p.order_id')
      .select(sql<number>`coalesce(sum(p.amount_paise), 0)::int`.as('total'))
      .where('o.learner_account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    expect(Number(captured.total)).toBe(paid);
    const roundingKept = paid + gifted - (used + held + refundsOut + balance);
    expect(roundingKept).toBeCloseTo(kept, 6);
    expect(roundingKept).toBeGreaterThan(-1e-6);
    expect(roundingKept).toBeLessThan(keptAllowed + 1e-6);
  }

  /** At most one pack in use and one waiting; the waiting one starts right after the one in use ends. */
  async function checkPacks(child: Child): Promise<void> {
    const day = today();
    const packs = (await packsOf(child.placeId)).filter((pack) => pack.status === 'active' && pack.from && pack.until);
    const inUse = packs.filter((pack) => (pack.from ?? '') <= day && day <= (pack.until ?? '') && pack.held > 0);
    const waiting = packs.filter((pack) => (pack.from ?? '') > day);
    expect(inUse.length).toBeLessThanOrEqual(1);
    expect(waiting.length).toBeLessThanOrEqual(1);
    let previousEnd: string | null = null;
    for (const pack of packs) {
      expect(Math.round((Date.parse(pack.until ?? '') - Date.parse(pack.from ?? '')) / DAY) + 1).toBe(pack.validity + pack.extraDays);
      if (previousEnd !== null) {
        expect((pack.from ?? '') > previousEnd).toBe(true);
        if (pack === waiting[0]) expect(pack.from).toBe(addDaysToDateKey(previousEnd, 1));
      }
      previousEnd = pack.held === 0 && pack.lastClass && pack.lastClass < (pack.until ?? '') ? pack.lastClass : (pack.until ?? '');
    }
  }

  /**
   * A pack that lapsed with classes in it had every class the teacher called off in its days given back. Classes
   * called off before the pack was bought are not counted: the family bought it knowing those days.
   */
  async function checkLapses(batchId: string, child: Child): Promise<void> {
    const { rows } = await sql<{ count: number }>`
      select count(*)::int as count from batch_student_plans bsp
      join class_sessions cs on cs.batch_id = ${batchId} and cs.status = 'cancelled'
        and cs.occurs_on between bsp.valid_from and bsp.valid_until
      where bsp.batch_student_id = ${child.placeId} and bsp.status = 'active' and bsp.valid_until < ${today()}
        and (select coalesce(sum(classes_delta), 0) from ledger_entries le where le.batch_student_plan_id = bsp.id) > 0
        and cs.cancelled_at > bsp.created_at
        and not exists (select 1 from pack_extensions x where x.session_id = cs.id and x.batch_student_id = ${child.placeId})`.execute(testApp.db);
    expect(rows[0]?.count).toBe(0);
  }

  /** A class called off moves the last day of every pack holding classes that covered it. */
  async function callOff(children: Child[], cancel: () => Promise<{ statusCode: number }>, days: string[]) {
    const before = new Map<string, PackFigures>();
    for (const child of children) for (const pack of await packsOf(child.placeId)) before.set(pack.id, pack);
    const response = await cancel();
    if (response.statusCode >= 300) return;
    for (const child of children) {
      for (const pack of await packsOf(child.placeId)) {
        const was = before.get(pack.id);
        if (!was || was.status !== 'active' || was.held === 0 || !was.from || !was.until) continue;
        const lost = days.filter((day) => day >= (was.from ?? '') && day <= (was.until ?? '')).length;
        if (lost > 0) expect(Date.parse(pack.until ?? '') - Date.parse(was.until)).toBeGreaterThanOrEqual(lost * DAY);
      }
    }
  }

  /** Of these days, those whose class has not started: the classes calling them off loses (one started, or called off before, is not lost). */
  const stillToCome = async (batchId: string, days: string[]) =>
    (
      await testApp.db
        .selectFrom('class_sessions')
        .select(sql<string>`to_char(occurs_on, 'YYYY-MM-DD')`.as('day'))
        .where('batch_id', '=', batchId)
        .where('occurs_on', 'in', days)
        .where('status', '=', 'scheduled')
        .where('starts_at', '>', clock)
        .execute()
    ).map((row) => row.day);

  const scheduled = async (batchId: string, day: string, at: string) => {
    await testApp.db
      .insertInto('class_sessions')
      .values({ batch_id: batchId, occurs_on: day, starts_at: `${day}T${at}:00+05:30`, ends_at: `${day}T${at.slice(0, 2)}:59:00+05:30`, status: 'scheduled' })
      .onConflict((conflict) => conflict.columns(['batch_id', 'occurs_on']).doNothing())
      .execute();
    return testApp.db
      .selectFrom('class_sessions')
      .select(['id', 'status'])
      .where('batch_id', '=', batchId)
      .where('occurs_on', '=', day)
      .executeTakeFirstOrThrow();
  };

  /** Sequences always run first: edges the random ones reach only now and then. */
  const edges: Command[][] = [
    // A refund after the teacher was paid out: recovered from the teacher, never from the family.
    [
      { kind: 'buy', student: 0, plan: 0, pay: 'ok' },
      { kind: 'later', days: 8 },
      { kind: 'payout' },
      { kind: 'cancel-pack', student: 0, which: 0, toCredit: false },
      { kind: 'buy', student: 1, plan: 1, pay: 'ok' },
    ],
    // A pending refund that the bank later refuses: the money stays with the family as credit, and with the teacher.
    [
      { kind: 'buy', student: 1, plan: 2, pay: 'refundpend' },
      { kind: 'attend', present: [false, true] },
      { kind: 'cancel-pack', student: 1, which: 0, toCredit: false },
      { kind: 'settle-refund', which: 0, processed: false },
    ],
    // The teacher asks again after the batch ended; a request sent before it cannot be paid either.
    [
      { kind: 'buy', student: 0, plan: 0, pay: 'ok' },
      { kind: 'end-batch' },
      { kind: 'request', student: 0, plan: 1, pay: 'ok' },
      { kind: 'buy', student: 0, plan: 1, pay: 'ok' },
    ],
    // An admin refunds a class and then an amount of the same pack, as money and as credit.
    [
      { kind: 'buy', student: 0, plan: 1, pay: 'ok' },
      { kind: 'attend', present: [true, false] },
      { kind: 'admin-refund', student: 0, which: 0, refund: 'class', rupees: 1, toCredit: false },
      { kind: 'admin-refund', student: 0, which: 0, refund: 'amount', rupees: 500, toCredit: true },
    ],
    // A mark corrected after the pack it used was cancelled, and after it was replaced by a plan change.
    [
      { kind: 'buy', student: 0, plan: 0, pay: 'ok' },
      { kind: 'attend', present: [true, true] },
      { kind: 'cancel-pack', student: 0, which: 0, toCredit: true },
      { kind: 'correct', which: 0 },
    ],
    [
      { kind: 'buy', student: 1, plan: 0, pay: 'ok' },
      { kind: 'attend', present: [false, true] },
      { kind: 'change', student: 1, plan: 2, pay: 'ok' },
      { kind: 'correct', which: 1 },
    ],
  ];

  test('each family’s money and classes add up, each teacher’s balance is earned − paid out, and no class lapses for the teacher', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 3, maxLength: 14 }), async (commands) => {
        const { batchId, plans } = await newBatch();
        const { learner, children } = await family(batchId);
        let call = learner.call;
        let teacher = await teacherCall();
        const start = await overview(teacher);
        const marks: Mark[] = [];
        const settled = new Map<string, string>();
        const goodwill = new Map<string, number>();
        let paid = 0;
        let paymentsNet = 0;
        let paidOut = 0;
        let ended = false;

        async function pay(order: CheckoutOrder, how: Gateway): Promise<void> {
          if (order.status === 'paid') return;
          expect((await payOrder(testApp.app, call, order, paymentIdFor(how))).statusCode).toBe(200);
          paid += order.amountPaise;
          paymentsNet += net(order.amountPaise, clock);
        }

        async function checkTeacher(): Promise<void> {
          const refunded = await testApp.db
            .selectFrom('refunds')
            .select(['amount_paise', 'created_at'])
            .where('learner_account_id', '=', learner.accountId)
            .where('method', '=', 'original')
            .where('status', '<>', 'failed')
            .execute();
          const refundsNet = refunded.reduce((sum, row) => sum + net(row.amount_paise, row.created_at), 0);
          const now = await overview(teacher);
          const earned = start.earnedPaise + paymentsNet - refundsNet;
          expect(now.earnedPaise).toBe(Math.max(0, earned));
          expect(now.refundedPaise).toBe(start.refundedPaise + refundsNet);
          expect(now.paidOutPaise).toBe(start.paidOutPaise + paidOut);
          // earned − paid out is the balance: payable and held, less what refunds after a payout still take back.
          expect(now.payablePaise + now.heldPaise - now.toRecoverPaise).toBe(earned - now.paidOutPaise);
          const ledger = await sql<{ total: number }>`
            select coalesce(sum(e.amount_paise), 0)::int as total from payout_ledger_entries e
            join payouts p on p.id = e.payout_id
            join teachers t on t.id = p.teacher_id where t.phone = ${teacherPhone}`.execute(testApp.db);
          expect(0 - Number(ledger.rows[0]?.total ?? 0)).toBe(now.paidOutPaise);
        }

        for (const step of commands) {
          const child = 'student' in step ? (children[step.student] ?? children[0]!) : children[0]!;
          if (step.kind === 'later') {
            clock = new Date(clock.getTime() + step.days * DAY);
            call = await signInAgain(testApp.app, learner);
            teacher = await teacherCall();
          } else if (step.kind === 'buy') {
            const response = await postWithKey(call, `/v1/payments/batch-student/${child.placeId}/class-pack/${plans[step.plan]?.id}`);
            if (child.removed) expect(response.statusCode).toBeGreaterThanOrEqual(400);
            else expect([201, 409]).toContain(response.statusCode);
            if (response.statusCode === 201) await pay(response.json() as CheckoutOrder, step.pay);
          } else if (step.kind === 'change') {
            const response = await call(
              'PUT',
              `/v1/class/change-plan/batch-student/${child.placeId}`,
              { batchStudentClasspackPlanID: plans[step.plan]?.id },
              { 'idempotency-key': key() },
            );
            if (child.removed) expect(response.statusCode).toBeGreaterThanOrEqual(400);
            else expect([200, 409]).toContain(response.statusCode);
            const result = response.statusCode === 200 ? (response.json() as ChangePlanResult) : null;
            if (result?.order) await pay(result.order, step.pay);
          } else if (step.kind === 'request') {
            const asked = await teacher('POST', '/v1/class/batch-student-payment-request', {
              batchStudentId: child.placeId,
              classPackPlanId: plans[step.plan]?.id,
            });
            if (child.removed) expect(asked.statusCode).toBeGreaterThanOrEqual(400);
            else expect([201, 409]).toContain(asked.statusCode);
            if (asked.statusCode === 201) {
              const order = await postWithKey(call, `/v1/payments/payment-request/${(asked.json() as PaymentRequest).id}/payments`);
              expect([201, 409]).toContain(order.statusCode);
              if (order.statusCode === 201) await pay(order.json() as CheckoutOrder, step.pay);
            }
          } else if (step.kind === 'link') {
            if (child.removed) continue;
            const owner = await selectBatchesWithTeacher(testApp.db).select('t.id').where('b.id', '=', batchId).executeTakeFirstOrThrow();
            const link = await testApp.db
              .insertInto('payment_links')
              .values({
                teacher_id: owner.id,
                learner_phone: learner.phone,
                batch_student_id: child.placeId,
                amount_paise: step.rupees * 100,
                description: 'Costume for the recital',
                expires_at: new Date(clock.getTime() + DAY),
                created_at: clock,
              })
              .returning('id')
              .executeTakeFirstOrThrow();
            const order = await postWithKey(call, `/v1/payments/payment-link/${link.id}/payments`);
            expect(order.statusCode).toBe(201);
            await pay(order.json() as CheckoutOrder, step.pay);
          } else if (step.kind === 'attend') {
            const here = children.filter((candidate) => !candidate.removed);
            if (here.length > 0) {
              const session = await scheduled(batchId, today(), '08:00');
              const records = here.map((candidate) => ({
                batchStudentId: candidate.placeId,
                status: step.present[children.indexOf(candidate)] ? 'attended' : 'missed',
              }));
              const response = await teacher('POST', `/v1/class/sessions/${session.id}/attendance`, { records });
              if (session.status === 'cancelled') expect(response.json()).toMatchObject({ code: 'SESSION_CANCELLED' });
              else if (response.statusCode === 409)
                expect(response.json()).toMatchObject({ code: expect.stringMatching(/SESSION_NOT_STARTED|ATTENDANCE_ALREADY_MARKED/) });
              else {
                expect(response.statusCode).toBe(200);
                for (const record of records) {
                  const marked = children.find((candidate) => candidate.placeId === record.batchStudentId)!;
                  marks.push({ sessionId: session.id, day: today(), child: marked, attended: record.status === 'attended' });
                }
              }
            }
            clock = new Date(clock.getTime() + DAY);
            teacher = await teacherCall();
            call = await signInAgain(testApp.app, learner);
          } else if (step.kind === 'correct') {
            const mark = marks[step.which % Math.max(marks.length, 1)];
            if (!mark) continue;
            const response = await teacher('PUT', `/v1/class/sessions/${mark.sessionId}/attendance/${mark.child.placeId}`, {
              status: mark.attended ? 'missed' : 'attended',
            });
            if (today() > addDaysToDateKey(mark.day, 1)) expect(response.json()).toMatchObject({ code: 'ATTENDANCE_CORRECTION_CLOSED' });
            else expect(response.statusCode).toBe(200);
            if (response.statusCode === 200) mark.attended = !mark.attended;
          } else if (step.kind === 'call-off') {
            const day = addDaysToDateKey(today(), step.ahead);
            const session = await scheduled(batchId, day, '17:00');
            await callOff(
              children,
              () => teacher('POST', `/v1/class/sessions/${session.id}/cancel`, { reason: 'Teacher unwell' }),
              await stillToCome(batchId, [day]),
            );
          } else if (step.kind === 'holiday') {
            const startsOn = addDaysToDateKey(today(), step.ahead);
            const days = Array.from({ length: step.days }, (_, index) => addDaysToDateKey(startsOn, index));
            for (const day of days) await scheduled(batchId, day, '17:00');
            const lost = await stillToCome(batchId, days);
            await callOff(
              children,
              () => teacher('POST', `/v1/class/batches/${batchId}/holidays`, { startsOn, endsOn: days.at(-1), reason: 'Festival' }),
              lost,
            );
          } else if (step.kind === 'cancel-pack') {
            const packs = (await packsOf(child.placeId)).filter((pack) => pack.status === 'active');
            const pack = packs[step.which % Math.max(packs.length, 1)];
            if (!pack) continue;
            const quote = await call('GET', `/v1/class-packs/${pack.id}/cancellation`);
            expect(quote.statusCode).toBe(200);
            const { amountPaise, cancellable } = quote.json() as CancellationQuote;
            const response = await postWithKey(call, `/v1/class-packs/${pack.id}/cancel`, {
              method: step.toCredit ? 'credit' : 'original',
              expectedAmountPaise: amountPaise,
            });
            if (!cancellable) expect(response.statusCode).toBe(409);
            else {
              expect(response.statusCode).toBe(201);
              const { refunds } = response.json() as CancelPackResult;
              expect(refunds.reduce((sum, refund) => sum + refund.amountPaise, 0)).toBe(amountPaise);
            }
          } else if (step.kind === 'settle-refund') {
            const pending = await testApp.db
              .selectFrom('refunds')
              .select(['id', 'gateway_refund_id', 'amount_paise'])
              .where('learner_account_id', '=', learner.accountId)
              .where('status', '=', 'pending')
              .orderBy('created_at')
              .execute();
            const refund = pending[step.which % Math.max(pending.length, 1)];
            if (!refund) continue;
            const sandbox = testApp.app.payments.sandbox!;
            const event = step.processed ? 'refund.processed' : 'refund.failed';
            const entity = {
              id: refund.gateway_refund_id,
              entity: 'refund',
              amount: refund.amount_paise,
              status: step.processed ? 'processed' : 'failed',
              notes: { refund_id: refund.id },
            };
            const raw = JSON.stringify({ entity: 'event', event, payload: { refund: { entity } } });
            const response = await testApp.app.inject({
              method: 'POST',
              url: '/v1/payments/webhooks/sandbox',
              headers: {
                'content-type': 'application/json',
                'x-razorpay-signature': sandbox.signWebhook(raw),
                'x-razorpay-event-id': `evt_${randomBytes(7).toString('hex')}`,
              },
              payload: raw,
            });
            expect(response.statusCode).toBe(200);
            settled.set(refund.id, step.processed ? 'succeeded' : 'failed');
          } else if (step.kind === 'admin-refund') {
            const packs = (await packsOf(child.placeId)).filter((pack) => pack.status === 'active');
            const pack = packs[step.which % Math.max(packs.length, 1)];
            if (!pack) continue;
            const response = await postWithKey(await adminCall(), `/v1/admin/refunds/packs/${pack.id}/refund`, {
              kind: step.refund,
              method: step.toCredit ? 'credit' : 'original',
              reason: 'The class did not happen',
              ...(step.refund === 'amount' ? { amountPaise: step.rupees * 100 } : {}),
            });
            expect([201, 409]).toContain(response.statusCode);
            if (response.statusCode === 201 && step.refund === 'amount') {
              const { refunds } = response.json() as CancelPackResult;
              goodwill.set(pack.id, (goodwill.get(pack.id) ?? 0) + refunds.reduce((sum, refund) => sum + refund.amountPaise, 0));
            }
          } else if (step.kind === 'remove') {
            const response = await teacher('POST', `/v1/payments/teacher/batch-students/${child.placeId}/remove`);
            expect(response.statusCode).toBe(200);
            child.removed = true;
          } else if (step.kind === 'end-batch') {
            if (ended) continue;
            const response = await teacher('POST', `/v1/payments/teacher/batches/${batchId}/end`);
            expect(response.statusCode).toBe(200);
            for (const each of children) each.removed = true;
            ended = true;
          } else {
            const response = await teacher('POST', '/v1/payments/teacher/payouts');
            expect([200, 201, 409]).toContain(response.statusCode);
            if (response.statusCode === 201) paidOut += (response.json() as { amountPaise: number }).amountPaise;
          }

          await checkFamily(learner.accountId, children, paid, settled, goodwill);
          await checkTeacher();
          for (const each of children) {
            await checkPacks(each);
            await checkLapses(batchId, each);
          }
        }
      }),
      {
        numRuns,
        seed,
        examples: edges.map((sequence) => [sequence] as [Command[]]),
        ...(process.env.MONEY_TRUTH_PATH ? { path: process.env.MONEY_TRUTH_PATH, endOnFailure: true } : {}),
      },
    );
  }, 600_000);
});
