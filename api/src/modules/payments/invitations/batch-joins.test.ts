import { createHash } from 'node:crypto';
import type { BatchPaymentRequestCheck, CheckoutOrder, CreatedBatchInvitation, BatchInvitation } from '@kalike/shared/contracts/payments';
import type { UpcomingSessions } from '@kalike/shared/contracts/sessions';
import { batchInvitationHeader, seatHoldLimits, seatHoldMinutes } from '@kalike/shared/domain/batch-student-lifecycle';
import { sql } from 'kysely';
import { wellKnownBatchInvitation } from '../../../db/seed/payments';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app';
import { caller } from '../../../testing/enquiry-fixtures';
import { batchTeacherId } from '../../../testing/attendance-fixtures';
import { newLearner, PAYMENT_TEST_NOW, payOrder, plansOf, postWithKey, signInAgain, type Call, type LearnerFixture } from '../../../testing/payment-fixtures';
import { signIn } from '../../../testing/sign-in';

function expectError(response: { statusCode: number; json(): unknown }, statusCode: number, code: string): void {
  expect({ statusCode: response.statusCode, body: response.json() }).toEqual({ statusCode, body: { statusCode, code, message: expect.any(String) } });
}

const minutes = (count: number) => count * 60_000;

describe("joining a batch with its teacher's invitation", () => {
  let testApp: TestApp;
  let clock = PAYMENT_TEST_NOW;
  /** An online batch with class packs, and its teacher signed in. */
  let batchId: string;
  let otherBatchId: string;
  let teacher: Call;
  let address = 0;

  const checkUrl = (id: string) => `/v1/class/validate-payment-request/batch/${id}`;
  /** The check carries the invitation in a header, so it never reaches a request log. */
  const invited = (invitation: string) => ({ [batchInvitationHeader]: invitation });
  const joinUrl = (id: string) => `/v1/class/validate-payment-request/batch/${id}/join`;
  const seatsTaken = async (id: string) =>
    (await testApp.db.selectFrom('batches').select('seats_taken').where('id', '=', id).executeTakeFirstOrThrow()).seats_taken;
  const placesOf = (learner: LearnerFixture, id: string) =>
    testApp.db
      .selectFrom('batch_students')
      .select(['id', 'status', 'hold_expires_at'])
      .where('learner_account_id', '=', learner.accountId)
      .where('batch_id', '=', id)
      .execute();

  async function signedInTeacherOf(id: string): Promise<Call> {
    const teacherId = await batchTeacherId(testApp.db, id);
    const row = await testApp.db.selectFrom('users as u').select('u.phone').where('u.teacher_id', '=', teacherId).executeTakeFirstOrThrow();
    return caller(testApp.app, (await signIn(testApp.app, row.phone, `10.77.0.${++address}`)).tokens.accessToken);
  }

  async function invite(id: string, body: object = {}): Promise<CreatedBatchInvitation> {
    const response = await teacher('POST', `/v1/class/batches/${id}/invitations`, body);
    expect(response.statusCode).toBe(201);
    return response.json() as CreatedBatchInvitation;
  }

  /** Room for `free` more learners in the batch. */
  async function freeUp(id: string, free: number): Promise<void> {
    await testApp.db
      .updateTable('batches')
      .set((eb) => ({ seats_taken: sql<number>`greatest(0, ${eb.ref('capacity')} - ${free})` }))
      .where('id', '=', id)
      .execute();
    await testApp.db.updateTable('batch_students').set({ status: 'released' }).where('batch_id', '=', id).where('status', '=', 'held').execute();
  }

  beforeAll(async () => {
    testApp = await buildTestApp({ now: () => clock, payments: { sandboxWebhookDelayMs: 60_000 } });
    const online = await testApp.db
      .selectFrom('batches as b')
      .select('b.id')
      .where('b.place', '=', 'online')
      .where('b.online_link', 'is not', null)
      .where((eb) =>
        eb.exists(eb.selectFrom('class_pack_plans as cpp').select('cpp.id').whereRef('cpp.batch_id', '=', 'b.id').where('cpp.price_paise', '>', 0)),
      )
      .orderBy('b.id')
      .executeTakeFirstOrThrow();
    batchId = online.id;
    teacher = await signedInTeacherOf(batchId);
    const teacherId = await batchTeacherId(testApp.db, batchId);
    const other = await testApp.db
      .selectFrom('batches as b')
      .innerJoin('programs as p', 'p.id', 'b.program_id')
      .innerJoin('teacher_listings as l', 'l.id', 'p.listing_id')
      .select('b.id')
      .where('l.teacher_id', '=', teacherId)
      .where('b.id', '!=', batchId)
      .orderBy('b.id')
      .executeTakeFirstOrThrow();
    otherBatchId = other.id;
  });

  beforeEach(async () => {
    clock = PAYMENT_TEST_NOW;
    await freeUp(batchId, 3);
  });

  afterAll(async () => {
    await testApp.close();
  });

  test('without an invitation nobody joins: the check and the join are refused and nothing changes', async () => {
    const learner = await newLearner(testApp.app);
    const before = await seatsTaken(batchId);
    expectError(await learner.call('GET', checkUrl(batchId)), 403, 'BATCH_INVITATION_REQUIRED');
    expectError(await learner.call('POST', joinUrl(batchId), {}), 403, 'BATCH_INVITATION_REQUIRED');
    expectError(await learner.call('POST', joinUrl(batchId)), 400, 'VALIDATION_ERROR');
    expectError(await learner.call('POST', joinUrl(batchId), { invitation: '' }), 400, 'VALIDATION_ERROR');
    expect(await seatsTaken(batchId)).toBe(before);
    expect(await placesOf(learner, batchId)).toEqual([]);
  });

  test("only the batch's teacher invites; the link carries a token the database never stores", async () => {
    const learner = await newLearner(testApp.app);
    expectError(await learner.call('POST', `/v1/class/batches/${batchId}/invitations`, {}), 403, 'FORBIDDEN');
    const stranger = await testApp.db
      .selectFrom('batches')
      .select('id')
      .where('id', 'not in', [batchId, otherBatchId])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    if ((await batchTeacherId(testApp.db, stranger.id)) !== (await batchTeacherId(testApp.db, batchId))) {
      expectError(await teacher('POST', `/v1/class/batches/${stranger.id}/invitations`, {}), 404, 'BATCH_NOT_FOUND');
    }
    expectError(await teacher('POST', `/v1/class/batches/${batchId}/invitations`, { expiresInDays: 90 }), 400, 'VALIDATION_ERROR');

    const created = await invite(batchId, { expiresInDays: 2, maxUses: 5 });
    expect(created).toMatchObject({
      batchId,
      state: 'open',
      maxUses: 5,
      uses: 0,
      revokedAt: null,
      expiresAt: new Date(clock.getTime() + 2 * 86_400_000).toISOString(),
    });
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.url).toMatch(new RegExp(`/batch-payment-request/${batchId}\\?invitation=${created.token}$`));
    const stored = await testApp.db.selectFrom('batch_invitations').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(createHash('sha256').update(created.token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(created.token);
    const listed = (await teacher('GET', `/v1/class/batches/${batchId}/invitations`)).json() as BatchInvitation[];
    expect(listed.find((row) => row.id === created.id)).toEqual(expect.objectContaining({ id: created.id, uses: 0, maxUses: 5 }));
    expect(JSON.stringify(listed)).not.toContain(created.token);
  });

  test("unknown, malformed, another batch's, revoked, expired and used-up invitations are refused with their reason and change nothing", async () => {
    const learner = await newLearner(testApp.app);
    const before = await seatsTaken(batchId);
    const forOther = await invite(otherBatchId);
    const refused = async (token: string, statusCode: number, code: string) => {
      expectError(await learner.call('GET', checkUrl(batchId), undefined, invited(token)), statusCode, code);
      expectError(await learner.call('POST', joinUrl(batchId), { invitation: token }), statusCode, code);
    };
    await refused('A'.repeat(43), 403, 'BATCH_INVITATION_INVALID');
    await refused('not a token', 403, 'BATCH_INVITATION_INVALID');
    await refused(forOther.token, 403, 'BATCH_INVITATION_INVALID');

    const revoked = await invite(batchId);
    expect((await teacher('DELETE', `/v1/class/batches/${batchId}/invitations/${revoked.id}`)).json()).toMatchObject({
      id: revoked.id,
      state: 'revoked',
      revokedAt: clock.toISOString(),
    });
    await refused(revoked.token, 403, 'BATCH_INVITATION_INVALID');

    const shortLived = await invite(batchId, { expiresInDays: 1 });
    clock = new Date(PAYMENT_TEST_NOW.getTime() + 86_400_000);
    const later = await signInAgain(testApp.app, learner);
    expectError(await later('GET', checkUrl(batchId), undefined, invited(shortLived.token)), 410, 'BATCH_INVITATION_EXPIRED');
    expectError(await later('POST', joinUrl(batchId), { invitation: shortLived.token }), 410, 'BATCH_INVITATION_EXPIRED');

    clock = PAYMENT_TEST_NOW;
    const once = await invite(batchId, { maxUses: 1 });
    const first = await newLearner(testApp.app);
    expect((await first.call('POST', joinUrl(batchId), { invitation: once.token })).json()).toMatchObject({ valid: true, batchStudentId: expect.any(String) });
    await refused(once.token, 409, 'BATCH_INVITATION_USED_UP');
    const states = new Map(((await teacher('GET', `/v1/class/batches/${batchId}/invitations`)).json() as BatchInvitation[]).map((row) => [row.id, row.state]));
    expect([states.get(once.id), states.get(revoked.id), states.get(shortLived.id)]).toEqual(['used_up', 'revoked', 'open']);

    expect(await seatsTaken(batchId)).toBe(before + 1);
    expect(await placesOf(learner, batchId)).toEqual([]);
  });

  test('joining holds a seat for a while; unpaid, the seat is free again at the deadline, before and after the sweep', async () => {
    await freeUp(batchId, 1);
    const { token } = await invite(batchId);
    const learner = await newLearner(testApp.app);
    expect((await learner.call('GET', checkUrl(batchId), undefined, invited(token))).json()).toMatchObject({
      valid: true,
      batchStudentId: null,
      batch: { seatsLeft: 1 },
    });
    const joined = (await learner.call('POST', joinUrl(batchId), { invitation: token })).json() as BatchPaymentRequestCheck;
    const deadline = new Date(clock.getTime() + minutes(seatHoldMinutes)).toISOString();
    expect(joined).toMatchObject({ valid: true, batchStudentId: expect.any(String), holdExpiresAt: deadline });
    expect(await placesOf(learner, batchId)).toEqual([{ id: joined.batchStudentId, status: 'held', hold_expires_at: new Date(deadline) }]);
    // Joining again keeps the same place; the batch is now full for others.
    expect((await learner.call('POST', joinUrl(batchId), { invitation: token })).json()).toMatchObject({ batchStudentId: joined.batchStudentId });
    const late = await newLearner(testApp.app);
    expect((await late.call('POST', joinUrl(batchId), { invitation: token })).json()).toMatchObject({ valid: false, message: expect.stringContaining('full') });

    // The deadline passes unpaid: the seat is free at once, with no sweep yet.
    clock = new Date(PAYMENT_TEST_NOW.getTime() + minutes(seatHoldMinutes) + 1);
    const lateAgain = await signInAgain(testApp.app, late);
    expect((await lateAgain('GET', checkUrl(batchId), undefined, invited(token))).json()).toMatchObject({ valid: true, batch: { seatsLeft: 1 } });
    const learnerAgain = await signInAgain(testApp.app, learner);
    expectError(
      await postWithKey(learnerAgain, `/v1/payments/batch-student/${joined.batchStudentId}/class-pack/${(await plansOf(testApp.db, batchId))[0]?.id}`),
      409,
      'SEAT_HOLD_EXPIRED',
    );

    // The sweep gives the seat back in the shown counts too, and the lapsed place reads released.
    const taken = await seatsTaken(batchId);
    expect(await testApp.app.payments.releaseLapsedHolds(clock)).toBeGreaterThanOrEqual(1);
    expect(await seatsTaken(batchId)).toBe(taken - 1);
    expect(await placesOf(learner, batchId)).toEqual([expect.objectContaining({ status: 'released' })]);
    const balances = (await learnerAgain('GET', '/v1/ledgers/learners/balances')).json() as { balances: { batchStudent: { id: string } }[] };
    expect(balances.balances.map((row) => row.batchStudent.id)).not.toContain(joined.batchStudentId);
    expect(await testApp.app.payments.releaseLapsedHolds(clock)).toBe(0);
    const taker = (await lateAgain('POST', joinUrl(batchId), { invitation: token })).json() as BatchPaymentRequestCheck;
    expect(taker).toMatchObject({ valid: true, batchStudentId: expect.any(String) });
  });

  test('the upcoming sessions leave out the room for a held seat and give it once a class pack is paid, which makes the place active', async () => {
    const { token } = await invite(batchId);
    const learner = await newLearner(testApp.app);
    const joined = (await learner.call('POST', joinUrl(batchId), { invitation: token })).json() as BatchPaymentRequestCheck;
    const batchStudentId = joined.batchStudentId ?? '';
    const roomOf = async (call: Call) => {
      const upcoming = (await call('GET', '/v1/class/sessions/learner/upcoming?days=28')).json() as UpcomingSessions;
      return upcoming.batches.find((entry) => entry.batch.id === batchId)?.batch.place;
    };
    expect(await roomOf(learner.call)).toEqual({
      kind: 'online',
      name: 'Online',
      joinUrl: null,
      withheld: { reason: 'seat_held_unpaid', message: expect.stringContaining('held until') },
    });

    // The checkout keeps the seat while its order can be paid.
    clock = new Date(PAYMENT_TEST_NOW.getTime() + minutes(seatHoldMinutes - 1));
    const payer = await signInAgain(testApp.app, learner);
    const plan = (await plansOf(testApp.db, batchId)).find((candidate) => candidate.pricePaise > 0);
    const order = (await postWithKey(payer, `/v1/payments/batch-student/${batchStudentId}/class-pack/${plan?.id}`)).json() as CheckoutOrder;
    expect(order.gatewayOrderId).toEqual(expect.any(String));
    const [held] = await placesOf(learner, batchId);
    expect(new Date(held?.hold_expires_at ?? 0).getTime()).toBeGreaterThan(clock.getTime() + minutes(seatHoldMinutes - 2));

    clock = new Date(PAYMENT_TEST_NOW.getTime() + minutes(seatHoldMinutes + 5));
    const paying = await signInAgain(testApp.app, learner);
    expect(await testApp.app.payments.releaseLapsedHolds(clock)).toBe(0);
    expect((await payOrder(testApp.app, paying, order)).statusCode).toBe(200);
    expect(await placesOf(learner, batchId)).toEqual([expect.objectContaining({ status: 'active' })]);
    const link = await testApp.db.selectFrom('batches').select('online_link').where('id', '=', batchId).executeTakeFirstOrThrow();
    expect(await roomOf(paying)).toEqual({ kind: 'online', name: 'Online', joinUrl: link.online_link, withheld: null });
  });

  test('a paid place whose pack is used up or lapsed sees the sessions without the room', async () => {
    const learner = await newLearner(testApp.app);
    await testApp.db
      .insertInto('batch_students')
      .values({ batch_id: batchId, learner_account_id: learner.accountId, status: 'active', created_at: clock })
      .execute();
    const upcoming = (await learner.call('GET', '/v1/class/sessions/learner/upcoming?days=28')).json() as UpcomingSessions;
    expect(upcoming.batches.find((entry) => entry.batch.id === batchId)?.batch.place).toEqual({
      kind: 'online',
      name: 'Online',
      joinUrl: null,
      withheld: { reason: 'no_usable_pack', message: expect.stringContaining('class pack') },
    });
  });

  test(`a learner holds at most ${seatHoldLimits.concurrentHolds} unpaid seats at once and joins at most ${seatHoldLimits.perDay} times a day`, async () => {
    const learner = await newLearner(testApp.app);
    const batches = await testApp.db
      .selectFrom('batches')
      .select('id')
      .orderBy('id')
      .limit(seatHoldLimits.perDay + 2)
      .execute();
    const tokens = new Map<string, string>();
    for (const { id } of batches) {
      await freeUp(id, 3);
      const teacherOf = await signedInTeacherOf(id);
      tokens.set(id, ((await teacherOf('POST', `/v1/class/batches/${id}/invitations`, {})).json() as CreatedBatchInvitation).token);
    }
    const join = (call: Call, id: string) => call('POST', joinUrl(id), { invitation: tokens.get(id) });
    const ids = batches.map((row) => row.id);
    for (const id of ids.slice(0, seatHoldLimits.concurrentHolds))
      expect((await join(learner.call, id)).json()).toMatchObject({ valid: true, batchStudentId: expect.any(String) });
    const before = await seatsTaken(ids[seatHoldLimits.concurrentHolds] ?? '');
    expectError(await join(learner.call, ids[seatHoldLimits.concurrentHolds] ?? ''), 409, 'SEAT_HOLD_LIMIT');
    expect(await seatsTaken(ids[seatHoldLimits.concurrentHolds] ?? '')).toBe(before);

    // Holds that lapse free the learner to join again, up to the daily count.
    let call: Call;
    let joined = seatHoldLimits.concurrentHolds;
    let next = seatHoldLimits.concurrentHolds;
    while (joined < seatHoldLimits.perDay) {
      clock = new Date(clock.getTime() + minutes(seatHoldMinutes) + 1);
      call = await signInAgain(testApp.app, learner);
      expect((await join(call, ids[next] ?? '')).json()).toMatchObject({ valid: true });
      joined += 1;
      next += 1;
    }
    clock = new Date(clock.getTime() + minutes(seatHoldMinutes) + 1);
    call = await signInAgain(testApp.app, learner);
    expectError(await join(call, ids[next] ?? ''), 429, 'JOIN_LIMIT_REACHED');
    clock = new Date(PAYMENT_TEST_NOW.getTime() + 86_400_000 + minutes(seatHoldMinutes * (seatHoldLimits.perDay + 2)));
    call = await signInAgain(testApp.app, learner);
    expect((await join(call, ids[next] ?? '')).json()).toMatchObject({ valid: true });
  });

  test("the seeded demo invitation lets a learner join the teacher of the day's batch", async () => {
    const seeded = await testApp.db.selectFrom('batch_invitations').select('batch_id').where('id', '=', wellKnownBatchInvitation.id).executeTakeFirstOrThrow();
    await freeUp(seeded.batch_id, 1);
    const learner = await newLearner(testApp.app);
    expect((await learner.call('GET', checkUrl(seeded.batch_id), undefined, invited(wellKnownBatchInvitation.token))).json()).toMatchObject({
      valid: true,
      batchStudentId: null,
    });
    expect((await learner.call('POST', joinUrl(seeded.batch_id), { invitation: wellKnownBatchInvitation.token })).json()).toMatchObject({
      valid: true,
      batchStudentId: expect.any(String),
    });
  });

  test('two learners racing for the last seat: exactly one holds it', async () => {
    await freeUp(batchId, 1);
    // Two invitations, so nothing but the seat count stands between the two joins.
    const tokens = [(await invite(batchId)).token, (await invite(batchId)).token];
    const [first, second] = await Promise.all([newLearner(testApp.app), newLearner(testApp.app)]);
    if (!first || !second) throw new Error('no learners');
    const before = await seatsTaken(batchId);
    const answers = await Promise.all([first, second].map((learner, index) => learner.call('POST', joinUrl(batchId), { invitation: tokens[index] })));
    const checks = answers.map((answer) => answer.json() as BatchPaymentRequestCheck);
    expect(checks.filter((check) => check.batchStudentId !== null)).toHaveLength(1);
    expect(checks.filter((check) => !check.valid && check.message.includes('full'))).toHaveLength(1);
    expect(await seatsTaken(batchId)).toBe(before + 1);
    const capacity = await testApp.db.selectFrom('batches').select(['capacity', 'seats_taken']).where('id', '=', batchId).executeTakeFirstOrThrow();
    expect(capacity.seats_taken).toBe(capacity.capacity);
  });
});
