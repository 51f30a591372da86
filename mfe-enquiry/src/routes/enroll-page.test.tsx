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
