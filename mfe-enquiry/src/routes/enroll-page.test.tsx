import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import type { Enquiry } from '@kalike/shared/contracts/enquiries';

import { account, batch, enquiry, student, uuid } from '../testing/enquiry-fixtures';
import { currentPath, renderPage } from '@kalike/shared/testing/render-page';
import { learnerId, signInLearner, signOut } from '@kalike/shared/testing/signed-in';
import EnrollPage from './enroll-page';

const id = uuid(1);
const detailApi = `GET /v1/marketplace/enquiries/${id}`;
const batchStudentId = uuid(950);
const paymentStart = {
  batchStudentId,
  paymentPath: `/payments/select-payment-plan?batchStudentID=${batchStudentId}`,
  batch: batch(),
};
const batchOffered = enquiry(1, {
  state: 'batch_offered',
  allowedActions: ['enrol', 'close'],
  respondBy: null,
  offer: { kind: 'batch', batch: batch() },
  student: { id: uuid(302), name: 'Rohan' },
});

const placesApi = 'GET /v1/ledgers/learners/balances';
const rohansPlace = uuid(960);

/** Rohan's place in the offered batch, with a 12-class pack in use until 3 Jan 2027. */
const rohanHoldsAPack = {
  balances: [
    {
      batchStudent: {
        id: rohansPlace,
        status: 'active',
        studentName: 'Rohan',
        learnerName: 'Asha Rao',
        teacher: { id: uuid(600), name: 'Kiran Rao', slug: 'kiran-rao-1' },
        batch: batch(),
      },
      classPack: {
        id: uuid(961),
        plan: { id: uuid(803), name: '12 classes', classesCount: 12, pricePaise: 456_000, pricePerClassPaise: 38_000, validityDays: 60 },
        status: 'active',
        classesTotal: 12,
        classesUsed: 4,
        classesLeft: 8,
        validFrom: '2026-11-05',
        validUntil: '2027-01-03',
        paidPaise: 456_000,
      },
      queuedPacks: [],
      balancePaise: 0,
      recentEntries: [],
    },
  ],
};

function renderEnroll(path = `/enroll?enquiryId=${id}`) {
  return renderPage(<EnrollPage />, { path, route: '/enroll' });
}

describe('EnrollPage', () => {
  afterEach(() => {
    cleanup();
    signOut();
  });

  it('shows the offered batch and its plans, asks who will attend, enrols, and hands over to payments', async () => {
    signInLearner();
    let current: Enquiry = batchOffered;
    const calls: Array<[string, unknown]> = [];
    installFakeApi({
      [placesApi]: () => json({ balances: [] }),
      [detailApi]: () => json(current),
      [`GET /v1/user/accounts/${learnerId}`]: () => json(account([student(1, 'Ananya'), student(2, 'Rohan')])),
      [`POST /v1/marketplace/enquiries/${id}/connect`]: async (request) => {
        calls.push(['connect', await request.json()]);
        current = { ...batchOffered, state: 'enrolled', allowedActions: [], batchStudentId, student: { id: uuid(301), name: 'Ananya' } };
        return json(current);
      },
      [`POST /v1/marketplace/enquiries/${id}/payments`]: () => {
        calls.push(['payments', null]);
        return json(paymentStart);
      },
    });
    const user = userEvent.setup();
    renderEnroll();
    expect(await screen.findByRole('heading', { name: 'Saturday beginners' })).toBeInTheDocument();
    const packs = screen.getByRole('table', { name: 'Class packs' });
    expect(within(packs).getByText('₹3,200')).toBeInTheDocument();
    const attendees = screen.getByRole('group', { name: 'Who will attend?' });
    expect(await within(attendees).findByRole('radio', { name: 'Ananya' })).not.toBeChecked();
    expect(within(attendees).getByRole('radio', { name: 'Rohan' })).toBeChecked();
    await user.click(within(attendees).getByRole('radio', { name: 'Ananya' }));
    await user.click(screen.getByRole('button', { name: 'Confirm enrolment' }));
    await waitFor(() => expect(currentPath()).toBe(paymentStart.paymentPath));
    expect(calls).toEqual([
      ['connect', { offer: 'batch', studentId: uuid(301) }],
      ['payments', null],
    ]);
  });

  it('goes straight to the payment step when the learner is already enrolled', async () => {
    signInLearner();
    const payments: string[] = [];
    installFakeApi({
      [placesApi]: () => json({ balances: [] }),
      [detailApi]: () => json({ ...batchOffered, state: 'enrolled', allowedActions: [], batchStudentId }),
      [`POST /v1/marketplace/enquiries/${id}/payments`]: () => {
        payments.push('payments');
        return json(paymentStart);
      },
    });
    renderEnroll();
    await waitFor(() => expect(currentPath()).toBe(`/payments/select-payment-plan?batchStudentID=${batchStudentId}`));
    expect(payments).toHaveLength(1);
  });

  it('enrols "Myself" with no student', async () => {
    signInLearner();
    const bodies: unknown[] = [];
    installFakeApi({
      [placesApi]: () => json({ balances: [] }),
      [detailApi]: () => json({ ...batchOffered, student: null }),
      [`GET /v1/user/accounts/${learnerId}`]: () => json(account()),
      [`POST /v1/marketplace/enquiries/${id}/connect`]: async (request) => {
        bodies.push(await request.json());
        return json({ ...batchOffered, state: 'enrolled', allowedActions: [], batchStudentId, student: null });
      },
      [`POST /v1/marketplace/enquiries/${id}/payments`]: () => json(paymentStart),
    });
    const user = userEvent.setup();
    renderEnroll();
    expect(await screen.findByRole('radio', { name: 'Myself' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Confirm enrolment' }));
    await waitFor(() => expect(currentPath()).toBe(paymentStart.paymentPath));
    expect(bodies).toEqual([{ offer: 'batch', studentId: null }]);
  });

  it('says at the top when the child already has a pack in use in this batch, until when, and offers the next pack instead of enrolling', async () => {
    signInLearner();
    installFakeApi({
      [placesApi]: () => json(rohanHoldsAPack),
      [`GET /v1/class/batchStudent/${rohansPlace}/classpack`]: () => json({ nextPack: { allowed: true, startsOn: '2027-01-04', message: null } }),
      [detailApi]: () => json(batchOffered),
      [`GET /v1/user/accounts/${learnerId}`]: () => json(account([student(1, 'Ananya'), student(2, 'Rohan')])),
    });
    const user = userEvent.setup();
    renderEnroll();
    const notice = await screen.findByRole('status', { name: "Rohan's 12-class pack is active until 3 Jan 2027" });
    expect(within(notice).getByText('Rohan is already in this batch, so there is nothing to enrol in.')).toBeInTheDocument();
    expect(await within(notice).findByText('You can pay for the next pack now. It starts on 4 Jan 2027, when this one ends.')).toBeInTheDocument();
    expect(within(notice).getByRole('link', { name: 'Choose the next pack' })).toHaveAttribute(
      'href',
      `/payments/select-payment-plan?batchStudentID=${rohansPlace}`,
    );
    // Neither every pack nor a way to enrol again, and no date as a computer writes it.
    expect(screen.queryByRole('table', { name: 'Class packs' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm enrolment' })).not.toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}/);

    // Ananya holds nothing here: she may enrol as usual.
    await user.click(within(screen.getByRole('group', { name: 'Who will attend?' })).getByRole('radio', { name: 'Ananya' }));
    expect(screen.queryByRole('status', { name: /pack is active until/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm enrolment' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Class packs' })).toBeInTheDocument();
  });

  it('when the rules allow no other pack yet, says why in words and points to My Classes', async () => {
    signInLearner();
    const message =
      'Rohan has 8 of 12 classes left, valid until 3 Jan 2027, and a pack of 8 classes is already waiting (starts by 4 Jan 2027). Another pack can be bought once that one starts.';
    installFakeApi({
      [placesApi]: () => json(rohanHoldsAPack),
      [`GET /v1/class/batchStudent/${rohansPlace}/classpack`]: () => json({ nextPack: { allowed: false, startsOn: null, message } }),
      [detailApi]: () => json(batchOffered),
      [`GET /v1/user/accounts/${learnerId}`]: () => json(account([student(1, 'Ananya'), student(2, 'Rohan')])),
    });
    renderEnroll();
    const notice = await screen.findByRole('status', { name: "Rohan's 12-class pack is active until 3 Jan 2027" });
    expect(await within(notice).findByText(message)).toBeInTheDocument();
    expect(within(notice).getByRole('link', { name: 'Go to My Classes' })).toHaveAttribute('href', '/classes');
    expect(within(notice).queryByRole('link', { name: 'Choose the next pack' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm enrolment' })).not.toBeInTheDocument();
  });

  it('says so when there is no batch offer to enrol in', async () => {
    signInLearner();
    installFakeApi({ [detailApi]: () => json(enquiry(1)) });
    renderEnroll();
    expect(await screen.findByRole('heading', { name: 'There is no batch to enrol in right now' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the enquiry' })).toHaveAttribute('href', `/${id}`);
    expect(screen.queryByRole('button', { name: 'Confirm enrolment' })).not.toBeInTheDocument();
  });

  it('explains a link without a proper enquiry id, and asks a signed-out learner to sign in', () => {
    const api = installFakeApi({});
    renderEnroll('/enroll?enquiryId=nope');
    expect(screen.getByRole('heading', { name: 'This link is not complete' })).toBeInTheDocument();
    cleanup();
    renderEnroll();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', `/login?redirectTo=${encodeURIComponent(`/enroll?enquiryId=${id}`)}`);
    expect(api).not.toHaveBeenCalled();
  });
});
