import { sql } from 'kysely';
import { enquiryActions, enquiryLifecycle, enquiryStates, isOpenEnquiry, type EnquiryAction, type EnquiryState } from '@kalike/shared/domain/enquiry-lifecycle';
import type { EnquiryOfferKind } from '../../db/schema';
import { wellKnownTeacher } from '../../db/seed/accounts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { activeListingIds, caller, ENQUIRY_TEST_NOW, enquiryBody, newIdempotencyKey, teacherBatchWithSession } from '../../testing/enquiry-fixtures';
import { signIn } from '../../testing/sign-in';
import { toldAboutEnquiry } from '../../testing/notices';

const URL = '/v1/marketplace/enquiries';
type Party = 'learner' | 'teacher';

/** The route and body that take each action; `expire` has none, the system takes it. */
const routes: Record<Exclude<EnquiryAction, 'expire'>, { path: string; body?: (ids: { batchId: string; sessionId: string }) => object }> = {
  mark_seen: { path: 'seen' },
  respond: { path: 'respond', body: () => ({ message: 'Happy to help.' }) },
  propose_demo: { path: 'propose-demo', body: ({ sessionId }) => ({ sessionId }) },
  offer_batch: { path: 'offer-batch', body: ({ batchId }) => ({ batchId }) },
  decline: { path: 'decline', body: () => ({ reason: 'Batches are full.' }) },
  accept_demo: { path: 'connect', body: () => ({ offer: 'demo' }) },
  enrol: { path: 'connect', body: () => ({ offer: 'batch' }) },
  close: { path: 'close', body: () => ({ reason: 'Found another class.' }) },
};

/** The offer a row in each state carries, as the API would have left it. */
function offerIn(state: EnquiryState): EnquiryOfferKind | null {
  if (state === 'demo_offered' || state === 'demo_booked') return 'demo';
  if (state === 'batch_offered' || state === 'enrolled') return 'batch';
  return null;
}

const connectOffer: Partial<Record<EnquiryAction, EnquiryOfferKind>> = { accept_demo: 'demo', enrol: 'batch' };

type Expected = { status: 200; moved: boolean } | { status: 403 | 409; code: string };

/** What the API must answer, read from the shared table and the documented exceptions only. */
function expectedFor(action: EnquiryAction, state: EnquiryState, party: Party): Expected {
  const transition = enquiryLifecycle.transitions[action];
  if (transition.by !== party) return { status: 403, code: 'FORBIDDEN' };
  if (enquiryLifecycle.can(action, state, party)) return { status: 200, moved: true };
  if (state === transition.to) return { status: 200, moved: false };
  const offer = offerIn(state);
  const wanted = connectOffer[action];
  if (wanted && isOpenEnquiry(state) && offer && offer !== wanted) return { status: 409, code: 'OFFER_CHANGED' };
  return { status: 409, code: 'INVALID_TRANSITION' };
}

const cases = enquiryActions
  .filter((action): action is Exclude<EnquiryAction, 'expire'> => action !== 'expire')
  .flatMap((action) => enquiryStates.flatMap((state) => (['learner', 'teacher'] as const).map((party) => ({ action, state, party }))));

describe('every lifecycle move, allowed or refused, for each role', () => {
  let testApp: TestApp;
  let call: Record<Party, ReturnType<typeof caller>>;
  let enquiryId: string;
  let learnerAccountId: string;
  let offer: { batchId: string; sessionId: string };

  beforeAll(async () => {
    testApp = await buildTestApp({ now: () => ENQUIRY_TEST_NOW });
    const learner = await signIn(testApp.app, '+919700000301', '10.8.0.1');
    const teacher = await signIn(testApp.app, wellKnownTeacher.phone, '10.8.0.2');
    call = { learner: caller(testApp.app, learner.tokens.accessToken), teacher: caller(testApp.app, teacher.tokens.accessToken) };
    learnerAccountId = learner.user.learnerAccount?.id ?? '';
    const teacherId = teacher.user.teacher?.id ?? '';
    const [listingId] = await activeListingIds(testApp.db, teacherId);
    const created = await call.learner('POST', URL, enquiryBody([listingId ?? '']), { 'idempotency-key': newIdempotencyKey() });
    enquiryId = created.json().enquiries[0].enquiry.id;
    offer = await teacherBatchWithSession(testApp.db, teacherId, ENQUIRY_TEST_NOW);
  });

  afterAll(async () => {
    await testApp.close();
  });

  /** Puts the one test enquiry into `state` with the offer, deadline and seat that state implies. */
  async function putInState(state: EnquiryState, respondBy: Date | null = null): Promise<void> {
    const kind = offerIn(state);
    await testApp.db.updateTable('enquiries').set({ state: 'sent', batch_student_id: null }).where('id', '=', enquiryId).execute();
    await testApp.db.deleteFrom('batch_students').where('enquiry_id', '=', enquiryId).execute();
    await testApp.db.updateTable('batches').set({ seats_taken: 0 }).where('id', '=', offer.batchId).execute();
    let batchStudentId: string | null = null;
    if (state === 'enrolled') {
      const row = await testApp.db
        .insertInto('batch_students')
        .values({ batch_id: offer.batchId, learner_account_id: learnerAccountId, student_id: null, enquiry_id: enquiryId, created_at: ENQUIRY_TEST_NOW })
        .returning('id')
        .executeTakeFirstOrThrow();
      batchStudentId = row.id;
    }
    await testApp.db
      .updateTable('enquiries')
      .set({
        state,
        offer_kind: kind,
        offer_batch_id: kind ? offer.batchId : null,
        offer_session_id: kind === 'demo' ? offer.sessionId : null,
        batch_student_id: batchStudentId,
        respond_by: respondBy ?? (state === 'sent' || state === 'seen' ? new Date(ENQUIRY_TEST_NOW.getTime() + 3_600_000) : null),
      })
      .where('id', '=', enquiryId)
      .execute();
  }

  const counts = async () => {
    const [events, told, seats] = await Promise.all([
      testApp.db
        .selectFrom('enquiry_events')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('enquiry_id', '=', enquiryId)
        .executeTakeFirstOrThrow(),
      // Texts and notifications alike: each move tells the other party once.
      toldAboutEnquiry(testApp.db, enquiryId),
      testApp.db
        .selectFrom('batch_students')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('enquiry_id', '=', enquiryId)
        .executeTakeFirstOrThrow(),
    ]);
    return { events: events.n, texts: told.length, seats: seats.n };
  };

  test.each(cases)('$action from $state by the $party', async ({ action, state, party }) => {
    await putInState(state);
    const before = await counts();
    const route = routes[action];
    const response = await call[party]('POST', `${URL}/${enquiryId}/${route.path}`, route.body?.(offer));
    const expected = expectedFor(action, state, party);
    const after = await counts();
    const stored = await testApp.db.selectFrom('enquiries').select(['state', 'respond_by']).where('id', '=', enquiryId).executeTakeFirstOrThrow();

    if (expected.status !== 200) {
      expect({ status: response.statusCode, code: response.json().code }).toEqual({ status: expected.status, code: expected.code });
      if (expected.code === 'INVALID_TRANSITION') expect(response.json().message).toEqual(expect.stringContaining(state));
      expect(stored.state).toBe(state);
      expect(after).toEqual(before);
      return;
    }

    expect(response.statusCode).toBe(200);
    const to = enquiryLifecycle.transitions[action].to;
    expect(response.json()).toMatchObject({ state: to });
    expect(stored.state).toBe(to);
    if (!expected.moved) {
      expect(after).toEqual(before);
      return;
    }
    expect(after.events).toBe(before.events + 1);
    expect(response.json().history.at(-1)).toMatchObject({ action, state: to, by: party });
    // Every move but seeing tells the other party, in the same transaction.
    expect(after.texts).toBe(before.texts + (action === 'mark_seen' ? 0 : 1));
    expect(after.seats).toBe(before.seats + (action === 'enrol' ? 1 : 0));
    // Only seeing keeps the deadline running; any other answer or an ending clears it.
    expect(stored.respond_by === null).toBe(action !== 'mark_seen');
  });

  test.each(enquiryStates)('the system expires an overdue enquiry only from an unanswered state: %s', async (state) => {
    await putInState(state, new Date(ENQUIRY_TEST_NOW.getTime() - 60_000));
    const before = await counts();
    const response = await call.learner('GET', `${URL}/${enquiryId}`);
    const expire = enquiryLifecycle.transitions.expire;
    const expires = enquiryLifecycle.can('expire', state, 'system');
    expect(response.json().state).toBe(expires ? expire.to : state);
    const after = await counts();
    expect(after.events - before.events).toBe(expires ? 1 : 0);
    expect(after.texts - before.texts).toBe(expires ? 1 : 0);
    if (expires) expect(response.json().history.at(-1)).toMatchObject({ action: 'expire', by: 'system', state: 'expired' });
  });
});
