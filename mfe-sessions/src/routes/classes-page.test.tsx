import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { renderPage } from '@kalike/shared/testing/render-page';
import { signInLearner, signInTeacher, signOut } from '@kalike/shared/testing/signed-in';

import { balance, balances, classPack, ledgerEntry, now, paymentRequest, session, upcoming, upcomingBatch, uuid } from '../testing/session-fixtures';
import ClassesPage from './classes-page';

const balancesApi = 'GET /v1/ledgers/learners/balances';
const upcomingApi = 'GET /v1/class/sessions/learner/upcoming';

function renderClasses() {
  return renderPage(<ClassesPage />, { path: '/classes', route: '/classes' });
}

const enrolment = (heading: string) => screen.getByRole('heading', { name: heading }).closest('article') as HTMLElement;

describe('ClassesPage', () => {
  beforeEach(() => jest.useFakeTimers({ now, doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] }));
  afterEach(() => {
    cleanup();
    signOut();
    jest.useRealTimers();
  });

  it('shows each enrolment with its student, teacher, classes left, validity and the payment step due', async () => {
    signInLearner();
    installFakeApi({ [balancesApi]: () => json(balances(balance(1))) });
    renderClasses();
    expect(screen.getByRole('status', { name: 'Loading your classes' })).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Chess for beginners · Weekend beginners' });
    const rows = within(card)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(rows).toEqual([
      ['Student', 'Aarav'],
      ['Teacher', 'Kiran Rao'],
      ['Where', 'Prestige Shantiniketan'],
      ['Classes left', '5 of 8'],
      ['Valid until', 'Wednesday, 6 January 2027'],
    ]);
    expect(within(card).getByText('5 classes left')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Change plan' })).toHaveAttribute('href', `/payments/change-plan?batchStudentID=${uuid(1)}`);
    expect(within(card).getByRole('link', { name: 'Cancel this pack for a refund' })).toHaveAttribute(
      'href',
      `/payments/cancel-pack/${balance(1).classPack?.id ?? ''}`,
    );
  });

  it.each([
    ['money owed', balance(1, { balancePaise: -120_050 }), '₹1,200.50 due for classes taken', 'Settle ₹1,200.50', 'settle'],
    ['no class pack', balance(1, { classPack: null }), 'No class pack yet', 'Choose a class pack', 'select-payment-plan'],
    [
      'two classes left',
      balance(1, { classPack: classPack({ classesLeft: 2, classesUsed: 6 }) }),
      'Only 2 classes left',
      'Buy the next pack',
      'select-payment-plan',
    ],
    [
      'a pack used up',
      balance(1, { classPack: classPack({ status: 'used_up', classesLeft: 0, classesUsed: 8 }) }),
      'All classes of this pack are used',
      'Renew',
      'select-payment-plan',
    ],
    [
      'an expired pack',
      balance(1, { classPack: classPack({ status: 'expired', validUntil: '2026-11-15' }) }),
      'This pack ended on Sunday, 15 November 2026',
      'Renew',
      'select-payment-plan',
    ],
    [
      'a pack past its date',
      balance(1, { classPack: classPack({ validUntil: '2026-11-21' }) }),
      'This pack ended on Saturday, 21 November 2026',
      'Renew',
      'select-payment-plan',
    ],
    ['a healthy pack', balance(1, { classPack: classPack({ classesLeft: 3 }) }), '3 classes left', 'Change plan', 'change-plan'],
  ])('with %s says so and links to the right payment step', async (_label, entry, statusText, actionLabel, step) => {
    signInLearner();
    installFakeApi({ [balancesApi]: () => json(balances(entry)) });
    renderClasses();
    const card = await screen.findByRole('article', { name: 'Chess for beginners · Weekend beginners' });
    expect(within(card).getByText(statusText)).toBeInTheDocument();
    // A pack still giving classes can also be cancelled (its own link, checked above); every enrolment has its conversation.
    expect(within(card).getByRole('link', { name: 'Message Kiran Rao' })).toHaveAttribute('href', `/messages/enrolment/${uuid(1)}`);
    const links = within(card)
      .getAllByRole('link')
      .filter((link) => link.textContent !== 'Cancel this pack for a refund' && link.textContent !== 'Message Kiran Rao');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveTextContent(actionLabel);
    expect(links[0]).toHaveAttribute('href', `/payments/${step}?batchStudentID=${uuid(1)}`);
  });

  it('shows the pack in use and the next one paid and waiting, with nothing to buy', async () => {
    signInLearner();
    const next = classPack({ id: uuid(901), classesLeft: 8, classesUsed: 0, validFrom: '2027-01-07', validUntil: '2027-02-10' });
    installFakeApi({ [balancesApi]: () => json(balances(balance(1, { classPack: classPack({ classesLeft: 2, classesUsed: 6 }), queuedPacks: [next] }))) });
    renderClasses();
    const card = await screen.findByRole('article', { name: 'Chess for beginners · Weekend beginners' });
    const rows = within(card)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(rows).toContainEqual(['Classes left', '2 of 8']);
    expect(rows).toContainEqual(['Next', '8 classes, starts when this one ends (by Thursday, 7 January 2027)']);
    expect(within(card).getByText('2 classes left, and the next pack is paid')).toBeInTheDocument();
    // Nothing to buy: the conversation with the teacher is the only link.
    expect(
      within(card)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Message Kiran Rao']);
  });

  it('asks to settle what is owed even after leaving the batch, and offers nothing once it is settled', async () => {
    signInLearner();
    installFakeApi({
      [balancesApi]: () =>
        json(
          balances(
            balance(1, { balancePaise: -40_000 }, { status: 'left' }),
            balance(2, {}, { status: 'left', studentName: 'Diya', batch: { ...balance(2).batchStudent.batch, name: 'Weekday juniors' } }),
          ),
        ),
    });
    renderClasses();
    await screen.findByRole('article', { name: 'Chess for beginners · Weekend beginners' });
    expect(within(enrolment('Chess for beginners · Weekend beginners')).getByRole('link', { name: 'Settle ₹400' })).toHaveAttribute(
      'href',
      `/payments/settle?batchStudentID=${uuid(1)}`,
    );
    const left = enrolment('Chess for beginners · Weekday juniors');
    expect(within(left).getByText('No longer in this batch')).toBeInTheDocument();
    expect(within(left).queryByRole('link')).not.toBeInTheDocument();
  });

  it('names the learner when they attend themself, and shows credit', async () => {
    signInLearner();
    installFakeApi({ [balancesApi]: () => json(balances(balance(1, { balancePaise: 25_000 }, { studentName: null }))) });
    renderClasses();
    const card = await screen.findByRole('article', { name: 'Chess for beginners · Weekend beginners' });
    expect(within(card).getByText('Asha Rao')).toBeInTheDocument();
    expect(within(card).getByText('₹250')).toBeInTheDocument();
  });

  const rowsOf = (card: HTMLElement) =>
    within(card)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);

  it("shows the next class still to come and where it meets, from the family's sessions", async () => {
    signInLearner();
    const batch = upcomingBatch(1, [
      // Earlier today, already over; then one called off; then the next.
      session(61, '2026-11-22T04:30:00.000Z', '2026-11-22T05:30:00.000Z'),
      session(62, '2026-11-24T04:30:00.000Z', '2026-11-24T05:30:00.000Z', { status: 'cancelled', cancelReason: 'Teacher unwell' }),
      session(63, '2026-11-28T04:30:00.000Z', '2026-11-28T05:30:00.000Z'),
    ]);
    installFakeApi({
      [balancesApi]: () => json(balances(balance(1))),
      [upcomingApi]: () => json(upcoming([{ ...batch, students: [{ batchStudentId: uuid(1), name: 'Aarav' }] }])),
    });
    renderClasses();
    const card = await screen.findByRole('article', { name: 'Chess for beginners · Weekend beginners' });
    await within(card).findByText('Sat, 28 Nov, 10:00 am – 11:00 am');
    expect(rowsOf(card).slice(0, 4)).toEqual([
      ['Student', 'Aarav'],
      ['Teacher', 'Kiran Rao'],
      ['Next class', 'Sat, 28 Nov, 10:00 am – 11:00 am'],
      ['Where', 'Prestige Shantiniketan, Whitefield, Bengaluru 560048'],
    ]);
  });

  it('says when an online batch has no class in the days the sessions cover', async () => {
    signInLearner();
    const onlineBatch = balance(1, {}, { batch: { ...balance(1).batchStudent.batch, place: { kind: 'online', name: 'Online' } } });
    installFakeApi({ [balancesApi]: () => json(balances(onlineBatch)), [upcomingApi]: () => json(upcoming([])) });
    renderClasses();
    const card = await screen.findByRole('article', { name: 'Chess for beginners · Weekend beginners' });
    await within(card).findByText('None in the next 14 days');
    expect(rowsOf(card)).toContainEqual(['Where', 'Online']);
  });

  it("shows the teacher's open payment request for this child with a Pay link, and how to reach the teacher without a phone number", async () => {
    signInLearner();
    installFakeApi({ [balancesApi]: () => json(balances(balance(1, { openRequests: [paymentRequest(1)] }))) });
    renderClasses();
    const card = await screen.findByRole('article', { name: 'Chess for beginners · Weekend beginners' });
    const requests = within(card).getByRole('region', { name: 'Payment request' });
    expect(within(requests).getByText('Kiran Rao asks ₹3,060 for December classes, due Thu, 3 Dec')).toBeInTheDocument();
    expect(within(requests).getByRole('link', { name: 'Pay ₹3,060' })).toHaveAttribute('href', `/payment-request/${uuid(501)}`);
    expect(within(card).getByRole('link', { name: 'Message Kiran Rao' })).toHaveAttribute('href', `/messages/enrolment/${uuid(1)}`);
    expect(card.textContent).not.toMatch(/\+91|\d{10}/);
  });

  // As the seed and the API write them: a payment and the pack it bought are two rows of one order.
  const orderId = '0b7d3f4e-0000-4000-8000-00000000a001';
  const receipt = { orderId, receiptNumber: 'KLK/2026-27/000042', pagePath: `/payment-sucess?orderId=${orderId}` };
  const packBought = [
    ledgerEntry(1, {
      kind: 'payment',
      amountPaise: 306_000,
      classesDelta: 0,
      description: 'Payment pay_Q1w2e3r4, receipt KLK/2026-27/000042',
      at: '2026-11-01T04:00:00.000Z',
      orderId,
      receipt,
    }),
    ledgerEntry(2, {
      kind: 'class_pack_purchase',
      amountPaise: -306_000,
      classesDelta: 12,
      description: '12 classes: 12 classes',
      at: '2026-11-01T04:00:00.000Z',
      orderId,
    }),
  ];
  // A class held on Tuesday 3 November at 4 pm, marked the next morning.
  const classAttended = ledgerEntry(3, {
    description: 'Class on 2026-11-03 from 12 classes',
    at: '2026-11-04T03:10:00.000Z',
    classStartsAt: '2026-11-03T10:30:00.000Z',
  });

  async function openLedger(entries: ReturnType<typeof ledgerEntry>[]) {
    signInLearner();
    installFakeApi({ [balancesApi]: () => json(balances(balance(1, { recentEntries: entries }))) });
    renderClasses();
    const card = await screen.findByRole('article', { name: 'Chess for beginners · Weekend beginners' });
    const details = within(card).getByText('Latest payments and classes').closest('details') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    await userEvent.setup({ advanceTimers: jest.advanceTimersByTime }).click(within(card).getByText('Latest payments and classes'));
    expect(details.open).toBe(true);
    return { card, details };
  }

  it('reads the latest payments and classes as a person says them, one line an event, newest first, with no signed amounts', async () => {
    const { details } = await openLedger([...packBought, classAttended]);
    const lines = within(details).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      'Class attendedTue, 3 Nov, 4:00 pm',
      'Paid ₹3,060 for a 12-class pack · receipt KLK/2026-27/000042Sunday, 1 November',
    ]);
    expect(details.textContent).not.toMatch(/[+−-]₹|[+−]\d+ class/);
  });

  it('dates a class by the day and time it was held, not the day it was marked', async () => {
    const { details } = await openLedger([classAttended]);
    const time = within(details).getByText('Tue, 3 Nov, 4:00 pm');
    expect(time).toHaveAttribute('datetime', '2026-11-03T10:30:00.000Z');
    expect(details.textContent).not.toMatch(/4 Nov|Wednesday/);
  });

  it.each([
    [
      'a class beyond the pack',
      [ledgerEntry(4, { amountPaise: -25_500, classesDelta: 0, classStartsAt: '2026-11-03T10:30:00.000Z' })],
      'Class attended after the pack ran out: ₹255 to pay',
    ],
    [
      'a class given back',
      [ledgerEntry(4, { kind: 'class_returned', classesDelta: 1, classStartsAt: '2026-11-03T10:30:00.000Z' })],
      'Class given back to the pack',
    ],
    [
      'classes refunded to the card',
      [
        ledgerEntry(4, { kind: 'adjustment', amountPaise: 51_000, classesDelta: -2, refundId: uuid(77), orderId }),
        ledgerEntry(5, { kind: 'refund', amountPaise: -51_000, classesDelta: 0, refundId: uuid(77), orderId }),
      ],
      '2 classes refunded: ₹510 to your payment method',
    ],
    [
      'a class refunded as credit',
      [ledgerEntry(4, { kind: 'adjustment', amountPaise: 25_500, classesDelta: -1, refundId: uuid(77) })],
      '1 class refunded as ₹255 of credit',
    ],
    [
      'a change of plan paid partly from credit',
      [
        ledgerEntry(4, { kind: 'payment', amountPaise: 200_000, classesDelta: 0, orderId, receipt }),
        ledgerEntry(5, { kind: 'adjustment', amountPaise: 106_000, classesDelta: -4, orderId }),
        ledgerEntry(6, { kind: 'class_pack_purchase', amountPaise: -306_000, classesDelta: 12, orderId }),
      ],
      'Changed to a 12-class pack: paid ₹2,000; the 4 classes left of the old pack became ₹1,060 of credit · receipt KLK/2026-27/000042',
    ],
  ])('reads %s as one line', async (_label, entries, text) => {
    const { details } = await openLedger(entries);
    const lines = within(details).getAllByRole('listitem');
    expect(lines).toHaveLength(1);
    expect(lines[0]?.textContent?.slice(0, text.length)).toBe(text);
  });

  it("links a payment's receipt number to its receipt, and every enrolment and the page to all payments", async () => {
    const { card } = await openLedger(packBought);
    expect(within(card).getByRole('link', { name: 'KLK/2026-27/000042' })).toHaveAttribute('href', `/payment-sucess?orderId=${orderId}`);
    expect(within(card).getByRole('link', { name: 'All payments' })).toHaveAttribute('href', '/account/payments');
    expect(screen.getByRole('link', { name: 'All payments and receipts' })).toHaveAttribute('href', '/account/payments');
  });

  it('points a family with no enrolments yet to its enquiries and to discovery', async () => {
    signInLearner();
    installFakeApi({ [balancesApi]: () => json(balances()) });
    renderClasses();
    expect(await screen.findByRole('heading', { name: 'No classes yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your enquiries' })).toHaveAttribute('href', '/enquiries');
    expect(screen.getByRole('link', { name: 'Discover teachers' })).toHaveAttribute('href', '/discover');
  });

  it('shows a failure readably and loads again on Try again', async () => {
    signInLearner();
    let fail = true;
    installFakeApi({
      [balancesApi]: () => (fail ? json({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'The ledger is busy' }, 500) : json(balances(balance(1)))),
    });
    renderClasses();
    expect(await screen.findByRole('heading', { name: 'Your classes could not be loaded' })).toBeInTheDocument();
    expect(screen.getByText('The ledger is busy')).toBeInTheDocument();
    fail = false;
    await userEvent.setup({ advanceTimers: jest.advanceTimersByTime }).click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Chess for beginners · Weekend beginners' })).toBeInTheDocument();
  });

  it('tells a signed-out visitor what the page offers and signs them in back to /classes, asking the API nothing', () => {
    const api = installFakeApi({});
    renderClasses();
    expect(screen.getByRole('heading', { name: 'Sign in to see your classes' })).toBeInTheDocument();
    expect(screen.getByText(/classes left in each pack/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?redirectTo=%2Fclasses');
    expect(api).not.toHaveBeenCalled();
  });

  it('explains to a teacher that My Classes is the learner’s view and links to Sessions', () => {
    signInTeacher();
    const api = installFakeApi({});
    renderClasses();
    expect(screen.getByRole('heading', { name: "My Classes is the learner's view" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Sessions' })).toHaveAttribute('href', '/learner/sessions');
    expect(api).not.toHaveBeenCalled();
  });
});
