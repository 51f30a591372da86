import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';

import { batch, enquiry, uuid } from '../testing/enquiry-fixtures';
import { renderPage } from '@kalike/shared/testing/render-page';
import { signInLearner, signInTeacher, signOut } from '@kalike/shared/testing/signed-in';
import EnquiriesPage from './enquiries-page';

const listApi = 'GET /v1/marketplace/enquiries';

function renderEnquiries() {
  return renderPage(<EnquiriesPage />, { path: '/enquiries', route: '/enquiries' });
}

describe('EnquiriesPage', () => {
  afterEach(() => {
    cleanup();
    signOut();
  });

  it('sends a signed-in teacher to her inbox instead of listing her enquiries in learner words', () => {
    signInTeacher();
    const api = installFakeApi({});
    renderEnquiries();
    expect(screen.getByRole('heading', { name: 'Your enquiries are in your inbox' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open your enquiries' })).toHaveAttribute('href', '/teach/enquiries');
    expect(screen.queryByText(/Enquiry with/)).not.toBeInTheDocument();
    expect(api).not.toHaveBeenCalled();
  });

  it('tells a signed-out learner why it needs an account, and asks the API nothing', () => {
    const api = installFakeApi({});
    renderEnquiries();
    expect(screen.getByRole('heading', { name: 'Sign in to see your enquiries' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?redirectTo=%2Fenquiries');
    expect(api).not.toHaveBeenCalled();
  });

  it('shows a skeleton while loading, then open enquiries before ended ones, each with what happens next', async () => {
    signInLearner();
    const requests: URL[] = [];
    installFakeApi({
      [listApi]: (_request, url) => {
        requests.push(url);
        return json({
          enquiries: [
            enquiry(1, { state: 'expired', respondBy: null, allowedActions: [] }),
            enquiry(2, {
              state: 'demo_offered',
              allowedActions: ['accept_demo', 'close'],
              respondBy: null,
              offer: { kind: 'demo', session: { id: uuid(710), startsAt: '2026-11-24T12:00:00.000Z', endsAt: '2026-11-24T13:00:00.000Z' }, batch: batch() },
            }),
            enquiry(3, { student: { id: uuid(301), name: 'Ananya' } }),
          ],
        });
      },
    });
    renderEnquiries();
    expect(screen.getByRole('status', { name: 'Loading your enquiries' })).toBeInTheDocument();

    const open = await screen.findByRole('region', { name: 'Active enquiries' });
    const cards = within(open).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Meera Iyer', 'Arjun Shetty']);
    expect(within(cards[0]!).getByText('Demo offered')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('The teacher offered a demo class: book it or close the enquiry.')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Demo class: Tuesday, 24 November at 5:30 pm')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Chess · for Ananya')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Reply expected by Sunday, 22 November at 10:00 am')).toBeInTheDocument();
    expect(within(cards[1]!).getByRole('link', { name: 'View enquiry with Arjun Shetty' })).toHaveAttribute('href', `/${uuid(3)}`);

    const past = screen.getByRole('region', { name: 'Past enquiries' });
    expect(within(past).getByRole('heading', { name: 'Kiran Rao' })).toBeInTheDocument();
    expect(within(past).getByText('Expired')).toBeInTheDocument();
    expect(within(past).getByText('The teacher did not reply in time. Try another teacher near you.')).toBeInTheDocument();
    expect(requests[0]!.search).toBe('');
  });

  it('lists an enrolment still to pay for with the active ones and asks for a class pack; a paid one is past and asks for nothing', async () => {
    signInLearner();
    const enrolled = {
      state: 'enrolled' as const,
      allowedActions: [],
      respondBy: null,
      batchStudentId: uuid(650),
      offer: { kind: 'batch' as const, batch: batch() },
    };
    installFakeApi({
      [listApi]: () => json({ enquiries: [enquiry(1, { ...enrolled, classPackPaid: true }), enquiry(2, { ...enrolled, id: uuid(2), classPackPaid: false })] }),
    });
    renderEnquiries();
    const active = await screen.findByRole('region', { name: 'Active enquiries' });
    expect(within(active).getByRole('heading', { name: 'Meera Iyer' })).toBeInTheDocument();
    expect(within(active).getByText('Enrolled · to pay')).toBeInTheDocument();
    expect(within(active).getByText('Enrolled. Choose a class pack to pay for the classes.')).toBeInTheDocument();
    const past = screen.getByRole('region', { name: 'Past enquiries' });
    expect(within(past).getByRole('heading', { name: 'Kiran Rao' })).toBeInTheDocument();
    expect(within(past).getByText('Enrolled · paid')).toBeInTheDocument();
    expect(within(past).queryByText(/Choose a class pack/)).not.toBeInTheDocument();
  });

  it('lists first what needs the family (a batch offered), then the rest by latest activity', async () => {
    signInLearner();
    installFakeApi({
      [listApi]: () =>
        json({
          // As the API sends them: newest enquiry first.
          enquiries: [
            enquiry(1, { state: 'sent', createdAt: '2026-11-22T04:30:00.000Z', updatedAt: '2026-11-22T04:30:00.000Z' }),
            enquiry(2, { state: 'seen', createdAt: '2026-11-21T04:30:00.000Z', updatedAt: '2026-11-23T09:00:00.000Z' }),
            enquiry(3, {
              state: 'batch_offered',
              allowedActions: ['enrol', 'close'],
              respondBy: null,
              createdAt: '2026-11-18T04:30:00.000Z',
              updatedAt: '2026-11-19T04:30:00.000Z',
              offer: { kind: 'batch', batch: batch() },
            }),
          ],
        }),
    });
    renderEnquiries();
    const open = await screen.findByRole('region', { name: 'Active enquiries' });
    const cards = within(open).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Arjun Shetty', 'Meera Iyer', 'Kiran Rao']);
    expect(within(cards[0]!).getByText('Batch offered')).toBeInTheDocument();
  });

  it('says what to do when there are no enquiries yet', async () => {
    signInLearner();
    installFakeApi({ [listApi]: () => json({ enquiries: [] }) });
    renderEnquiries();
    expect(await screen.findByRole('heading', { name: 'No enquiries yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search for a teacher' })).toHaveAttribute('href', '/search');
    expect(screen.getByRole('link', { name: 'Request a class' })).toHaveAttribute('href', '/enquiry');
  });

  it('shows a failure readably and tries again on request', async () => {
    signInLearner();
    let calls = 0;
    installFakeApi({
      [listApi]: () => {
        calls += 1;
        return calls === 1
          ? json({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'Something went wrong on our side' }, 500)
          : json({ enquiries: [enquiry(1)] });
      },
    });
    renderEnquiries();
    expect(await screen.findByRole('heading', { name: 'Your enquiries could not be loaded' })).toBeInTheDocument();
    expect(screen.getByText('Something went wrong on our side')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Kiran Rao' })).toBeInTheDocument();
  });
});
