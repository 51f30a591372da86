import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { renderPage } from '@kalike/shared/testing/render-page';
import { signInLearner, signInTeacher, signOut } from '@kalike/shared/testing/signed-in';

import { balance, balances, classPack, ledgerEntry, now, uuid } from '../testing/session-fixtures';
import ClassesPage from './classes-page';

const balancesApi = 'GET /v1/ledgers/learners/balances';

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

  it('keeps the latest ledger lines, newest first, in a disclosure', async () => {
    signInLearner();
    installFakeApi({
      [balancesApi]: () =>
        json(
          balances(
            balance(1, {
              recentEntries: [
                ledgerEntry(1, {
                  kind: 'class_pack_purchase',
                  amountPaise: 320_000,
                  classesDelta: 8,
                  description: '8 classes bought',
                  at: '2026-11-01T04:00:00.000Z',
                }),
                ledgerEntry(2),
              ],
            }),
          ),
        ),
    });
    renderClasses();
    const card = await screen.findByRole('article', { name: 'Chess for beginners · Weekend beginners' });
    const details = within(card).getByText('Latest payments and classes').closest('details') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    await userEvent.setup({ advanceTimers: jest.advanceTimersByTime }).click(within(card).getByText('Latest payments and classes'));
    expect(details.open).toBe(true);
    const lines = within(details).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      'Class on 21 Nov attendedSaturday, 21 November−1 class',
      '8 classes boughtSunday, 1 November+₹3,200 · +8 classes',
    ]);
  });

  it("links a payment's receipt number to its receipt, and every enrolment and the page to all payments", async () => {
    signInLearner();
    const orderId = '0b7d3f4e-0000-4000-8000-00000000a001';
    installFakeApi({
      [balancesApi]: () =>
        json(
          balances(
            balance(1, {
              recentEntries: [
                ledgerEntry(1, {
                  kind: 'payment',
                  amountPaise: 320_000,
                  classesDelta: 0,
                  description: 'Payment pay_1, receipt KLK/2026-27/000042',
                  at: '2026-11-01T04:00:00.000Z',
                  receipt: { orderId, receiptNumber: 'KLK/2026-27/000042', pagePath: `/payment-sucess?orderId=${orderId}` },
                }),
              ],
            }),
          ),
        ),
    });
    renderClasses();
    const card = await screen.findByRole('article', { name: 'Chess for beginners · Weekend beginners' });
    await userEvent.setup({ advanceTimers: jest.advanceTimersByTime }).click(within(card).getByText('Latest payments and classes'));
    expect(within(card).getByRole('link', { name: 'KLK/2026-27/000042' })).toHaveAttribute('href', `/payment-sucess?orderId=${orderId}`);
    expect(within(card).getByText(/^Payment pay_1, receipt/)).toBeInTheDocument();
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
